import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';
import { UuidsFilter } from '../../platform/http/list-query';

export const statisticsIntervals = ['Day', 'Week', 'Month', 'Quarter', 'Year'] as const;
export type StatisticsInterval = (typeof statisticsIntervals)[number];

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

export class DealStatisticsQuery {
  @ApiPropertyOptional({
    format: 'date',
    description:
      'First day (inclusive, UTC). Default: the first day of the 12th calendar month back from `to` (the last 12 calendar months)',
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
    enum: statisticsIntervals,
    default: 'Month',
    description: 'Length of a period (weeks start on Monday)',
  })
  @IsOptional()
  @IsIn(statisticsIntervals)
  interval?: StatisticsInterval;
  @UuidsFilter()
  pipeline_ids?: string[];
  @UuidsFilter()
  owner_ids?: string[];
}

export class DealPeriodFigures {
  @ApiProperty({ type: 'integer', description: 'Deals created in the period' }) created: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Their expected revenue' })
  createdRevenue: number;
  @ApiProperty({
    type: 'integer',
    description: 'Deals created in the period that are still in an Open status',
  })
  open: number;
  @ApiProperty({ type: 'number', format: 'double' }) openRevenue: number;
  @ApiProperty({
    type: 'integer',
    description: 'Deals that entered a Won status in the period (by statusModifiedAt)',
  })
  won: number;
  @ApiProperty({ type: 'number', format: 'double' }) wonRevenue: number;
  @ApiProperty({
    type: 'integer',
    description: 'Deals that entered a Lost status in the period (by statusModifiedAt)',
  })
  lost: number;
  @ApiProperty({ type: 'number', format: 'double' }) lostRevenue: number;
}

export class DealPeriod extends DealPeriodFigures {
  @ApiProperty({ format: 'date', description: 'First day of the period (UTC)' }) period: string;
}

export class DealStatisticsTotals extends DealPeriodFigures {
  @ApiProperty({
    type: 'number',
    format: 'double',
    nullable: true,
    description: 'won / (won + lost) in percent, 2 decimals; null without closed deals',
  })
  winRate: number | null;
}

export class DealStatisticsResponse {
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ enum: statisticsIntervals }) interval: StatisticsInterval;
  @ApiProperty({ type: DealStatisticsTotals, description: 'Sums over the whole range' })
  totals: DealStatisticsTotals;
  @ApiProperty({
    type: [DealPeriod],
    description: 'Every period of the range, also empty ones, oldest first',
  })
  periods: DealPeriod[];
}
