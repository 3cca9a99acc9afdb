import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ProductReferencesService } from '../../catalog/catalog.api';
import { UsersService } from '../../identity/identity.api';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { badRequest, conflict, FieldErrors } from '../../platform/http/problem';
import { dateOnly, respond, scopedFields } from '../../platform/http/resource';
import { AccountEntity } from '../accounts/account.entity';
import { ContactEntity } from '../contacts/contact.entity';
import { PipelineEntity, PipelineStatusEntity } from '../pipelines/pipeline.entity';
import { money } from '../pipelines/pipelines.service';
import { checkCustomFields, resolveStatus } from './deal-rules';
import { CreateDealRequest, DealListQuery, DealResponse, UpdateDealRequest } from './deal.dto';
import { DealContactEntity, DealEntity, DealProductEntity } from './deal.entity';

const num = (v: string) => Number(v);

export const toDealResponse = (
  e: DealEntity,
  contacts: DealContactEntity[],
  products: DealProductEntity[],
): DealResponse => ({
  ...scopedFields(e),
  title: e.title,
  expectedRevenue: e.expectedRevenue === null ? null : money(e.expectedRevenue),
  pipelineId: e.pipelineId,
  statusId: e.statusId,
  statusModifiedAt: e.statusModifiedAt.toISOString(),
  archived: e.archived,
  tags: e.tags,
  description: e.description,
  ownerId: e.ownerId,
  accountId: e.accountId,
  successRate: e.successRate,
  startDate: dateOnly(e.startDate),
  endDate: dateOnly(e.endDate),
  contacts: contacts
    .sort((a, b) => a.position - b.position)
    .map((c) => ({ contactId: c.contactId, role: c.role })),
  products: products
    .sort((a, b) => a.position - b.position)
    .map((p) => ({
      productId: p.productId,
      quantity: num(p.quantity),
      unitPrice: num(p.unitPrice),
      total: money(num(p.quantity) * num(p.unitPrice)),
    })),
  customFields: e.customFields ?? {},
});

/** What a person changes: the activity snapshot (statusModifiedAt and archived follow from other changes). */
const snapshot = (r: DealResponse) => ({
  title: r.title,
  expectedRevenue: r.expectedRevenue,
  pipelineId: r.pipelineId,
  statusId: r.statusId,
  tags: r.tags,
  description: r.description,
  ownerId: r.ownerId,
  accountId: r.accountId,
  successRate: r.successRate,
  startDate: r.startDate,
  endDate: r.endDate,
  contacts: r.contacts,
  products: r.products.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })),
  customFields: r.customFields,
  externalReference: r.externalReference,
});

type Reader = Pick<Tx, 'repo'>;

