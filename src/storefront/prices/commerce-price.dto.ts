import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  IsQuantity,
  PriceTotal,
  PriceVat,
  priceQuantityDoc,
  ProductPriceBase,
} from '../../pricing/pricing.api';

/** A storefront price: the fields every price has (pricing's `ProductPriceBase`), nothing more. */
export class CommerceProductPrice extends ProductPriceBase {}

export class PriceItemError {
  @ApiProperty({ example: 404 }) status: number;
  @ApiProperty({ example: 'No active product with this id or sku.' }) detail: string;
}

/** One answer of the commerce batch: a price, or (for this item only) an error. */
export class CommerceProductPriceResult {
  @ApiProperty({ description: 'As sent: a product id or sku' }) identifier: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) productId: string | null;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty() quantity: number;
  @ApiProperty({ type: 'number', nullable: true }) salesPrice: number | null;
  @ApiProperty({ type: 'number', nullable: true }) suggestedRetailPrice: number | null;
  @ApiProperty({ type: 'number', nullable: true }) customerPrice: number | null;
  @ApiProperty() shouldRequestPrice: boolean;
  @ApiProperty({ type: [String] }) messages: string[];
  @ApiProperty({ type: PriceVat, nullable: true }) vat: PriceVat | null;
  @ApiProperty({ type: PriceTotal, nullable: true }) total: PriceTotal | null;
  @ApiProperty({
    type: PriceItemError,
    nullable: true,
    description:
      'Set when this item could not be priced (404: unknown, inactive or outside the caller’s catalog); the other items are priced',
  })
  error: PriceItemError | null;
}

export class CommercePricesQuery {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Users only: the account to price for (a client login always gets its own account’s prices)',
  })
  @IsOptional()
  @IsUUID('loose')
  customerId?: string;
}

export class CommercePriceQuery {
  @ApiPropertyOptional(priceQuantityDoc)
  @IsOptional()
  @IsQuantity()
  quantity?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Users only: the account to price for (a client login always gets its own account’s prices)',
  })
  @IsOptional()
  @IsUUID('loose')
  customerId?: string;
}

export class CommercePriceRequestItem {
  @ApiProperty({ maxLength: 255, description: 'A product id or sku' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  identifier: string;
  @ApiPropertyOptional(priceQuantityDoc)
  @IsOptional()
  @IsQuantity()
  quantity?: number;
}
