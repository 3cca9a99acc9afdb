import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import { totalsPerPeriod, utcPeriodOf } from '../../platform/database/period-statistics';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { badRequest } from '../../platform/http/problem';
import { SalesOrderEntity, type OrderingStatus } from '../orders/sales-order.entity';
import { DailySalesOrderStats, DayRangeQuery, SalesOrderStatistics } from './sales-order-statistics.dto';

const day = 86_400_000;
const maxDays = 366;
/** The UTC day of an order (what the statistics group by; the ordered_at index serves the range). */
const dayOf = utcPeriodOf('Day', 'o.ordered_at');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The range as [from, to + 1 day) in UTC; 400 when reversed or longer than a year. */
function rangeOf(q: DayRangeQuery): { from: Date; until: Date } {
  const to = q.to
    ? new Date(`${q.to}T00:00:00Z`)
    : new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : new Date(to.getTime() - 29 * day);
  const days = Math.round((to.getTime() - from.getTime()) / day) + 1;
  if (days < 1) throw badRequest({ from: ['must be on or before to'] });
  if (days > maxDays) throw badRequest({ from: [`the range may span at most ${maxDays} days`] });
  return { from, until: new Date(to.getTime() + day) };
}

/**
 * Sales order figures per day (UTC), computed in SQL with `date_trunc` over the
 * `(workspace_id, ordered_at)` index: never loads the orders themselves.
 */
@Injectable()
export class SalesOrderStatisticsService {
  constructor(private readonly db: Db) {}

  async daily(ctx: RequestContext, q: DayRangeQuery): Promise<DailySalesOrderStats> {
    const { from, until } = rangeOf(q);
    const orders = this.db
      .repo(ctx, SalesOrderEntity, 'Sales order')
      .qb('o')
      .select(`o.ordered_at AT TIME ZONE 'UTC'`, 'at')
      .addSelect('o.total_excl_vat', 'revenue')
      .andWhere('o.ordered_at >= :from AND o.ordered_at < :until', { from, until })
      .andWhere(`o.ordering_status <> 'Canceled'`);
    const range = { from: isoDay(from), to: isoDay(new Date(until.getTime() - day)) };
    const days = await totalsPerPeriod(this.db.sql(ctx), orders, range, 'Day', 'at', 'revenue');
    const data = days.map((d) => ({ date: d.period, count: d.count, revenue: Number(d.sum) }));
    return { data, total: data.length };
  }

  async statistics(ctx: RequestContext, q: DayRangeQuery): Promise<SalesOrderStatistics> {
    const { from, until } = rangeOf(q);
    const rows = await this.db
      .repo(ctx, SalesOrderEntity, 'Sales order')
      .qb('o')
      .select(`to_char(${dayOf}, 'YYYY-MM-DD')`, 'date')
      .addSelect('o.ordering_status', 'orderingStatus')
      .addSelect('o.channel', 'channel')
      .addSelect('count(*)::int', 'count')
      .addSelect('coalesce(sum(o.total_excl_vat), 0)::text', 'revenue')
      .addSelect('coalesce(sum(o.total_incl_vat), 0)::text', 'revenueInclVat')
      .andWhere('o.ordered_at >= :from AND o.ordered_at < :until', { from, until })
      .groupBy(dayOf)
      .addGroupBy('o.ordering_status')
      .addGroupBy('o.channel')
      .orderBy(dayOf)
      .addOrderBy('o.ordering_status')
      .addOrderBy('o.channel', 'ASC', 'NULLS FIRST')
      .getRawMany<{
        date: string;
        orderingStatus: OrderingStatus;
        channel: string | null;
        count: number;
        revenue: string;
        revenueInclVat: string;
      }>();
    const data = rows.map((r) => ({
      ...r,
      revenue: Number(r.revenue),
      revenueInclVat: Number(r.revenueInclVat),
    }));
    const kept = data.filter((r) => r.orderingStatus !== 'Canceled');
    return {
      data,
      total: data.length,
      orderCount: data.reduce((n, r) => n + r.count, 0),
      revenue: Number(kept.reduce((n, r) => n + Math.round(r.revenue * 100), 0) / 100),
    };
  }
}
