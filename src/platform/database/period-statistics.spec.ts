import { describe, expect, it } from '@jest/globals';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { WorkspaceSql } from './db';
import { figuresPerPeriod, totalsPerPeriod, utcPeriodOf } from './period-statistics';

/** Records the statement it is given; answers `rows`. (What PostgreSQL answers is the e2e tests' part.) */
function recorder(rows: Array<Record<string, unknown>> = []) {
  const seen: Array<{ text: string; params: readonly unknown[] }> = [];
  const on: WorkspaceSql = {
    workspaceId: 'ws',
    query: <R>(text: string, params: readonly unknown[]) => {
      seen.push({ text, params });
      return Promise.resolve(rows as R[]);
    },
  };
  return { on, seen };
}

/** A query builder's statement with its own parameters (the workspace and one filter). */
const rowsOf = (sql: string) =>
  ({ getQueryAndParameters: () => [sql, ['ws', 'Open']] }) as unknown as SelectQueryBuilder<ObjectLiteral>;

describe('period statistics', () => {
  it("numbers the range's parameters after the rows' own", async () => {
    const { on, seen } = recorder();
    await figuresPerPeriod(
      on,
      rowsOf('SELECT d.on AS day FROM deals d WHERE d.workspace_id = $1 AND d.kind = $2'),
      { from: '2026-01-01', to: '2026-03-31' },
      'Month',
      ['day'],
      (t) => ({ n: `count(*) FILTER (WHERE ${t.inRange('day')})` }),
    );
    const [{ text, params }] = seen;
    expect(params).toEqual(['ws', 'Open', '2026-01-01', '2026-03-31', 'month', '1 month']);
    expect(text).toContain('generate_series(date_trunc($5, $3::date), $4::date, $6::interval)');
    expect(text).toContain('ON date_trunc($5, x.day)::date = p.period');
    expect(text).toContain('count(*) FILTER (WHERE x.day BETWEEN $3::date AND $4::date) AS "n"');
  });

  it('joins a row to the period of any of its dates', async () => {
    const { on, seen } = recorder();
    await figuresPerPeriod(
      on,
      rowsOf('SELECT 1'),
      { from: '2026-01-01', to: '2026-01-02' },
      'Day',
      ['a', 'b'],
      () => ({
        n: 'count(*)',
      }),
    );
    expect(seen[0].text).toContain(
      'ON date_trunc($5, x.a)::date = p.period OR date_trunc($5, x.b)::date = p.period',
    );
  });

  it('reads counts as numbers and sums as exact text', async () => {
    const { on } = recorder([
      { period: '2026-01-01', count: 2, sum: '10.5000' },
      { period: '2026-01-02', count: 0, sum: '0' },
    ]);
    const totals = await totalsPerPeriod(
      on,
      rowsOf('SELECT 1'),
      { from: '2026-01-01', to: '2026-01-02' },
      'Day',
      'at',
      'revenue',
    );
    expect(totals).toEqual([
      { period: '2026-01-01', count: 2, sum: '10.5000' },
      { period: '2026-01-02', count: 0, sum: '0' },
    ]);
  });

  it('buckets a timestamp column by its UTC period', () => {
    expect(utcPeriodOf('Day', 'o.ordered_at')).toBe(`date_trunc('day', o.ordered_at AT TIME ZONE 'UTC')`);
    expect(utcPeriodOf('Quarter', 't')).toBe(`date_trunc('quarter', t AT TIME ZONE 'UTC')`);
  });
});
