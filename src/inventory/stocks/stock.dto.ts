import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsDecimal } from '../../platform/http/decimal';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse } from '../../platform/http/resource';

const quantity = (description: string) =>
  ApiProperty({ type: 'number', format: 'double', minimum: 0, maximum: 1e12, description });

export class CreateStockRequest extends ExternalReferenceBody {
  @ApiProperty({ format: 'uuid', description: 'A product of the workspace' })
  @IsUUID('loose')
  productId: string;
  @ApiProperty({ format: 'uuid', description: 'A stock location of the workspace (isStockLocation)' })
  @IsUUID('loose')
  locationId: string;
  @quantity('Quantity on hand (up to 4 decimals)')
  @IsDecimal(4)
  @Min(0)
  @Max(1e12)
  quantity: number;
}

export class UpdateStockRequest {
  @ApiProperty({ format: 'uuid', required: false, description: 'Must equal the id in the path when given' })
  @IsOptional()
  @IsUUID('loose')
  id?: string;
  @quantity('The new quantity on hand (up to 4 decimals); set in one statement')
  @IsDecimal(4)
  @Min(0)
  @Max(1e12)
  quantity: number;
}

export class StockAdjustmentRequest {
  @ApiProperty({
    type: 'number',
    format: 'double',
    minimum: -1e12,
    maximum: 1e12,
    example: -2,
    description:
      'Added to the quantity (negative takes away), atomically in the database; a result below 0 is a 409 unless the workspace allows backorders',
  })
  @IsDecimal(4)
  @Min(-1e12)
  @Max(1e12)
  change: number;
}

export class StockProductResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty() name: string;
}

export class StockLocationResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class StockResponse extends ScopedResponse {
  @ApiProperty({ type: 'number', format: 'double', description: 'Negative while backordered' })
  quantity: number;
  @ApiProperty({ type: StockProductResponse }) product: StockProductResponse;
  @ApiProperty({ type: StockLocationResponse }) location: StockLocationResponse;
}
export class StockPage extends PageOf(StockResponse) {}

export const stockSorts = ['CreatedAt', 'Quantity'] as const;
export class StockListQuery extends ListQuery(stockSorts) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @UuidsFilter('Stock of these products')
  product_ids?: string[];
  @UuidsFilter('Stock at these locations')
  location_ids?: string[];
}
