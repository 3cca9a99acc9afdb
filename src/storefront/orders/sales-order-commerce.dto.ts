import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  PageOffset,
  PageSize,
  SortDirection,
  type SortOrder,
  UuidsFilter,
} from '../../platform/http/list-query';
import {
  OrderLineItemBody,
  deliveryMethods,
  type DeliveryMethod,
  maxOrderLines,
  OrderAddressResponse,
  OrderHeaderFields,
  orderingStatuses,
  type OrderingStatus,
  OrderTotalsResponse,
} from '../../sales/sales.api';

/**
 * A storefront order: products and quantities only. Prices come from the pricing engine for the
 * caller's account; nothing the client sends about prices is read.
 */
export class CreateCommerceSalesOrderRequest extends OrderHeaderFields {
  @ApiProperty({ maxLength: 255, example: 'webshop', description: 'Where the order was placed' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  channel: string;

  @ApiPropertyOptional({
    type: 'string',
    example: 'EUR',
    description:
      'ISO 4217; a currency the workspace supports. Prices are the engine’s (base currency) converted at the currency’s exchange rate (2 decimals). Omitted: the base currency',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as EUR' })
  currency?: string;

  @ApiPropertyOptional({
    type: [OrderLineItemBody],
    maxItems: maxOrderLines,
    description:
      'Products and quantities. Omitted or empty: a request for a quotation, a Draft order without lines whose totals are 0 (see the operation)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(maxOrderLines)
  @ValidateNested({ each: true })
  @Type(() => OrderLineItemBody)
  lines?: OrderLineItemBody[];
}

export class CreatedSalesOrderResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'SO-000001' }) orderNumber: string;
}

export class CommerceSalesOrderLineResponse {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'number', format: 'double' }) quantity: number;
  @ApiProperty({ type: 'number', format: 'double' }) unitPrice: number;
  @ApiProperty({ type: 'number', format: 'double' }) discountPercentage: number;
  @ApiProperty({ type: 'number', format: 'double' }) vatRate: number;
  @ApiProperty({ type: 'number', format: 'double' }) totalExclVat: number;
  @ApiProperty({ type: 'number', format: 'double' }) vatAmount: number;
  @ApiProperty({ type: 'number', format: 'double' }) totalInclVat: number;
}

export class CommerceSalesOrderResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'SO-000001' }) orderNumber: string;
  @ApiProperty({ type: 'string', nullable: true }) channel: string | null;
  @ApiProperty({ format: 'date-time' }) orderedAt: string;
  @ApiProperty({ enum: deliveryMethods, nullable: true }) deliveryMethod: DeliveryMethod | null;
  @ApiProperty({ enum: orderingStatuses }) orderingStatus: OrderingStatus;
  @ApiProperty({ type: 'string', nullable: true }) externalReference: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty() currency: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) orderedById: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) pickupLocationId: string | null;
  @ApiProperty({ type: OrderAddressResponse, nullable: true }) billingAddress: OrderAddressResponse | null;
  @ApiProperty({ type: OrderAddressResponse, nullable: true }) shippingAddress: OrderAddressResponse | null;
  @ApiProperty({ type: OrderTotalsResponse }) totals: OrderTotalsResponse;
  @ApiProperty({ type: [CommerceSalesOrderLineResponse] }) lines: CommerceSalesOrderLineResponse[];
}

export class CommerceSalesOrderPage {
  @ApiProperty({ type: [CommerceSalesOrderResponse] }) data: CommerceSalesOrderResponse[];
  @ApiProperty({ type: 'integer', format: 'int32' }) total: number;
}

export const commerceOrderSorts = ['OrderNumber', 'OrderedAt'] as const;

/** The storefront's list query: snake_case names, take 100 / skip 0 / ascending by default. */
export class CommerceSalesOrderListQuery {
  @PageSize({ queryString: true })
  take = 100;

  @PageOffset({ queryString: true })
  skip = 0;

  @SortDirection()
  sort_order: SortOrder = 'Asc';

  @ApiPropertyOptional({ enum: commerceOrderSorts, default: 'OrderNumber' })
  @IsOptional()
  @IsIn(commerceOrderSorts)
  sort_by: (typeof commerceOrderSorts)[number] = 'OrderNumber';

  @ApiPropertyOptional({ maxLength: 255, description: 'Searches the order number and external reference' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  q?: string;

  @UuidsFilter('Orders placed by these contacts')
  ordered_by_ids?: string[];
}
