import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { PageOf } from '../../platform/http/list-query';
import { availableLanguageCodes } from './language-catalogue';

export class LanguageResponse {
  @ApiProperty({ example: 'nl', description: 'ISO 639-1 code' }) languageCode: string;
  @ApiProperty({ example: 'Dutch' }) name: string;
  @ApiProperty({ example: 'Nederlands' }) nativeName: string;
}
export class LanguagePage extends PageOf(LanguageResponse) {}

export class LanguageCodeRequest {
  @ApiProperty({ enum: availableLanguageCodes, example: 'nl' })
  @IsString()
  @IsIn(availableLanguageCodes, { message: 'languageCode must be one of the available languages' })
  languageCode: string;
}
