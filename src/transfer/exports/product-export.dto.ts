import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { type ProductType, productTypes } from '../../catalog/catalog.api';
import { BooleanFilter, StringsFilter, UuidsFilter } from '../../platform/http/list-query';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `true` / `false` in the query string. */
const Flag = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
    IsOptional(),
    BooleanFilter(),
    IsBoolean(),
  );

/**
 * GET /core-api/exports/products: the file's format and the filters of the product list
 * (POST /core-api/catalog/products/list) in query-string form, snake_case as every query: all of
 * them but `attributes` (objects; export by `ids` the products such a list found).
 */
export class ProductExportQuery {
  @ApiPropertyOptional({ enum: exportFormats, default: 'csv' })
  @IsOptional()
  @IsIn(exportFormats)
  format: ExportFormat = 'csv';
  @ApiPropertyOptional({
    maxLength: 255,
    description:
      'The product list’s text search (`query`): words of name, sku, gtin, codes and display contents',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  Query?: string;
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  skus?: string[];
  @StringsFilter()
  gtins?: string[];
  @StringsFilter()
  barcodes?: string[];
  @StringsFilter()
  slugs?: string[];
  @UuidsFilter('Products in any of these categories')
  category_ids?: string[];
  @ApiPropertyOptional({ format: 'uuid', description: 'Products in this catalog' })
  @IsOptional()
  @IsUUID('loose')
  catalog_id?: string;
  @ApiPropertyOptional({ enum: productTypes })
  @IsOptional()
  @IsIn(productTypes)
  type?: ProductType;
  @Flag('true: without images; false: with at least one')
  is_missing_images?: boolean;
  @Flag('true: no display content with a description in any language; false: the opposite')
  is_missing_description?: boolean;
  @Flag('true: lacks a value for an attribute required by one of its categories; false: the opposite')
  is_missing_attributes?: boolean;
}
