import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';

export class TranslateMissingContentsRequest {
  @ApiProperty({
    maxLength: 10,
    example: 'en',
    description: 'The supported language the contents are translated from',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  sourceLanguage: string;

  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: 20,
    example: ['nl', 'de'],
    description: 'Supported languages to create the missing contents in',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(10, { each: true })
  targetLanguages: string[];

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 1000,
    description: 'The products (of this workspace) whose missing contents to create',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('loose', { each: true })
  productIds?: string[];

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 100,
    description: 'Also the products in these categories (at most 1,000 products in all)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('loose', { each: true })
  productCategoryIds?: string[];
}

export class TranslationFailure {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ example: 'nl' }) language: string;
  @ApiProperty({ example: 'The product has no display content in en.' }) reason: string;
}

export class TranslateMissingContentsResponse {
  @ApiProperty({ type: 'integer', description: 'Display contents created' }) created: number;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Their ids' }) createdIds: string[];
  @ApiProperty({
    type: 'integer',
    description: 'Contents that were not missing (any more): created meanwhile by someone else',
  })
  skipped: number;
  @ApiProperty({
    type: [TranslationFailure],
    description: 'Product and language pairs that could not be created',
  })
  failed: TranslationFailure[];
}
