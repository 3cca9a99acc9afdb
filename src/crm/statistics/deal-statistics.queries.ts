import type { SelectQueryBuilder } from 'typeorm';
import type { WorkspaceSql } from '../../platform/database/db';
import {
  figuresPerPeriod,
  type DayRange,
  type PeriodLength,
} from '../../platform/database/period-statistics';
import type { DealEntity } from '../deals/deal.entity';

export const dealFigures = ['created', 'open', 'won', 'lost'] as const;
export type DealFigure = (typeof dealFigures)[number];

/** Per period: the count (`created`, …) and the revenue (`createdRevenue`, …) of each figure, as text. */
export type DealFigureRow = { period: string } & Record<DealFigure | `${DealFigure}Revenue`, string>;

/**
 * The deal figures per period of `length` over the range. `deals` is the workspace's scoped deal
 * query (filters applied) selecting `created_on` and `closed_on` (UTC days), the status `kind` and
 * the `revenue`. A deal counts as created (and open, while its status is Open) in its creation's
 * period, as won or lost in its closing's, each only when that day lies in the range.
 */
export async function dealFiguresPerPeriod(
  on: WorkspaceSql,
  deals: SelectQueryBuilder<DealEntity>,
  range: DayRange,
  length: PeriodLength,
): Promise<DealFigureRow[]> {
  return figuresPerPeriod(on, deals, range, length, ['created_on', 'closed_on'], (t) => {
    const when: Record<DealFigure, string> = {
      created: `${t.inPeriod('created_on')} AND ${t.inRange('created_on')}`,
      open: `x.kind = 'Open' AND ${t.inPeriod('created_on')} AND ${t.inRange('created_on')}`,
      won: `x.kind = 'Won' AND ${t.inPeriod('closed_on')} AND ${t.inRange('closed_on')}`,
      lost: `x.kind = 'Lost' AND ${t.inPeriod('closed_on')} AND ${t.inRange('closed_on')}`,
    };
    return Object.fromEntries(
      dealFigures.flatMap((f) => [
        [f, `count(x.kind) FILTER (WHERE ${when[f]})`],
        [`${f}Revenue`, `coalesce(sum(x.revenue) FILTER (WHERE ${when[f]}), 0)`],
      ]),
    ) as Record<DealFigure | `${DealFigure}Revenue`, string>;
  });
}
