import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';
import { UuidsFilter } from '../../platform/http/list-query';

export const dealPeriodGranularities = ['Month', 'Quarter', 'Year'] as const;
export type DealPeriodGranularity = (typeof dealPeriodGranularities)[number];

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

export class DealPeriodsQuery {
  @ApiPropertyOptional({
    format: 'date',
    description:
      'First day (inclusive, UTC). Default: the first day of the 12th calendar month back from `to`',
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
  @ApiPropertyOptional({ enum: dealPeriodGranularities, default: 'Month', description: 'Length of a period' })
  @IsOptional()
  @IsIn(dealPeriodGranularities)
  granularity?: DealPeriodGranularity;
  @UuidsFilter()
  pipeline_ids?: string[];
  @UuidsFilter()
  owner_ids?: string[];
}

export class DealRevenueFigures {
  @ApiProperty({ type: 'integer', description: 'Deals that entered a Won status in the period' }) won: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Their expected revenue' })
  wonRevenue: number;
  @ApiProperty({ type: 'integer', description: 'Deals that entered a Lost status in the period' })
  lost: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Their expected revenue' })
  lostRevenue: number;
}

export class DealRevenuePeriod extends DealRevenueFigures {
  @ApiProperty({ format: 'date', description: 'First day of the period (UTC)' }) period: string;
}

export class DealPeriodsResponse {
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ enum: dealPeriodGranularities }) granularity: DealPeriodGranularity;
  @ApiProperty({ type: DealRevenueFigures, description: 'Sums over the whole range' })
  totals: DealRevenueFigures;
  @ApiProperty({
    type: [DealRevenuePeriod],
    description: 'Every period of the range, also empty ones, oldest first',
  })
  periods: DealRevenuePeriod[];
}
