import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { badRequest, conflict, FieldErrors } from '../../platform/http/problem';
import { respond, scopedFields } from '../../platform/http/resource';
import { DealEntity } from '../deals/deal.entity';
import {
  CreatePipelineRequest,
  DealTally,
  defaultPipelineStatuses,
  PipelineListQuery,
  PipelineStatusBody,
  PipelineResponse,
  PipelineStatisticsQuery,
  PipelineStatisticsResponse,
  UpdatePipelineRequest,
} from './pipeline.dto';
import { PipelineEntity, PipelineStatusEntity, StatusKind } from './pipeline.entity';

const byDisplayOrder = (a: PipelineStatusEntity, b: PipelineStatusEntity) =>
  a.displayOrder - b.displayOrder || a.id.localeCompare(b.id);

export const toPipelineResponse = (
  e: PipelineEntity,
  statuses: PipelineStatusEntity[],
): PipelineResponse => ({
  ...scopedFields(e),
  title: e.title,
  description: e.description,
  statuses: [...statuses].sort(byDisplayOrder).map((s) => ({
    id: s.id,
    title: s.title,
    displayOrder: s.displayOrder,
    successRate: s.successRate,
    kind: s.kind,
  })),
  tags: e.tags,
  customFields: e.customFields,
});

const snapshot = (r: PipelineResponse) => ({
  title: r.title,
  description: r.description,
  statuses: r.statuses,
  tags: r.tags,
  customFields: r.customFields,
  externalReference: r.externalReference,
});

/** Money sums come from numeric SQL; they are rounded to 2 decimals at the edge. */
export const money = (v: string | number | null | undefined): number =>
  Math.round(Number(v ?? 0) * 100) / 100;

const tally = (rows: Array<{ deals: string; revenue: string; weighted: string }>): DealTally => ({
  dealCount: rows.reduce((n, r) => n + Number(r.deals), 0),
  expectedRevenue: money(rows.reduce((n, r) => n + Number(r.revenue), 0)),
  weightedRevenue: money(rows.reduce((n, r) => n + Number(r.weighted), 0)),
});

/** Pipelines and their ordered stages (statuses). */
@Injectable()
export class PipelinesService {
  constructor(private readonly db: Db) {}

