import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { descriptionFormats, type DescriptionFormat } from '../display-contents/display-content';

/** Search-engine texts of the category page in this language. */
export class CategoryContentSeo {
  @ApiProperty({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'The page title (`<title>`); the content title when null',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  metaTitle: string | null = null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: 65535, description: 'The meta description' })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  metaDescription: string | null = null;

  @ApiProperty({ type: [String], maxItems: 50 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  keywords: string[] = [];
}

class CategoryDisplayContentFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;

  @ApiPropertyOptional({
    enum: descriptionFormats,
    default: 'Markdown',
    description: 'How `description` (and `excerpt`) are written',
  })
  @IsOptional()
  @IsIn(descriptionFormats)
  descriptionFormat?: DescriptionFormat;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 65535,
    description: 'A short teaser shown in lists',
  })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  excerpt?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;

  @ApiPropertyOptional({ type: CategoryContentSeo })
  @IsOptional()
  @ValidateNested()
  @Type(() => CategoryContentSeo)
  seo?: CategoryContentSeo;
}

export class CreateCategoryDisplayContentRequest extends CategoryDisplayContentFields {
  @ApiProperty({
    maxLength: 10,
    example: 'en',
    description: 'A supported language of the workspace; one content per category and language',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  language: string;

  @ApiProperty({ format: 'uuid' }) @IsUUID('loose') productCategoryId: string;
}

/** The category and language of a content are fixed at creation. */
export class UpdateCategoryDisplayContentRequest extends UpdateIdBody(CategoryDisplayContentFields) {}

export class CategoryDisplayContentResponse extends ScopedResponse {
  @ApiProperty({ format: 'uuid' }) productCategoryId: string;
  @ApiProperty() language: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: descriptionFormats }) descriptionFormat: DescriptionFormat;
  @ApiProperty({ type: 'string', nullable: true }) excerpt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: CategoryContentSeo }) seo: CategoryContentSeo;
}
export class CategoryDisplayContentPage extends PageOf(CategoryDisplayContentResponse) {}

export class CategoryDisplayContentListQuery extends ListQuery(['Title'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], example: ['en', 'nl'] })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(10, { each: true })
  languages?: string[];
  @UuidsFilter()
  product_category_ids?: string[];
}
