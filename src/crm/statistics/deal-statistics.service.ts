import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import { countPeriods } from '../../platform/database/period-statistics';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { badRequest, Problem } from '../../platform/http/problem';
import { DealEntity } from '../deals/deal.entity';
import { money } from '../pipelines/pipelines.service';
import { DealPeriodFigures, DealStatisticsQuery, DealStatisticsResponse } from './deal-statistics.dto';
import { DealPeriodsQuery, DealPeriodsResponse } from './deal-periods.dto';
import { dealFigures, dealFiguresPerPeriod } from './deal-statistics.queries';

type Raw = Record<string, string>;

/** GET /core-api/statistics/deals: created / open / won / lost deals and their revenue per period. */
@Injectable()
export class DealStatisticsService {
  constructor(private readonly db: Db) {}

  async deals(ctx: RequestContext, q: DealStatisticsQuery): Promise<DealStatisticsResponse> {
    const to = q.to ?? new Date().toISOString().slice(0, 10);
    const from = q.from ?? twelveMonthsBefore(to);
    if (from > to) throw badRequest({ from: ['must be on or before to'] });
    const interval = q.interval ?? 'Month';

    // The workspace's deals (scoped query builder), reduced to the dates and amounts that count.
    const deals = this.db
      .repo(ctx, DealEntity, 'Deal')
      .qb('d')
      .innerJoin('pipeline_statuses', 's', 's.id = d.status_id')
      .select("(d.created_at AT TIME ZONE 'UTC')::date", 'created_on')
      .addSelect("(d.status_modified_at AT TIME ZONE 'UTC')::date", 'closed_on')
      .addSelect('s.kind', 'kind')
      .addSelect('coalesce(d.expected_revenue, 0)', 'revenue');
    if (q.pipeline_ids?.length)
      deals.andWhere('d.pipeline_id IN (:...pipelines)', { pipelines: q.pipeline_ids });
    if (q.owner_ids?.length) deals.andWhere('d.owner_id IN (:...owners)', { owners: q.owner_ids });

    const on = this.db.sql(ctx);
    if ((await countPeriods(on, { from, to }, interval)) > 1000)
      throw badRequest({ interval: ['the range holds more than 1000 periods; choose a longer interval'] });
    const rows: Raw[] = await dealFiguresPerPeriod(on, deals, { from, to }, interval);

    const periods = rows.map((r) => ({ period: r.period, ...toFigures(r) }));
    const totals = toFigures(
      Object.fromEntries(
        dealFigures.flatMap((f) => [
          [f, String(rows.reduce((n, r) => n + Number(r[f]), 0))],
          [`${f}Revenue`, String(rows.reduce((n, r) => n + Number(r[`${f}Revenue`]), 0))],
        ]),
      ),
    );
    const closed = totals.won + totals.lost;
    return {
      from,
      to,
      interval,
      totals: { ...totals, winRate: closed ? money((totals.won * 100) / closed) : null },
      periods,
    };
  }

  /** GET /core-api/analytics/deals/periods: the won / lost part of the same figures. */
  async periods(ctx: RequestContext, q: DealPeriodsQuery): Promise<DealPeriodsResponse> {
    const granularity = q.granularity ?? 'Month';
    try {
      const figures = await this.deals(ctx, { ...q, interval: granularity });
      const pick = (f: DealPeriodFigures) => ({
        won: f.won,
        wonRevenue: f.wonRevenue,
        lost: f.lost,
        lostRevenue: f.lostRevenue,
      });
      return {
        from: figures.from,
        to: figures.to,
        granularity,
        totals: pick(figures.totals),
        periods: figures.periods.map((p) => ({ period: p.period, ...pick(p) })),
      };
    } catch (e) {
      // The shared figures name their `interval`; this operation calls it `granularity`.
      if (e instanceof Problem && e.errors?.interval) throw badRequest({ granularity: e.errors.interval });
      throw e;
    }
  }
}

function toFigures(r: Raw): DealPeriodFigures {
  return {
    created: Number(r.created),
    createdRevenue: money(r.createdRevenue),
    open: Number(r.open),
    openRevenue: money(r.openRevenue),
    won: Number(r.won),
    wonRevenue: money(r.wonRevenue),
    lost: Number(r.lost),
    lostRevenue: money(r.lostRevenue),
  };
}

/** The first day of the twelfth calendar month before `to`'s month: the last 12 calendar months. */
function twelveMonthsBefore(to: string): string {
  const d = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return d.toISOString().slice(0, 10);
}
