import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import { ArrayFilter, maxFilterValues } from '../../platform/http/list-query';
import { IsQuantity } from './quantity';

/** The most products one POST batch prices (commerce prices). */
export const maxPriceItems = 500;
/** The most items a GET takes (`ids`, `items`): the limit of every array filter (URLs stay short). */
export const maxPriceQueryItems = maxFilterValues;

/** The OpenAPI description of a quantity to price (core and commerce). */
export const priceQuantityDoc = {
  type: 'number',
  default: 1,
  exclusiveMinimum: true,
  minimum: 0,
  description: 'Greater than 0, at most 4 decimals',
} as const;

export class PriceVat {
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'The product’s code, else the workspace default',
  })
  vatCodeId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'Standard' }) code: string | null;
  @ApiProperty({ description: 'Percent applied (0 for an account that is not VAT liable)', example: 21 })
  rate: number;
  @ApiProperty({ description: 'Always false: prices are excluding VAT; VAT amounts are given beside them' })
  pricesIncludeVat: boolean;
  @ApiProperty({ type: 'number', nullable: true, description: 'VAT of one unit at customerPrice' })
  customerPriceVatAmount: number | null;
  @ApiProperty({ type: 'number', nullable: true, description: 'customerPrice + its VAT' })
  customerPriceInclVat: number | null;
}

export class PriceTotal {
  @ApiProperty({ example: 3 }) quantity: number;
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'customerPrice × quantity, rounded to 2 decimals',
  })
  totalExclVat: number | null;
  @ApiProperty({ type: 'number', nullable: true, description: 'VAT of totalExclVat' }) vatAmount:
    number | null;
  @ApiProperty({ type: 'number', nullable: true }) totalInclVat: number | null;
}

/**
 * Shared by core prices and the storefront's. Money: JSON numbers rounded to 2 decimals; null =
 * on request.
 */
export class ProductPriceBase {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty({ description: 'The quantity priced' }) quantity: number;
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'The product’s sales price of one unit (excl. VAT)',
  })
  salesPrice: number | null;
  @ApiProperty({ type: 'number', nullable: true }) suggestedRetailPrice: number | null;
  @ApiProperty({
    type: 'number',
    nullable: true,
    description:
      'One unit for this customer at this quantity: tier, account discount, atomic scripts (excl. VAT)',
  })
  customerPrice: number | null;
  @ApiProperty({ description: 'True when the product has no price (or a rule says so): ask for one' })
  shouldRequestPrice: boolean;
  @ApiProperty({
    type: [String],
    description: 'Extra information for the shopper; only atomic scripts set them',
  })
  messages: string[];
  @ApiProperty({ type: PriceVat }) vat: PriceVat;
  @ApiProperty({ type: PriceTotal }) total: PriceTotal;
}

export class CoreProductPrice extends ProductPriceBase {
  @ApiProperty({ type: 'number', nullable: true }) purchasePrice: number | null;
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Unit price of the quantity tier, before the discount',
  })
  listPrice: number | null;
  @ApiProperty({ description: 'The account’s discount applied, in percent' }) discountPercentage: number;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The account priced for' })
  customerId: string | null;
}

export class PriceTotalResponse {
  @ApiProperty({ type: [CoreProductPrice], description: 'One per item, in the order given' })
  items: CoreProductPrice[];
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Sum of the items (null when one is on request)',
  })
  totalExclVat: number | null;
  @ApiProperty({ type: 'number', nullable: true }) vatAmount: number | null;
  @ApiProperty({ type: 'number', nullable: true }) totalInclVat: number | null;
  @ApiProperty({ description: 'True when any item has no price' }) shouldRequestPrice: boolean;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) customerId: string | null;
}

export class CorePriceQuery {
  @ApiPropertyOptional(priceQuantityDoc)
  @IsOptional()
  @IsQuantity()
  quantity?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The account (customer) to price for; default none (list prices)',
  })
  @IsOptional()
  @IsUUID('loose')
  customerId?: string;
}

export class CorePricesQuery extends CorePriceQuery {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    maxItems: maxPriceItems,
    description: 'Products to price (repeated or comma-separated)',
  })
  @ArrayFilter()
  @IsArray()
  @ArrayMaxSize(maxPriceQueryItems)
  @ArrayMinSize(1)
  @IsUUID('loose', { each: true })
  ids: string[];
}

export class CorePriceTotalQuery {
  @ApiProperty({
    type: [String],
    maxItems: maxPriceQueryItems,
    example: ['3f1c0e4e-7a55-4a43-9a57-1f0f5f1b2a10:2'],
    description: '`<productId>:<quantity>`, repeated (or comma-separated); a product may repeat',
  })
  @ArrayFilter()
  @IsArray()
  @ArrayMaxSize(maxPriceQueryItems)
  @ArrayMinSize(1)
  @IsString({ each: true })
  @MaxLength(60, { each: true })
  @Matches(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}:\d{1,14}(\.\d{1,4})?$/,
    {
      each: true,
      message: 'each item must be <productId>:<quantity> with a quantity greater than 0',
    },
  )
  items: string[];
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('loose')
  customerId?: string;
}
