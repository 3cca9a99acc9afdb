import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ArrayFilter } from '../../platform/http/list-query';

export const granularities = ['Day', 'Week', 'Month'] as const;
export type Granularity = (typeof granularities)[number];

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

export class ActivityStatisticsQuery {
  @ApiPropertyOptional({
    format: 'date',
    description: 'First day (inclusive, UTC). Default: 29 days before `to` (30 days)',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(dateOnly, { message: 'from must be a date YYYY-MM-DD' })
  from?: string;
  @ApiPropertyOptional({ format: 'date', description: 'Last day (inclusive, UTC). Default: today' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(dateOnly, { message: 'to must be a date YYYY-MM-DD' })
  to?: string;
  @ApiPropertyOptional({
    type: [String],
    example: ['AccountCreated'],
    description: 'Only these activity types',
  })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  types?: string[];
  @ApiPropertyOptional({ type: [String], example: ['Account'], description: 'Only these entity types' })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  entity_types?: string[];
}

export class ActivityTimelineQuery extends ActivityStatisticsQuery {
  @ApiPropertyOptional({
    enum: granularities,
    default: 'Day',
    description: 'Length of a period (weeks start on Monday, UTC)',
  })
  @IsOptional()
  @IsIn(granularities)
  granularity?: Granularity;
}

export class ActivityCount {
  @ApiProperty({ example: 'Account' }) entityType: string;
  @ApiProperty({ example: 'AccountCreated' }) type: string;
  @ApiProperty({ type: 'integer' }) count: number;
}

export class ActivityStatisticsResponse {
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ type: 'integer', description: 'Activities in the period' }) total: number;
  @ApiProperty({
    type: [ActivityCount],
    description: 'Counts per entity type and activity type, most frequent first',
  })
  data: ActivityCount[];
}

export class ActivityPeriod {
  @ApiProperty({ format: 'date', description: 'First day of the period (UTC)' }) period: string;
  @ApiProperty({ type: 'integer' }) count: number;
}

export class ActivityTimelineResponse {
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ enum: granularities }) granularity: Granularity;
  @ApiProperty({ type: 'integer', description: 'Activities in the whole range' }) total: number;
  @ApiProperty({
    type: [ActivityPeriod],
    description: 'Every period of the range, also empty ones, oldest first',
  })
  periods: ActivityPeriod[];
}
