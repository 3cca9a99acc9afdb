import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDecimal } from '../../platform/http/decimal';
import {
  BooleanFilter,
  ListQuery,
  NumberFilter,
  PageOf,
  StringsFilter,
  UuidsFilter,
} from '../../platform/http/list-query';
import {
  ExternalReferenceBody,
  OptionalReference,
  ScopedResponse,
  UpdateIdBody,
} from '../../platform/http/resource';
import type { CustomFieldValue } from './deal.entity';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

export class DealContactBody {
  @ApiProperty({ format: 'uuid', description: 'A contact of the workspace' })
  @IsUUID('loose')
  contactId: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255, example: 'Decision maker' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  role?: string | null;
}

export class DealProductBody {
  @ApiProperty({ format: 'uuid', description: 'A product of the workspace' })
  @IsUUID('loose')
  productId: string;
  @ApiProperty({ type: 'number', format: 'double', exclusiveMinimum: true, minimum: 0, example: 2 })
  @IsDecimal(4)
  @Min(0.0001)
  @Max(1e12)
  quantity: number;
  @ApiProperty({
    type: 'number',
    format: 'double',
    minimum: 0,
    example: 99.5,
    description: 'Price per unit (up to 4 decimals)',
  })
  @IsDecimal(4)
  @Min(0)
  @Max(1e12)
  unitPrice: number;
}

export class CreateDealRequest extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;
  @ApiPropertyOptional({
    type: 'number',
    format: 'double',
    nullable: true,
    minimum: 0,
    description: 'Up to 2 decimals',
  })
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(1e15)
  expectedRevenue?: number | null;
  @ApiProperty({ format: 'uuid' }) @IsUUID('loose') pipelineId: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'A status of the pipeline. Omitted: the current status (on update, when it belongs to the pipeline) or the pipeline’s first Open status.',
  })
  @IsOptional()
  @IsUUID('loose')
  statusId?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
  @OptionalReference('A user who is a member of the workspace')
  ownerId?: string | null;
  @OptionalReference()
  accountId?: string | null;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 100,
    description: 'Percent; omitted: the status’s success rate',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  successRate?: number;
  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true, example: '2026-01-31' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(dateOnly, { message: 'startDate must be a date YYYY-MM-DD' })
  startDate?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    format: 'date',
    nullable: true,
    description: 'On or after startDate',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(dateOnly, { message: 'endDate must be a date YYYY-MM-DD' })
  endDate?: string | null;
  @ApiPropertyOptional({ type: [String], description: 'Omitted on create: the pipeline’s default tags' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(255, { each: true })
  tags?: string[];
  @ApiPropertyOptional({
    type: [DealContactBody],
    description: 'Contacts involved, each once, with their role',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => DealContactBody)
  contacts?: DealContactBody[];
  @ApiPropertyOptional({ type: [DealProductBody], description: 'Products offered in the deal' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => DealProductBody)
  products?: DealProductBody[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: {
      oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }],
    },
    description:
      'Values of the pipeline’s customFields by key (Text: string, Number: number, Date: YYYY-MM-DD, Boolean)',
  })
  @IsOptional()
  @IsObject()
  customFields?: Record<string, CustomFieldValue>;
}

export class UpdateDealRequest extends UpdateIdBody(CreateDealRequest) {}

export class DealContactResponse {
  @ApiProperty({ format: 'uuid' }) contactId: string;
  @ApiProperty({ type: 'string', nullable: true }) role: string | null;
}

export class DealProductResponse {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ type: 'number', format: 'double' }) quantity: number;
  @ApiProperty({ type: 'number', format: 'double' }) unitPrice: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'quantity × unitPrice, 2 decimals' })
  total: number;
}

export class DealResponse extends ScopedResponse {
  @ApiProperty() title: string;
  @ApiProperty({ type: 'number', format: 'double', nullable: true }) expectedRevenue: number | null;
  @ApiProperty({ format: 'uuid' }) pipelineId: string;
  @ApiProperty({ format: 'uuid' }) statusId: string;
  @ApiProperty({ format: 'date-time', description: 'When the deal entered its current status' })
  statusModifiedAt: string;
  @ApiProperty() archived: boolean;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) ownerId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) accountId: string | null;
  @ApiProperty({ type: 'integer' }) successRate: number;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) startDate: string | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) endDate: string | null;
  @ApiProperty({ type: [DealContactResponse] }) contacts: DealContactResponse[];
  @ApiProperty({ type: [DealProductResponse] }) products: DealProductResponse[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Custom field values by key' })
  customFields: Record<string, CustomFieldValue>;
}
export class DealPage extends PageOf(DealResponse) {}

export const dealSortBy = ['CreatedAt', 'Title', 'ExpectedRevenue', 'SuccessRate', 'ModifiedAt'] as const;

export class DealListQuery extends ListQuery(dealSortBy) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ name: 'expected_revenue.Min', type: 'number', description: 'Inclusive' })
  @IsOptional()
  @NumberFilter()
  @IsNumber()
  'expected_revenue.Min'?: number;
  @ApiPropertyOptional({ name: 'expected_revenue.Max', type: 'number', description: 'Inclusive' })
  @IsOptional()
  @NumberFilter()
  @IsNumber()
  'expected_revenue.Max'?: number;
  @UuidsFilter()
  owner_ids?: string[];
  @UuidsFilter()
  account_ids?: string[];
  @UuidsFilter()
  pipeline_ids?: string[];
  @UuidsFilter()
  status_ids?: string[];
  @StringsFilter('Deals carrying any of these tags')
  tags?: string[];
  @ApiPropertyOptional({ type: 'boolean', description: 'Omitted: archived and active deals alike' })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  archived?: boolean;
}

/** Filters of the used-values endpoints (statuses, tags, filterable values). */
export class DealUsageQuery {
  @UuidsFilter('Only deals of these pipelines')
  pipeline_ids?: string[];
  @ApiPropertyOptional({ type: 'boolean', description: 'Omitted: archived and active deals alike' })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  archived?: boolean;
}

export class UsedDealStatus {
  @ApiProperty({ format: 'uuid' }) statusId: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: ['Open', 'Won', 'Lost'] }) kind: string;
  @ApiProperty({ format: 'uuid' }) pipelineId: string;
  @ApiProperty({ type: 'integer' }) count: number;
}
export class UsedDealStatusPage extends PageOf(UsedDealStatus) {}

export class UsedValue {
  @ApiProperty() value: string;
  @ApiProperty({ type: 'integer', description: 'Deals with this value' }) count: number;
}
export class UsedValuePage extends PageOf(UsedValue) {}

export class FilterableValue {
  @ApiProperty({ description: 'The value to pass to the list filter (an id, or a tag)' }) value: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'A readable name (user, account, pipeline or status; the tag itself)',
  })
  label: string | null;
  @ApiProperty({ type: 'integer' }) count: number;
}

export class DealFilterableValues {
  @ApiProperty({ type: [FilterableValue], description: 'Values of owner_ids' }) owners: FilterableValue[];
  @ApiProperty({ type: [FilterableValue], description: 'Values of account_ids' }) accounts: FilterableValue[];
  @ApiProperty({ type: [FilterableValue], description: 'Values of pipeline_ids' })
  pipelines: FilterableValue[];
  @ApiProperty({ type: [FilterableValue], description: 'Values of status_ids' }) statuses: FilterableValue[];
  @ApiProperty({ type: [FilterableValue], description: 'Values of tags' }) tags: FilterableValue[];
  @ApiProperty({ type: [FilterableValue], description: 'Values of archived (true / false)' })
  archived: FilterableValue[];
}
