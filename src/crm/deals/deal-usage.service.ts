import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { DealFilterableValues, DealUsageQuery, FilterableValue, UsedDealStatus, UsedValue } from './deal.dto';
import { DealEntity } from './deal.entity';
import { dealTagCounts } from './deals.queries';

interface Row {
  value: string;
  label: string | null;
  count: string;
}

/** What the deals of the workspace use: statuses, tags, and the values every list filter can take. */
@Injectable()
export class DealUsageService {
  constructor(private readonly db: Db) {}

  /** The workspace's deals (scoped), narrowed by the usage filters. */
  private deals(ctx: RequestContext, q: DealUsageQuery): SelectQueryBuilder<DealEntity> {
    const qb = this.db.repo(ctx, DealEntity, 'Deal').qb('d');
    if (q.pipeline_ids?.length)
      qb.andWhere('d.pipeline_id IN (:...pipelines)', { pipelines: q.pipeline_ids });
    if (q.archived !== undefined) qb.andWhere('d.archived = :archived', { archived: q.archived });
    return qb;
  }

  async statuses(ctx: RequestContext, q: DealUsageQuery): Promise<Page<UsedDealStatus>> {
    const rows = await this.deals(ctx, q)
      .innerJoin('pipeline_statuses', 's', 's.id = d.status_id')
      .select('d.status_id', 'statusId')
      .addSelect('s.title', 'title')
      .addSelect('s.kind', 'kind')
      .addSelect('d.pipeline_id', 'pipelineId')
      .addSelect('count(*)', 'count')
      .groupBy('d.status_id')
      .addGroupBy('s.title')
      .addGroupBy('s.kind')
      .addGroupBy('s.display_order')
      .addGroupBy('d.pipeline_id')
      .orderBy('d.pipeline_id')
      .addOrderBy('s.display_order')
      .getRawMany<UsedDealStatus & { count: string }>();
    const data = rows.map((r) => ({ ...r, count: Number(r.count) }));
    return { data, total: data.length };
  }

  async tags(ctx: RequestContext, q: DealUsageQuery): Promise<Page<UsedValue>> {
    const data = (await this.tagRows(ctx, q)).map((r) => ({ value: r.value, count: Number(r.count) }));
    return { data, total: data.length };
  }

  /** Tag counts of the workspace's deals, narrowed by the usage filters. */
  private tagRows(ctx: RequestContext, q: DealUsageQuery): Promise<Row[]> {
    return dealTagCounts(this.db.sql(ctx), this.deals(ctx, q));
  }

  async filterableValues(ctx: RequestContext, q: DealUsageQuery): Promise<DealFilterableValues> {
    const grouped = (column: string, join?: [string, string, string]) => {
      const qb = this.deals(ctx, q);
      if (join) qb.leftJoin(join[0], 'x', join[1]);
      return qb
        .select(column, 'value')
        .addSelect(join ? join[2] : 'NULL', 'label')
        .addSelect('count(*)', 'count')
        .andWhere(`${column} IS NOT NULL`)
        .groupBy(column)
        .addGroupBy('label')
        .orderBy('count(*)', 'DESC')
        .addOrderBy(column)
        .getRawMany<Row>();
    };
    const map = (rows: Row[]): FilterableValue[] =>
      rows.map((r) => ({ value: String(r.value), label: r.label, count: Number(r.count) }));
    return {
      owners: map(await grouped('d.owner_id', ['users', 'x.id = d.owner_id', 'x.display_name'])),
      accounts: map(await grouped('d.account_id', ['accounts', 'x.id = d.account_id', 'x.display_name'])),
      pipelines: map(await grouped('d.pipeline_id', ['pipelines', 'x.id = d.pipeline_id', 'x.title'])),
      statuses: map(await grouped('d.status_id', ['pipeline_statuses', 'x.id = d.status_id', 'x.title'])),
      tags: map(await this.tagRows(ctx, q)),
      archived: map(await grouped('d.archived')),
    };
  }
}
