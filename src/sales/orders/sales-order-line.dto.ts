import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsDecimal } from '../../platform/http/decimal';

/** A product reference and quantity: the line of a commerce order, and the base of a core line. */
export class OrderLineItemBody {
  @ApiPropertyOptional({ format: 'uuid', description: 'The product (or give its `sku`)' })
  @ValidateIf((l: OrderLineItemBody) => l.productId !== undefined || l.sku === undefined)
  @IsUUID('loose', { message: 'productId must be a UUID (or give sku)' })
  productId?: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'The product’s sku, instead of productId' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  sku?: string;

  @ApiProperty({
    type: 'number',
    format: 'double',
    exclusiveMinimum: true,
    minimum: 0,
    maximum: 1e9,
    example: 2,
  })
  @IsDecimal(4)
  @Min(0.0001, { message: 'quantity must be greater than 0' })
  @Max(1e9)
  quantity: number;
}

/** A core order line: a Member may set the unit price, a discount and the VAT rate. */
export class CreateSalesOrderLineRequest extends OrderLineItemBody {
  @ApiPropertyOptional({
    type: 'number',
    format: 'double',
    minimum: 0,
    maximum: 1e12,
    description: 'Price per unit excluding VAT; omitted: the pricing engine’s price for the debtor',
  })
  @IsOptional()
  @IsDecimal(4)
  @Min(0)
  @Max(1e12)
  unitPrice?: number;

  @ApiPropertyOptional({ type: 'number', format: 'double', minimum: 0, maximum: 100, default: 0 })
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(100)
  discountPercentage?: number;

  @ApiPropertyOptional({
    type: 'number',
    format: 'double',
    minimum: 0,
    maximum: 100,
    description: 'VAT percentage; omitted: the rate of the product’s VAT code (0 without one)',
  })
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(100)
  vatRate?: number;
}

export class SalesOrderLineResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The sku when ordered' }) sku: string | null;
  @ApiProperty({ description: 'The product name when ordered' }) name: string;
  @ApiProperty({ type: 'number', format: 'double' }) quantity: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Excluding VAT' }) unitPrice: number;
  @ApiProperty({ description: 'True when a Member set the unit price instead of the pricing engine' })
  unitPriceOverridden: boolean;
  @ApiProperty({ type: 'number', format: 'double' }) discountPercentage: number;
  @ApiProperty({ type: 'number', format: 'double' }) vatRate: number;
  @ApiProperty({
    type: 'number',
    format: 'double',
    description: 'quantity × unitPrice − discount, 2 decimals',
  })
  totalExclVat: number;
  @ApiProperty({ type: 'number', format: 'double' }) vatAmount: number;
  @ApiProperty({ type: 'number', format: 'double' }) totalInclVat: number;
}
