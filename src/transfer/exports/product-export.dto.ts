import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { type ProductType, productTypes } from '../../catalog/catalog.api';
import { StringsFilter, UuidsFilter } from '../../platform/http/list-query';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** GET /core-api/exports/products: the file's format and the product list's filters (snake_case, as every query). */
export class ProductExportQuery {
  @ApiPropertyOptional({ enum: exportFormats, default: 'csv' })
  @IsOptional()
  @IsIn(exportFormats)
  format: ExportFormat = 'csv';
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  skus?: string[];
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
}
