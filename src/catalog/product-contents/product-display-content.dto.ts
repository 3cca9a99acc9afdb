import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
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
import { Seo, SeoBody } from '../../platform/http/seo';
import { descriptionFormats, type DescriptionFormat } from '../display-contents/display-content';

/** Search-engine texts of a product page in one language (the content's unnamed object). */
export class ProductSeoBody extends SeoBody {}
export class ProductSeo extends Seo {}

class ProductDisplayContentFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;

  @ApiPropertyOptional({
    enum: descriptionFormats,
    default: 'Markdown',
    description: 'How `description` is written',
  })
  @IsOptional()
  @IsIn(descriptionFormats)
  descriptionFormat?: DescriptionFormat;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 65535,
    description: 'A short text for lists and cards',
  })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  excerpt?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 65535,
    description: 'The full text, in `descriptionFormat`',
  })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;

  @ApiPropertyOptional({ type: ProductSeoBody, description: 'Omitted: all its members empty' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProductSeoBody)
  seo?: ProductSeoBody;
}

export class CreateProductDisplayContentRequest extends ProductDisplayContentFields {
  @ApiProperty({ format: 'uuid', description: 'The product (of this workspace) the content describes' })
  @IsUUID('loose')
  productId: string;

  @ApiProperty({
    maxLength: 10,
    example: 'en',
    description: 'A supported language of the workspace; one content per product and language',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  language: string;
}

/** The product and language of a content are fixed at creation; an update replaces its texts. */
export class UpdateProductDisplayContentRequest extends UpdateIdBody(ProductDisplayContentFields) {}

export class ProductDisplayContentResponse extends ScopedResponse {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ example: 'en' }) language: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: descriptionFormats }) descriptionFormat: DescriptionFormat;
  @ApiProperty({ type: 'string', nullable: true }) excerpt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: ProductSeo }) seo: ProductSeo;
}
export class ProductDisplayContentPage extends PageOf(ProductDisplayContentResponse) {}

export class ProductDisplayContentListQuery extends ListQuery(['Title'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], example: ['en'] })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(10, { each: true })
  languages?: string[];
  @UuidsFilter()
  product_ids?: string[];
}
