import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Env } from '../../config/env';
import { ActivityTypes } from '../../platform/activity/activity-types';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { badRequest, conflict, FieldErrors, notFound } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { notifyWorkers } from '../delivery/deliveries.queries';
import { newSecret } from '../delivery/signature';
import { resolveTarget, TargetRefused } from '../delivery/target-address';
import {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryAttemptListQuery,
  WebhookDeliveryAttemptResponse,
  WebhookDeliveryListQuery,
  WebhookDeliveryResponse,
  WebhookListQuery,
  WebhookResponse,
  WebhookTopic,
} from './webhook.dto';
import { WebhookDeliveryAttemptEntity, WebhookDeliveryEntity, WebhookEntity } from './webhook.entity';

const label = 'Webhook';

/** The answer; the secret only when `withSecret` (create, rotation). */
const toWebhookResponse =
  (withSecret = false) =>
  (e: WebhookEntity): WebhookResponse => ({
    ...scopedFields(e),
    url: e.url,
    topics: e.topics,
    active: e.active,
    description: e.description,
    secret: withSecret ? e.secret : null,
    failingSince: e.failingSince?.toISOString() ?? null,
  });

/** What activities compare: never the secret (it is not in the answer either). */
const snapshot = (e: WebhookEntity) => {
  const { secret: _secret, failingSince: _failing, ...rest } = withoutScopedFields(toWebhookResponse()(e));
  return rest;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toDeliveryResponse = (d: WebhookDeliveryEntity): WebhookDeliveryResponse => ({
  id: d.id,
  webhookId: d.webhookId,
  activityId: d.activityId,
  activityType: d.activityType,
  status: d.status,
  attempts: d.attempts,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: iso(d.lastAttemptAt),
  lastStatusCode: d.lastStatusCode,
  lastDurationMs: d.lastDurationMs,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'Pending' ? iso(d.nextAttemptAt) : null,
  deliveredAt: iso(d.deliveredAt),
});

const toAttemptResponse = (a: WebhookDeliveryAttemptEntity): WebhookDeliveryAttemptResponse => ({
  attempt: a.attempt,
  startedAt: a.startedAt.toISOString(),
  durationMs: a.durationMs,
  statusCode: a.statusCode,
  errorClass: a.errorClass,
  error: a.error,
  responseExcerpt: a.responseExcerpt,
  nextAttemptAt: iso(a.nextAttemptAt),
});

const deliveryLabel = 'WebhookDelivery';

/** Webhooks: subscriptions of endpoints to activity topics, and their delivery log. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly activityTypes: ActivityTypes,
    private readonly env: Env,
  ) {}

  topics(): Page<WebhookTopic> {
    const data = this.activityTypes.topics();
    return { data, total: data.length };
  }

  async list(ctx: RequestContext, q: WebhookListQuery): Promise<Page<WebhookResponse>> {
    const qb = this.db.repo(ctx, WebhookEntity, label).qb('w');
    filterByIds(qb, q);
    if (q.active !== undefined) qb.andWhere('w.active = :active', { active: q.active });
    const page = await paginate(qb, listParams(q), {
      sort: { CreatedAt: 'w.created_at', Url: 'w.url' },
      search: ['w.url', 'w.description'],
    });
    return { data: page.data.map(toWebhookResponse()), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<WebhookResponse> {
    return respond(await this.db.repo(ctx, WebhookEntity, label).get(id), toWebhookResponse());
  }

  async create(ctx: RequestContext, body: CreateWebhookRequest): Promise<WebhookResponse> {
    await this.check(body);
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(WebhookEntity, label).insert({ ...this.fields(body), secret: newSecret() });
      await tx.activities.created('Webhook', saved.id, snapshot(saved));
      return respond(saved, toWebhookResponse(true));
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateWebhookRequest): Promise<WebhookResponse> {
    await this.check(body);
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(WebhookEntity, label);
      const entity = await repo.getForWrite(id);
      const before = snapshot(entity);
      Object.assign(entity, this.fields(body));
      // Reactivating a webhook gives it a fresh day before it is deactivated again.
      if (entity.active && !before.active) entity.failingSince = null;
      if (body.rotateSecret) entity.secret = newSecret();
      const saved = await repo.save(entity);
      await tx.activities.updated('Webhook', id, before, snapshot(saved));
      if (body.rotateSecret) await tx.activities.event('Webhook', id, 'WebhookSecretRotated');
      return respond(saved, toWebhookResponse(!!body.rotateSecret));
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(WebhookEntity, label);
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted('Webhook', id, snapshot(entity));
    });
  }

  async deliveries(
    ctx: RequestContext,
    id: string,
    q: WebhookDeliveryListQuery,
  ): Promise<Page<WebhookDeliveryResponse>> {
    await this.db.repo(ctx, WebhookEntity, label).get(id);
    const qb = this.db
      .repo(ctx, WebhookDeliveryEntity, 'WebhookDelivery')
      .qb('d')
      .andWhere('d.webhook_id = :id', { id });
    if (q.statuses?.length) qb.andWhere('d.status IN (:...statuses)', { statuses: q.statuses });
    if (q.activity_ids?.length)
      qb.andWhere('d.activity_id IN (:...activities)', { activities: q.activity_ids });
    const page = await paginate(qb, listParams(q), { sort: { CreatedAt: 'd.created_at' } });
    return { data: page.data.map(toDeliveryResponse), total: page.total };
  }

  /** One delivery of the webhook (404 when either is not in the workspace, or they do not belong together). */
  async delivery(ctx: RequestContext, id: string, deliveryId: string): Promise<WebhookDeliveryResponse> {
    return toDeliveryResponse(await this.findDelivery(ctx, id, deliveryId));
  }

  /** The attempts of one delivery, a page of them (redeliveries make the list unbounded). */
  async attempts(
    ctx: RequestContext,
    id: string,
    deliveryId: string,
    q: WebhookDeliveryAttemptListQuery,
  ): Promise<Page<WebhookDeliveryAttemptResponse>> {
    await this.findDelivery(ctx, id, deliveryId);
    const qb = this.db
      .repo(ctx, WebhookDeliveryAttemptEntity, 'WebhookDeliveryAttempt')
      .qb('a')
      .andWhere('a.delivery_id = :deliveryId', { deliveryId });
    const page = await paginate(qb, listParams(q), {
      sort: { Attempt: 'a.attempt', StartedAt: 'a.started_at' },
      tieBreak: ['a.attempt'],
    });
    return { data: page.data.map(toAttemptResponse), total: page.total };
  }

  /**
   * Sends a settled (Delivered or Failed) delivery again: it becomes Pending, due now, with the
   * whole retry schedule ahead of it, and keeps its id (the `webhook-id` receivers deduplicate
   * on). A Pending one is already queued: 409. An inactive webhook's redelivery waits for it to be
   * reactivated. Recorded as `WebhookRedeliveryRequested`.
   */
  async redeliver(ctx: RequestContext, id: string, deliveryId: string): Promise<WebhookDeliveryResponse> {
    await this.findDelivery(ctx, id, deliveryId);
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(WebhookDeliveryEntity, deliveryLabel);
      const queued = await repo.update(
        { id: deliveryId, webhookId: id, status: In(['Delivered', 'Failed']) },
        {
          status: 'Pending',
          nextAttemptAt: () => 'now()',
          retryBase: () => 'attempts',
          deliveredAt: null,
        },
      );
      if (queued === 0)
        throw conflict('This delivery is still pending: it is sent at its next attempt (see nextAttemptAt).');
      await tx.activities.event('Webhook', id, 'WebhookRedeliveryRequested', {
        property: 'deliveryId',
        newValue: deliveryId,
      });
      await notifyWorkers(tx);
      return toDeliveryResponse(await repo.get(deliveryId));
    });
  }

  private async findDelivery(
    ctx: RequestContext,
    id: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryEntity> {
    await this.db.repo(ctx, WebhookEntity, label).get(id);
    const found = await this.db
      .repo(ctx, WebhookDeliveryEntity, deliveryLabel)
      .findOne({ where: { id: deliveryId, webhookId: id } });
    if (!found) throw notFound(deliveryLabel, deliveryId);
    return found;
  }

  /** Unknown topics and refused targets: one 400 naming both fields. */
  private async check(body: CreateWebhookRequest): Promise<void> {
    const errors: FieldErrors = {};
    const unknown = body.topics.filter((t) => !this.activityTypes.isTopic(t));
    if (unknown.length)
      errors.topics = [
        `unknown topic${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 10).join(', ')} (see GET /core-api/webhooks/topics)`,
      ];
    try {
      await resolveTarget(new URL(body.url).hostname, this.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS);
    } catch (e) {
      if (!(e instanceof TargetRefused)) throw e;
      errors.url = [`refused: ${e.message}`];
    }
    if (Object.keys(errors).length) throw badRequest(errors);
  }

  private fields(body: CreateWebhookRequest): Partial<WebhookEntity> {
    return {
      url: body.url,
      topics: [...new Set(body.topics)],
      active: body.active ?? true,
      description: body.description ?? null,
      externalReference: body.externalReference ?? null,
    };
  }
}
