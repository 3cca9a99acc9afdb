import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { ActivityEntity } from '../../platform/activity/activity.entity';
import { Db } from '../../platform/database/db';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  ActivityStatisticsQuery,
  ActivityStatisticsResponse,
  ActivityTimelineQuery,
  ActivityTimelineResponse,
  Granularity,
} from './activity-statistics.dto';

const units: Record<Granularity, [string, string]> = {
  Day: ['day', '1 day'],
  Week: ['week', '1 week'],
  Month: ['month', '1 month'],
};

/** The most periods one timeline answers. */
const maxPeriods = 1000;

/**
 * Activity counts, computed by PostgreSQL over the workspace's activities in the range (the
 * range scan runs on ix_activities_workspace_timestamp; days are UTC).
 */
@Injectable()
export class ActivityStatisticsService {
  constructor(private readonly db: Db) {}

  async counts(ctx: RequestContext, q: ActivityStatisticsQuery): Promise<ActivityStatisticsResponse> {
    const { from, to } = range(q);
    const rows: Array<{ entity_type: string; type: string; n: string }> = await this.activities(
      ctx,
      q,
      from,
      to,
    )
      .select('a.entity_type', 'entity_type')
      .addSelect('a.type', 'type')
      .addSelect('count(*)', 'n')
      .groupBy('a.entity_type')
      .addGroupBy('a.type')
      .orderBy('n', 'DESC')
      .addOrderBy('a.entity_type')
      .addOrderBy('a.type')
      .getRawMany();
    const data = rows.map((r) => ({ entityType: r.entity_type, type: r.type, count: Number(r.n) }));
    return { from, to, total: data.reduce((n, r) => n + r.count, 0), data };
  }

  async timeline(ctx: RequestContext, q: ActivityTimelineQuery): Promise<ActivityTimelineResponse> {
    const { from, to } = range(q);
    const granularity = q.granularity ?? 'Day';
    const [unit, step] = units[granularity];
    const [periods] = await this.db.unscoped.query(
      `SELECT count(*)::int AS n FROM generate_series(date_trunc($3, $1::date), $2::date, $4::interval) g`,
      [from, to, unit, step],
    );
    if (periods.n > maxPeriods)
      throw badRequest({
        granularity: [`the range holds more than ${maxPeriods} periods; choose a longer one`],
      });
    const [sql, params] = this.activities(ctx, q, from, to)
      .select(`date_trunc('${unit}', a.timestamp AT TIME ZONE 'UTC')::date`, 'period')
      .addSelect('count(*)', 'n')
      .groupBy('1')
      .getQueryAndParameters();
    const p = (n: number) => `$${params.length + n}`;
    const rows: Array<{ period: string; n: number }> = await this.db.unscoped.query(
      `SELECT to_char(s.period, 'YYYY-MM-DD') AS period, coalesce(c.n, 0)::int AS n
         FROM (SELECT g::date AS period
                 FROM generate_series(date_trunc(${p(3)}, ${p(1)}::date), ${p(2)}::date, ${p(4)}::interval) g) s
         LEFT JOIN (${sql}) c ON c.period = s.period
        ORDER BY s.period`,
      [...params, from, to, unit, step],
    );
    return {
      from,
      to,
      granularity,
      total: rows.reduce((n, r) => n + r.n, 0),
      periods: rows.map((r) => ({ period: r.period, count: r.n })),
    };
  }

  /** The workspace's activities from the first moment of `from` to the last of `to` (UTC), filtered. */
  private activities(
    ctx: RequestContext,
    q: ActivityStatisticsQuery,
    from: string,
    to: string,
  ): SelectQueryBuilder<ActivityEntity> {
    const qb = this.db
      .repo(ctx, ActivityEntity, 'Activity')
      .qb('a')
      .andWhere(`a.timestamp >= (CAST(:from AS date)::timestamp AT TIME ZONE 'UTC')`, { from })
      .andWhere(`a.timestamp < ((CAST(:to AS date) + 1)::timestamp AT TIME ZONE 'UTC')`, { to });
    if (q.types?.length) qb.andWhere('a.type IN (:...types)', { types: q.types });
    if (q.entity_types?.length)
      qb.andWhere('a.entity_type IN (:...entityTypes)', { entityTypes: q.entity_types });
    return qb;
  }
}

function range(q: ActivityStatisticsQuery): { from: string; to: string } {
  const to = q.to ?? new Date().toISOString().slice(0, 10);
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86400_000).toISOString().slice(0, 10);
  if (from > to) throw badRequest({ from: ['must be on or before to'] });
  return { from, to };
}
