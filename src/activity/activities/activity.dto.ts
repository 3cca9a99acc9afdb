import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { actorTypes } from '../../platform/tenancy/request-context';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ArrayFilter, ListBody, ListQuery, PageOf, UuidsFilter } from '../../platform/http/list-query';

export class ActivityActor {
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'null for the system' }) id:
    string | null;
  @ApiProperty({
    enum: actorTypes,
    description: 'ApiKey: an API key of the workspace (`id` is the key), acting as a service user',
  })
  type: string;
}

/**
 * Any JSON value, null included: the swagger plugin would otherwise document an `unknown` member
 * as an object. `nullable` sits on a typed branch, as OpenAPI 3.0 requires (client generators
 * refuse a `nullable` without a `type` beside it).
 */
const anyJson = {
  anyOf: [
    { type: 'string', nullable: true },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object', additionalProperties: true },
    { type: 'array', items: {} },
  ],
};

export class ActivityDataResponse {
  @ApiPropertyOptional({ description: 'The changed property ({Entity}{Property}Updated)' }) property?: string;
  @ApiPropertyOptional({ ...anyJson, description: 'Value before the change (any JSON)' }) oldValue?: unknown;
  @ApiPropertyOptional({
    ...anyJson,
    description: 'Value after the change; the whole resource on {Entity}Created',
  })
  newValue?: unknown;
}

export class ActivityResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) workspace: string;
  @ApiProperty({ format: 'uuid' }) entityId: string;
  @ApiProperty({ example: 'Account' }) entityType: string;
  @ApiProperty({
    example: 'AccountDisplayNameUpdated',
    description: '{Entity}Created, {Entity}{Property}Updated, {Entity}Deleted or a domain event',
  })
  type: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ type: ActivityActor }) actor: ActivityActor;
  @ApiProperty({ type: ActivityDataResponse }) data: ActivityDataResponse;
}
export class ActivityPage extends PageOf(ActivityResponse) {}

export class ActivityListQuery extends ListQuery(['Timestamp'] as const) {
  @UuidsFilter()
  entity_ids?: string[];

  @ApiPropertyOptional({ type: [String], example: ['AccountDisplayNameUpdated'] })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  types?: string[];

  @ApiPropertyOptional({ type: [String], example: ['Account'] })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  entity_types?: string[];

  @ApiPropertyOptional({ name: 'timestamp.Min', format: 'date-time', description: 'Inclusive lower bound' })
  @IsOptional()
  @IsISO8601({ strict: true })
  'timestamp.Min'?: string;

  @ApiPropertyOptional({ name: 'timestamp.Max', format: 'date-time', description: 'Inclusive upper bound' })
  @IsOptional()
  @IsISO8601({ strict: true })
  'timestamp.Max'?: string;
}

export class TimestampRange {
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601({ strict: true }) min?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601({ strict: true }) max?: string;
}

export class ActivityFilterRequest extends ListBody(['Timestamp'] as const) {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('loose', { each: true })
  entityIds?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  types?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 100 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  entityTypes?: string[];
  @ApiPropertyOptional({ type: TimestampRange, description: 'Inclusive time range' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TimestampRange)
  timestamp?: TimestampRange;
}
