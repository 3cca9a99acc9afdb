import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import {
  ExternalReferenceBody,
  OptionalReference,
  ScopedResponse,
  UpdateIdBody,
} from '../../platform/http/resource';
import { CreateSalesOrderLineRequest, SalesOrderLineResponse } from './sales-order-line.dto';
import {
  deliveryMethods,
  type DeliveryMethod,
  orderingStatuses,
  type OrderingStatus,
} from './sales-order.entity';

export { deliveryMethods, type DeliveryMethod, orderingStatuses, type OrderingStatus };

export const maxOrderLines = 500;

const line = ApiProperty({ type: 'string', nullable: true, required: false, maxLength: 255 });

export class OrderAddressBody {
  @line @IsOptional() @IsString() @MaxLength(255) name?: string | null;
  @line @IsOptional() @IsString() @MaxLength(255) street?: string | null;
  @line @IsOptional() @IsString() @MaxLength(255) houseNumber?: string | null;
  @line @IsOptional() @IsString() @MaxLength(255) postalCode?: string | null;
  @line @IsOptional() @IsString() @MaxLength(255) city?: string | null;
  @line @IsOptional() @IsString() @MaxLength(255) region?: string | null;
  @line @IsOptional() @IsString() @MaxLength(255) country?: string | null;
}

export class OrderAddressResponse {
  @ApiProperty({ type: 'string', nullable: true }) name: string | null;
  @ApiProperty({ type: 'string', nullable: true }) street: string | null;
  @ApiProperty({ type: 'string', nullable: true }) houseNumber: string | null;
  @ApiProperty({ type: 'string', nullable: true }) postalCode: string | null;
  @ApiProperty({ type: 'string', nullable: true }) city: string | null;
  @ApiProperty({ type: 'string', nullable: true }) region: string | null;
  @ApiProperty({ type: 'string', nullable: true }) country: string | null;
}

export class OrderTotalsResponse {
  @ApiProperty({ type: 'number', format: 'double' }) totalExclVat: number;
  @ApiProperty({ type: 'number', format: 'double' }) totalVat: number;
  @ApiProperty({ type: 'number', format: 'double' }) totalInclVat: number;
}

/** What core and commerce create bodies share. */
export class OrderHeaderFields extends ExternalReferenceBody {
  @ApiPropertyOptional({ enum: deliveryMethods, nullable: true })
  @IsOptional()
  @IsIn(deliveryMethods)
  deliveryMethod?: DeliveryMethod | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;

  @OptionalReference('With deliveryMethod Pickup: a pickup location of the workspace (stock is taken there)')
  pickupLocationId?: string | null;

  @ApiPropertyOptional({ type: OrderAddressBody, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderAddressBody)
  billingAddress?: OrderAddressBody | null;

  @ApiPropertyOptional({ type: OrderAddressBody, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderAddressBody)
  shippingAddress?: OrderAddressBody | null;
}

class SalesOrderFields extends OrderHeaderFields {
  @OptionalReference('The account the order is invoiced to (its prices apply)')
  debtorId?: string | null;

  @OptionalReference('The contact who placed the order')
  orderedById?: string | null;

  @ApiPropertyOptional({ type: 'string', format: 'date-time', description: 'Omitted on create: now' })
  @IsOptional()
  @IsISO8601({ strict: true })
  orderedAt?: string;

  @ApiPropertyOptional({
    enum: orderingStatuses,
    description:
      'Draft → Completed (takes the lines from stock), Draft → Canceled, Completed → Canceled (puts it back); any other change is a 409. Omitted: Draft on create, unchanged on update',
  })
  @IsOptional()
  @IsIn(orderingStatuses)
  orderingStatus?: OrderingStatus;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255, example: 'webshop' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  channel?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: 100 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(255, { each: true })
  tags?: string[];
}

export class CreateSalesOrderRequest extends SalesOrderFields {
  @ApiPropertyOptional({
    type: 'string',
    example: 'EUR',
    description:
      'ISO 4217; a currency the workspace supports. Lines are priced in the base currency and converted at the currency’s exchange rate (2 decimals). Omitted: the base currency',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as EUR' })
  currency?: string;

  @ApiPropertyOptional({ type: [CreateSalesOrderLineRequest], maxItems: maxOrderLines })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(maxOrderLines)
  @ValidateNested({ each: true })
  @Type(() => CreateSalesOrderLineRequest)
  lines?: CreateSalesOrderLineRequest[];
}

/** The update body: the header only (lines change through `/lines`; currency stays). */
export class UpdateSalesOrderRequest extends UpdateIdBody(SalesOrderFields) {}

export class SalesOrderResponse extends ScopedResponse {
  @ApiProperty({ example: 'SO-000001' }) orderNumber: string;
  @ApiProperty({ format: 'date-time' }) orderedAt: string;
  @ApiProperty({ enum: orderingStatuses }) orderingStatus: OrderingStatus;
  @ApiProperty({ format: 'date-time' }) statusModifiedAt: string;
  @ApiProperty({ enum: deliveryMethods, nullable: true }) deliveryMethod: DeliveryMethod | null;
  @ApiProperty({ type: 'string', nullable: true }) channel: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) debtorId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) orderedById: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'The client login that placed it',
  })
  clientLoginId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) pickupLocationId: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'Where its stock was taken (set while Completed)',
  })
  stockLocationId: string | null;
  @ApiProperty({ type: OrderAddressResponse, nullable: true }) billingAddress: OrderAddressResponse | null;
  @ApiProperty({ type: OrderAddressResponse, nullable: true }) shippingAddress: OrderAddressResponse | null;
  @ApiProperty({ type: OrderTotalsResponse }) totals: OrderTotalsResponse;
  @ApiProperty({ type: [SalesOrderLineResponse] }) lines: SalesOrderLineResponse[];
}
export class SalesOrderPage extends PageOf(SalesOrderResponse) {}

export class SalesOrderListQuery extends ListQuery(['OrderNumber', 'OrderedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @UuidsFilter('Orders invoiced to these accounts')
  debtor_ids?: string[];
  @UuidsFilter('Orders placed by these contacts')
  ordered_by_ids?: string[];
  @ApiPropertyOptional({ type: [String], enum: orderingStatuses })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(orderingStatuses, { each: true })
  ordering_statuses?: OrderingStatus[];
}
