import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { availableLanguageCodes } from '../languages/language-catalogue';

export class TranslateTextsRequest {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: 100,
    example: ['Red cotton T-shirt', 'Machine washable at 40 °C.'],
    description: 'The texts (each at most 65,535 characters); empty ones come back empty',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(65535, { each: true })
  texts: string[];

  @ApiProperty({ example: 'en', description: 'ISO 639-1 code of the texts’ language' })
  @IsString()
  @IsIn(availableLanguageCodes, { message: 'sourceLanguage must be an ISO 639-1 language code' })
  sourceLanguage: string;

  @ApiProperty({ example: 'nl', description: 'ISO 639-1 code of the language to translate into' })
  @IsString()
  @IsIn(availableLanguageCodes, { message: 'targetLanguage must be an ISO 639-1 language code' })
  targetLanguage: string;
}

export class TranslationsResponse {
  @ApiProperty({ example: 'en' }) sourceLanguage: string;
  @ApiProperty({ example: 'nl' }) targetLanguage: string;
  @ApiProperty({
    type: [String],
    example: ['Rood katoenen T-shirt', 'Machinewasbaar op 40 °C.'],
    description: 'The translations, in the order of `texts`',
  })
  translations: string[];
}
