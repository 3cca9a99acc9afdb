import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, Matches } from 'class-validator';
import { orderingStatuses, type OrderingStatus } from '../orders/sales-order.entity';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A range of days (UTC), both ends inclusive; default the last 30 days, at most 366. */
export class DayRangeQuery {
  @ApiPropertyOptional({
    type: 'string',
    format: 'date',
    description: 'First day (UTC); default 29 days before `to`',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(dateOnly, { message: 'from must be a date YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ type: 'string', format: 'date', description: 'Last day (UTC); default today' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(dateOnly, { message: 'to must be a date YYYY-MM-DD' })
  to?: string;
}

export class DailySalesOrderStat {
  @ApiProperty({ type: 'string', format: 'date' }) date: string;
  @ApiProperty({ type: 'integer', description: 'Orders placed that day (Canceled ones excluded)' })
  count: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Sum of their totals excluding VAT' })
  revenue: number;
}

export class DailySalesOrderStats {
  @ApiProperty({
    type: [DailySalesOrderStat],
    description: 'One entry per day of the range, also days without orders',
  })
  data: DailySalesOrderStat[];
  @ApiProperty({ type: 'integer' }) total: number;
}

export class SalesOrderStatistic {
  @ApiProperty({ type: 'string', format: 'date' }) date: string;
  @ApiProperty({ enum: orderingStatuses }) orderingStatus: OrderingStatus;
  @ApiProperty({ type: 'string', nullable: true }) channel: string | null;
  @ApiProperty({ type: 'integer' }) count: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Sum of totals excluding VAT' })
  revenue: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Sum of totals including VAT' })
  revenueInclVat: number;
}

export class SalesOrderStatistics {
  @ApiProperty({
    type: [SalesOrderStatistic],
    description: 'Per day, status and channel with at least one order',
  })
  data: SalesOrderStatistic[];
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Orders in the range' }) orderCount: number;
  @ApiProperty({
    type: 'number',
    format: 'double',
    description: 'Revenue excluding VAT of the non-canceled orders',
  })
  revenue: number;
}
