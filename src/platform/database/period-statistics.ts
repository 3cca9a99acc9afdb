import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { WorkspaceSql } from './db';

/**
 * Statistics over a range of days, one row per period (a day, week, month, …): the periods are a
 * `generate_series` from the start of the first one to the range's last day, so empty periods
 * answer zeros; days are UTC. Shared by the activity, deal and sales order statistics.
 */

/** A range of UTC days, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

/** The lengths a period can have: `date_trunc`'s unit and the `generate_series` step. */
export const periodLengths = {
  Day: { unit: 'day', step: '1 day' },
  Week: { unit: 'week', step: '1 week' },
  Month: { unit: 'month', step: '1 month' },
  Quarter: { unit: 'quarter', step: '3 months' },
  Year: { unit: 'year', step: '1 year' },
} as const;

export type PeriodLength = keyof typeof periodLengths;

/** The start of the period of `length` holding the timestamp column, taken in UTC (for query builders). */
export const utcPeriodOf = (length: PeriodLength, timestamp: string): string =>
  `date_trunc('${periodLengths[length].unit}', ${timestamp} AT TIME ZONE 'UTC')`;

/** How many periods of `length` the range touches (the first one counted from its start). */
export async function countPeriods(on: WorkspaceSql, range: DayRange, length: PeriodLength): Promise<number> {
  const { unit, step } = periodLengths[length];
  const [row] = await on.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM generate_series(date_trunc($3, $1::date), $2::date, $4::interval) g`,
    [range.from, range.to, unit, step],
  );
  return row.n;
}

/** Conditions a figure may put on a row `x` of its period `p`. */
export interface PeriodTerms {
  /** The row's date column `date` (a date, or a timestamp already in UTC) lies in the period. */
  inPeriod(date: string): string;
  /** The row's date column `date` lies in the range's days. */
  inRange(date: string): string;
}

/**
 * One row per period of `length` over the range, in order and empty ones included: the period's
 * first day (`period`, `YYYY-MM-DD`) and `figures`, aggregates over the rows `x` of `rows` that fall
 * in it. `rows` is a query of the workspace (its scoped query builder, filters applied) selecting
 * the `dates` columns (a row joins each period one of them lies in) and what the figures read.
 * Figures come back as the driver reads them (a bigint or numeric as text).
 */
export async function figuresPerPeriod<F extends string>(
  on: WorkspaceSql,
  rows: SelectQueryBuilder<ObjectLiteral>,
  range: DayRange,
  length: PeriodLength,
  dates: readonly string[],
  figures: (terms: PeriodTerms) => Record<F, string>,
): Promise<Array<{ period: string } & Record<F, string>>> {
  const { unit, step } = periodLengths[length];
  const [rowsSql, params] = rows.getQueryAndParameters();
  const p = (n: number) => `$${params.length + n}`;
  const [fromP, toP, unitP, stepP] = [p(1), p(2), p(3), p(4)];
  const terms: PeriodTerms = {
    inPeriod: (date) => `date_trunc(${unitP}, x.${date})::date = p.period`,
    inRange: (date) => `x.${date} BETWEEN ${fromP}::date AND ${toP}::date`,
  };
  const columns = Object.entries<string>(figures(terms))
    .map(([name, sql]) => `${sql} AS "${name}"`)
    .join(',\n');
  return on.query(
    `WITH p AS (SELECT g::date AS period FROM generate_series(date_trunc(${unitP}, ${fromP}::date), ${toP}::date, ${stepP}::interval) g)
     SELECT to_char(p.period, 'YYYY-MM-DD') AS period, ${columns}
       FROM p LEFT JOIN (${rowsSql}) x ON ${dates.map(terms.inPeriod).join(' OR ')}
      GROUP BY p.period ORDER BY p.period`,
    [...params, range.from, range.to, unit, step],
  );
}

/** A period's row count, and the sum of a column (`'0'` when none was asked for). */
export interface PeriodTotal {
  period: string;
  count: number;
  /** Exact decimal text. */
  sum: string;
}

/**
 * The count of `rows` per period of `length` over the range (see figuresPerPeriod), by their date
 * column `date`, and the sum of their column `sum` when given.
 */
export async function totalsPerPeriod(
  on: WorkspaceSql,
  rows: SelectQueryBuilder<ObjectLiteral>,
  range: DayRange,
  length: PeriodLength,
  date: string,
  sum?: string,
): Promise<PeriodTotal[]> {
  const found = await figuresPerPeriod(on, rows, range, length, [date], () => ({
    count: `count(x.${date})::int`,
    sum: sum ? `coalesce(sum(x.${sum}), 0)::text` : `'0'`,
  }));
  return found.map((r) => ({ period: r.period, count: Number(r.count), sum: r.sum }));
}
