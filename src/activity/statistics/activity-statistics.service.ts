import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { ActivityEntity } from '../../platform/activity/activity.entity';
import { Db } from '../../platform/database/db';
import { countPeriods, totalsPerPeriod } from '../../platform/database/period-statistics';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  ActivityStatisticsQuery,
  ActivityStatisticsResponse,
  ActivityTimelineQuery,
  ActivityTimelineResponse,
} from './activity-statistics.dto';

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
    const on = this.db.sql(ctx);
    if ((await countPeriods(on, { from, to }, granularity)) > maxPeriods)
      throw badRequest({
        granularity: [`the range holds more than ${maxPeriods} periods; choose a longer one`],
      });
    const activities = this.activities(ctx, q, from, to).select(`a.timestamp AT TIME ZONE 'UTC'`, 'at');
    const rows = await totalsPerPeriod(on, activities, { from, to }, granularity, 'at');
    return {
      from,
      to,
      granularity,
      total: rows.reduce((n, r) => n + r.count, 0),
      periods: rows.map((r) => ({ period: r.period, count: r.count })),
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