  async list(ctx: RequestContext, q: PipelineListQuery): Promise<Page<PipelineResponse>> {
    const qb = this.db.repo(ctx, PipelineEntity, 'Pipeline').qb('p');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), {
      sort: { Title: 'lower(p.title)' },
      search: ['p.title', 'p.description'],
    });
    const statuses = page.data.length
      ? await this.db
          .repo(ctx, PipelineStatusEntity)
          .find({ where: { pipelineId: In(page.data.map((p) => p.id)) } })
      : [];
    return {
      data: page.data.map((p) =>
        toPipelineResponse(
          p,
          statuses.filter((s) => s.pipelineId === p.id),
        ),
      ),
      total: page.total,
    };
  }

  async get(ctx: RequestContext, id: string): Promise<PipelineResponse> {
    const pipeline = await this.db.repo(ctx, PipelineEntity, 'Pipeline').get(id);
    const statuses = await this.db.repo(ctx, PipelineStatusEntity).find({ where: { pipelineId: id } });
    return respond(pipeline, (p) => toPipelineResponse(p, statuses));
  }

  async create(ctx: RequestContext, body: CreatePipelineRequest): Promise<PipelineResponse> {
    checkBody(body);
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(PipelineEntity, 'Pipeline').insert({ ...fields(body) });
      const statuses = await tx
        .repo(PipelineStatusEntity)
        .save(
          (body.statuses ?? defaultPipelineStatuses).map((s, i) =>
            statusRow(tx, saved.id, randomUUID(), s, i),
          ),
        );
      const answer = toPipelineResponse(saved, statuses);
      await tx.activities.created('Pipeline', saved.id, snapshot(answer));
      return respond(saved, () => answer);
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdatePipelineRequest): Promise<PipelineResponse> {
    // Omitted statuses keep the current stages (as an omitted field keeps its value elsewhere).
    checkBody(body);
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(PipelineEntity, 'Pipeline');
      const statusRepo = tx.repo(PipelineStatusEntity);
      const pipeline = await repo.getForWrite(id);
      const existing = await statusRepo.find({ where: { pipelineId: id } });
      const before = toPipelineResponse(pipeline, existing);

      Object.assign(pipeline, fields(body));
      if (body.statuses === undefined) {
        const saved = await repo.save(pipeline);
        const answer = toPipelineResponse(saved, existing);
        await tx.activities.updated('Pipeline', id, snapshot(before), snapshot(answer));
        return respond(saved, () => answer);
      }
      const wanted = body.statuses;
      const known = new Set(existing.map((s) => s.id));
      const errors: FieldErrors = {};
      wanted.forEach((s, i) => {
        if (s.id && !known.has(s.id))
          errors[`statuses[${i}].id`] = [`Status ${s.id} is not a status of this pipeline.`];
      });
      if (Object.keys(errors).length) throw badRequest(errors);

      const kept = new Set(wanted.map((s) => s.id).filter(Boolean));
      const removed = existing.filter((s) => !kept.has(s.id));
      if (removed.length) {
        const inUse = await tx
          .repo(DealEntity)
          .qb('d')
          .select('d.status_id', 'statusId')
          .addSelect('count(*)', 'deals')
          .andWhere('d.status_id IN (:...ids)', { ids: removed.map((s) => s.id) })
          .groupBy('d.status_id')
          .getRawMany<{ statusId: string; deals: string }>();
        if (inUse.length) {
          const titles = inUse.map(
            (u) => `"${removed.find((s) => s.id === u.statusId)!.title}" (${u.deals} deals)`,
          );
          throw conflict(
            `Statuses still used by deals cannot be removed: ${titles.join(', ')}. Move the deals first.`,
            {
              statuses: [`still used by deals: ${titles.join(', ')}`],
            },
          );
        }
        await statusRepo.delete({ id: In(removed.map((s) => s.id)) });
      }

      const saved = await repo.save(pipeline);
      const statuses = await statusRepo.save(
        wanted.map((s, i) => statusRow(tx, id, s.id ?? randomUUID(), s, i)),
      );
      const answer = toPipelineResponse(saved, statuses);
      await tx.activities.updated('Pipeline', id, snapshot(before), snapshot(answer));
      return respond(saved, () => answer);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(PipelineEntity, 'Pipeline');
      const pipeline = await repo.getForWrite(id);
      const deals = await tx.repo(DealEntity).count({ pipelineId: id });
      if (deals > 0)
        throw conflict(`Pipeline ${id} is still used by ${deals} deal(s); move or delete them first.`);
      const statuses = await tx.repo(PipelineStatusEntity).find({ where: { pipelineId: id } });
      await repo.remove(pipeline);
      await tx.activities.deleted('Pipeline', id, snapshot(toPipelineResponse(pipeline, statuses)));
    });
  }

  /** Deals and expected revenue per status, and the Open / Won / Lost totals. */
  async statistics(
    ctx: RequestContext,
    id: string,
    q: PipelineStatisticsQuery,
  ): Promise<PipelineStatisticsResponse> {
    await this.db.repo(ctx, PipelineEntity, 'Pipeline').get(id);
    const statuses = (await this.db.repo(ctx, PipelineStatusEntity).find({ where: { pipelineId: id } })).sort(
      byDisplayOrder,
    );
    const qb = this.db
      .repo(ctx, DealEntity)
      .qb('d')
      .select('d.status_id', 'statusId')
      .addSelect('count(*)', 'deals')
      .addSelect('coalesce(sum(d.expected_revenue), 0)', 'revenue')
      .addSelect('coalesce(sum(d.expected_revenue * d.success_rate / 100.0), 0)', 'weighted')
      .andWhere('d.pipeline_id = :id', { id })
      .groupBy('d.status_id');
    if (!q.include_archived) qb.andWhere('d.archived = false');
    const rows = await qb.getRawMany<{
      statusId: string;
      deals: string;
      revenue: string;
      weighted: string;
    }>();
    const zero = { deals: '0', revenue: '0', weighted: '0' };
    const perStatus = statuses.map((s) => ({
      status: s,
      row: rows.find((r) => r.statusId === s.id) ?? { ...zero, statusId: s.id },
    }));
    const ofKind = (kind: StatusKind) =>
      tally(perStatus.filter((p) => p.status.kind === kind).map((p) => p.row));
    return {
      pipelineId: id,
      statuses: perStatus.map(({ status, row }) => ({
        statusId: status.id,
        title: status.title,
        kind: status.kind,
        displayOrder: status.displayOrder,
        ...tally([row]),
      })),
      open: ofKind('Open'),
      won: ofKind('Won'),
      lost: ofKind('Lost'),
      total: tally(perStatus.map((p) => p.row)),
    };
  }
}

function fields(body: CreatePipelineRequest): Partial<PipelineEntity> {
  return {
    title: body.title,
    description: body.description ?? null,
    externalReference: body.externalReference ?? null,
    tags: [...new Set((body.tags ?? []).map((t) => t.trim()))],
    customFields: (body.customFields ?? []).map((f) => ({ key: f.key, label: f.label, type: f.type })),
  };
}

function statusRow(
  tx: Tx,
  pipelineId: string,
  id: string,
  s: Pick<PipelineStatusBody, 'title' | 'displayOrder' | 'successRate' | 'kind'>,
  index: number,
): PipelineStatusEntity {
  return Object.assign(new PipelineStatusEntity(), {
    id,
    workspaceId: tx.ctx.workspaceId,
    pipelineId,
    title: s.title,
    displayOrder: s.displayOrder ?? index,
    successRate: s.successRate ?? 0,
    kind: s.kind ?? 'Open',
  });
}

/** Rules across array items: unique status ids and custom field keys, at least one Open stage. */
function checkBody(body: CreatePipelineRequest): void {
  const errors: FieldErrors = {};
  const ids = new Set<string>();
  const statuses = body.statuses ?? defaultPipelineStatuses;
  statuses.forEach((s: PipelineStatusBody, i) => {
    if (s.id && ids.has(s.id)) errors[`statuses[${i}].id`] = ['appears twice'];
    if (s.id) ids.add(s.id);
  });
  if (!statuses.some((s) => (s.kind ?? 'Open') === 'Open'))
    errors.statuses = ['needs at least one status of kind Open'];
  const keys = new Set<string>();
  (body.customFields ?? []).forEach((f, i) => {
    if (keys.has(f.key)) errors[`customFields[${i}].key`] = ['appears twice'];
    keys.add(f.key);
  });
  if (Object.keys(errors).length) throw badRequest(errors);
}
