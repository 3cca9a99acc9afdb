import { Injectable } from '@nestjs/common';
import { ActivityEntity } from '../../platform/activity/activity.entity';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate } from '../../platform/http/paginate';
import { ActivityFilterRequest, ActivityListQuery, ActivityResponse } from './activity.dto';

export interface ActivityFilter {
  entityIds?: string[];
  types?: string[];
  entityTypes?: string[];
  from?: string;
  to?: string;
}

export const toActivityResponse = (a: ActivityEntity): ActivityResponse => ({
  id: a.id,
  workspace: a.workspaceId,
  entityId: a.entityId,
  entityType: a.entityType,
  type: a.type,
  timestamp: a.timestamp.toISOString(),
  actor: { id: a.actorId, type: a.actorType },
  data: a.data,
});

@Injectable()
export class ActivitiesService {
  constructor(private readonly db: Db) {}

  fromQuery(ctx: RequestContext, q: ActivityListQuery): Promise<Page<ActivityResponse>> {
    return this.list(ctx, q, {
      entityIds: q.entity_ids,
      types: q.types,
      entityTypes: q.entity_types,
      from: q['timestamp.Min'],
      to: q['timestamp.Max'],
    });
  }

  fromBody(ctx: RequestContext, body: ActivityFilterRequest): Promise<Page<ActivityResponse>> {
    return this.list(ctx, body, {
      entityIds: body.entityIds,
      types: body.types,
      entityTypes: body.entityTypes,
      from: body.timestamp?.min,
      to: body.timestamp?.max,
    });
  }

  private async list(
    ctx: RequestContext,
    q: ActivityListQuery | ActivityFilterRequest,
    f: ActivityFilter,
  ): Promise<Page<ActivityResponse>> {
    const qb = this.db.repo(ctx, ActivityEntity, 'Activity').qb('a');
    if (f.entityIds?.length) qb.andWhere('a.entity_id IN (:...entityIds)', { entityIds: f.entityIds });
    if (f.types?.length) qb.andWhere('a.type IN (:...types)', { types: f.types });
    if (f.entityTypes?.length)
      qb.andWhere('a.entity_type IN (:...entityTypes)', { entityTypes: f.entityTypes });
    if (f.from) qb.andWhere('a.timestamp >= :from', { from: f.from });
    if (f.to) qb.andWhere('a.timestamp <= :to', { to: f.to });
    const page = await paginate(qb, listParams(q), {
      sort: { Timestamp: 'a.timestamp' },
      search: ['a.type', 'a.entity_type'],
    });
    return { data: page.data.map(toActivityResponse), total: page.total };
  }
}