/** Deals: opportunities in a pipeline, with their contacts and products. */
@Injectable()
export class DealsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly products: ProductReferencesService,
  ) {}

  private reader(ctx: RequestContext): Reader {
    return { repo: (target, label) => this.db.repo(ctx, target, label) } as Reader;
  }

  /** The answers of these deals, with their contacts and products (two queries for any number). */
  async answers(r: Reader, deals: DealEntity[]): Promise<DealResponse[]> {
    if (deals.length === 0) return [];
    const ids = deals.map((d) => d.id);
    const contacts = await r.repo(DealContactEntity).find({ where: { dealId: In(ids) } });
    const products = await r.repo(DealProductEntity).find({ where: { dealId: In(ids) } });
    return deals.map((d) =>
      toDealResponse(
        d,
        contacts.filter((c) => c.dealId === d.id),
        products.filter((p) => p.dealId === d.id),
      ),
    );
  }

  private async answer(r: Reader, deal: DealEntity): Promise<DealResponse> {
    const [answer] = await this.answers(r, [deal]);
    return respond(deal, () => answer);
  }

  async list(ctx: RequestContext, q: DealListQuery): Promise<Page<DealResponse>> {
    const qb = this.db.repo(ctx, DealEntity, 'Deal').qb('d');
    filterByIds(qb, q);
    if (q['expected_revenue.Min'] !== undefined)
      qb.andWhere('d.expected_revenue >= :revMin', { revMin: q['expected_revenue.Min'] });
    if (q['expected_revenue.Max'] !== undefined)
      qb.andWhere('d.expected_revenue <= :revMax', { revMax: q['expected_revenue.Max'] });
    if (q.owner_ids?.length) qb.andWhere('d.owner_id IN (:...owners)', { owners: q.owner_ids });
    if (q.account_ids?.length) qb.andWhere('d.account_id IN (:...accounts)', { accounts: q.account_ids });
    if (q.pipeline_ids?.length)
      qb.andWhere('d.pipeline_id IN (:...pipelines)', { pipelines: q.pipeline_ids });
    if (q.status_ids?.length) qb.andWhere('d.status_id IN (:...statuses)', { statuses: q.status_ids });
    if (q.tags?.length) qb.andWhere('d.tags && :tags::text[]', { tags: q.tags });
    if (q.archived !== undefined) qb.andWhere('d.archived = :archived', { archived: q.archived });
    const page = await paginate(qb, listParams(q), {
      sort: {
        CreatedAt: 'd.created_at',
        Title: 'lower(d.title)',
        ExpectedRevenue: 'd.expected_revenue',
        SuccessRate: 'd.success_rate',
        ModifiedAt: 'd.modified_at',
      },
      search: ['d.title', 'd.description'],
    });
    return { data: await this.answers(this.reader(ctx), page.data), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<DealResponse> {
    return this.answer(this.reader(ctx), await this.db.repo(ctx, DealEntity, 'Deal').get(id));
  }

  async create(ctx: RequestContext, body: CreateDealRequest): Promise<DealResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(DealEntity, 'Deal');
      const deal = repo.create({ archived: false });
      await this.apply(tx, deal, body, true);
      const saved = await repo.save(deal);
      await this.saveLines(tx, saved.id, body);
      const answer = await this.answer(tx, saved);
      await tx.activities.created('Deal', saved.id, snapshot(answer));
      return answer;
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateDealRequest): Promise<DealResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(DealEntity, 'Deal');
      const deal = await repo.getForWrite(id);
      const before = await this.answer(tx, deal);
      await this.apply(tx, deal, body, false);
      const saved = await repo.save(deal);
      await tx.repo(DealContactEntity).delete({ dealId: id });
      await tx.repo(DealProductEntity).delete({ dealId: id });
      await this.saveLines(tx, id, body);
      const after = await this.answer(tx, saved);
      await tx.activities.updated('Deal', id, snapshot(before), snapshot(after));
      return after;
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(DealEntity, 'Deal');
      const deal = await repo.getForWrite(id);
      const last = await this.answer(tx, deal);
      await repo.remove(deal);
      await tx.activities.deleted('Deal', id, snapshot(last));
    });
  }

  /** PUT …/archive and …/restore: 409 when the deal already is in the asked state. */
  async setArchived(ctx: RequestContext, id: string, archived: boolean): Promise<DealResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(DealEntity, 'Deal');
      const deal = await repo.getForWrite(id);
      if (deal.archived === archived)
        throw conflict(`Deal ${id} is ${archived ? 'already archived' : 'not archived'}.`);
      deal.archived = archived;
      const saved = await repo.save(deal);
      await tx.activities.event('Deal', id, archived ? 'DealArchived' : 'DealRestored', {
        property: 'archived',
        oldValue: !archived,
        newValue: archived,
      });
      return this.answer(tx, saved);
    });
  }

  /** Validates the body against the workspace and applies it (a full replacement on update). */
  private async apply(tx: Tx, deal: DealEntity, body: CreateDealRequest, isNew: boolean): Promise<void> {
    await this.users.assertMembers(tx.manager, tx.ctx, 'ownerId', [body.ownerId]);
    const errors: FieldErrors = {};
    const pipeline = await tx.repo(PipelineEntity, 'Pipeline').findOne({ id: body.pipelineId });
    if (!pipeline)
      throw badRequest({ pipelineId: [`Pipeline ${body.pipelineId} does not exist in this workspace.`] });
    const statuses = await tx.repo(PipelineStatusEntity).find({ where: { pipelineId: pipeline.id } });
    const status = resolveStatus(statuses, body.statusId, isNew ? undefined : deal.statusId, errors);
    const customFields = checkCustomFields(pipeline.customFields, body.customFields ?? {}, errors);
    if (body.startDate && body.endDate && body.endDate < body.startDate)
      errors.endDate = ['must be on or after startDate'];
    if (body.accountId && !(await tx.repo(AccountEntity).exists({ id: body.accountId }))) {
      errors.accountId = [`Account ${body.accountId} does not exist in this workspace.`];
    }
    await this.checkLines(tx, body, errors);
    if (!status && !errors.statusId) errors.statusId = ['the pipeline has no statuses'];
    if (Object.keys(errors).length || !status) throw badRequest(errors);

    if (isNew || deal.statusId !== status.id) deal.statusModifiedAt = new Date();
    Object.assign(deal, {
      title: body.title,
      description: body.description ?? null,
      expectedRevenue: body.expectedRevenue == null ? null : body.expectedRevenue.toFixed(2),
      pipelineId: pipeline.id,
      statusId: status.id,
      successRate: body.successRate ?? status.successRate,
      ownerId: body.ownerId ?? null,
      accountId: body.accountId ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
      tags: [...new Set((body.tags ?? (isNew ? pipeline.tags : [])).map((t) => t.trim()))],
      customFields,
      externalReference: body.externalReference ?? null,
    });
  }

  /** Contacts and products must exist in the workspace; each contact once. */
  private async checkLines(tx: Tx, body: CreateDealRequest, errors: FieldErrors): Promise<void> {
    const contacts = body.contacts ?? [];
    if (contacts.length) {
      const found = await tx
        .repo(ContactEntity)
        .find({ select: { id: true }, where: { id: In(contacts.map((c) => c.contactId)) } });
      const have = new Set(found.map((c) => c.id));
      const seen = new Set<string>();
      contacts.forEach((c, i) => {
        if (!have.has(c.contactId))
          errors[`contacts[${i}].contactId`] = [`Contact ${c.contactId} does not exist in this workspace.`];
        else if (seen.has(c.contactId)) errors[`contacts[${i}].contactId`] = ['appears twice'];
        seen.add(c.contactId);
      });
    }
    const products = body.products ?? [];
    if (products.length) {
      const found = await this.products.summaries(tx, { ids: products.map((p) => p.productId) });
      const have = new Set(found.map((p) => p.id));
      products.forEach((p, i) => {
        if (!have.has(p.productId))
          errors[`products[${i}].productId`] = [`Product ${p.productId} does not exist in this workspace.`];
      });
    }
  }

  private async saveLines(tx: Tx, dealId: string, body: CreateDealRequest): Promise<void> {
    const ws = tx.ctx.workspaceId;
    const contacts = (body.contacts ?? []).map((c, position) =>
      Object.assign(new DealContactEntity(), {
        id: randomUUID(),
        workspaceId: ws,
        dealId,
        contactId: c.contactId,
        role: c.role ?? null,
        position,
      }),
    );
    const products = (body.products ?? []).map((p, position) =>
      Object.assign(new DealProductEntity(), {
        id: randomUUID(),
        workspaceId: ws,
        dealId,
        productId: p.productId,
        quantity: String(p.quantity),
        unitPrice: String(p.unitPrice),
        position,
      }),
    );
    if (contacts.length) await tx.repo(DealContactEntity).save(contacts);
    if (products.length) await tx.repo(DealProductEntity).save(products);
  }
}
