import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryAttemptListQuery,
  WebhookDeliveryAttemptPage,
  WebhookDeliveryAttemptResponse,
  WebhookDeliveryListQuery,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookListQuery,
  WebhookPage,
  WebhookResponse,
  WebhookTopic,
  WebhookTopicPage,
} from './webhook.dto';
import { WebhooksService } from './webhooks.service';
import { WebhookEntity } from './webhook.entity';
import { ExistingMember } from '../../platform/http/existing-member';

/** Webhooks are workspace settings: every operation but the topics needs an Admin. */
@ApiTags('Webhooks')
@ApiBearerAuth()
@Controller('core-api/webhooks')
export class WebhooksCoreController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('topics')
  @ApiOperation({
    operationId: 'listWebhookTopics',
    summary: 'List webhook topics',
    description:
      'The activity types a webhook can subscribe to, each `{ topic, entityType, description }`, from what the service records: `*` (every activity, `entityType` null), and per entity type (alphabetical) `{Entity}Created`, the wildcard `{Entity}*Updated`, then every concrete `{Entity}{Property}Updated` (e.g. `AccountDisplayNameUpdated`, `AccountAccountCodeUpdated`: one activity per changed property of an update), `{Entity}Deleted`, and its domain events (`DealArchived`, …). Every listed topic may be subscribed to; a wildcard matches each concrete type it stands for.',
  })
  @ApiOkResponse({ description: 'Every topic: `data` and `total`', type: WebhookTopicPage })
  @ApiProblems(401, 403)
  topics(): Page<WebhookTopic> {
    return this.webhooks.topics();
  }

  @Get()
  @Roles('Admin')
  @ApiOperation({
    operationId: 'listWebhooks',
    summary: 'List webhooks',
    description: 'Webhooks of the workspace (Admins). Secrets are never listed.',
  })
  @ApiOkResponse({ description: 'A page of webhooks: `data` and `total`', type: WebhookPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: WebhookListQuery): Promise<Page<WebhookResponse>> {
    return this.webhooks.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Create a webhook',
    description:
      'Subscribe an http(s) endpoint to topics (Admins). The answer holds the signing secret, shown this once. Every matching activity is then POSTed to the url as JSON `{ type, timestamp, data: <activity> }`, signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), at least once, retried with exponential backoff for about a day. Unknown topics and private, loopback or link-local targets are a 400.',
  })
  @ApiOkResponse({ description: 'The created webhook, with its secret', type: WebhookResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateWebhookRequest): Promise<WebhookResponse> {
    return this.webhooks.create(ctx, body);
  }

  @Get(':id/deliveries')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'List deliveries of a webhook',
    description:
      'The delivery log of a webhook (Admins): per activity sent, its status, attempts, the last answer (status code, duration, error) and the next retry.',
  })
  @ApiOkResponse({ description: 'A page of deliveries: `data` and `total`', type: WebhookDeliveryPage })
  @ApiProblems(400, 401, 403, 404)
  deliveries(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Query() q: WebhookDeliveryListQuery,
  ): Promise<Page<WebhookDeliveryResponse>> {
    return this.webhooks.deliveries(ctx, id, q);
  }

  @Get(':id/deliveries/:deliveryId')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'getWebhookDelivery',
    summary: 'Get a delivery of a webhook',
    description:
      'One delivery of a webhook (Admins): its status, attempt count, the last answer and the next retry. Its attempts are listed by GET …/deliveries/{deliveryId}/attempts.',
  })
  @ApiOkResponse({ description: 'The delivery', type: WebhookDeliveryResponse })
  @ApiProblems(400, 401, 403, 404)
  delivery(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @IdParam('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponse> {
    return this.webhooks.delivery(ctx, id, deliveryId);
  }

  @Get(':id/deliveries/:deliveryId/attempts')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'listWebhookDeliveryAttempts',
    summary: 'List the attempts of a delivery',
    description:
      'Every try of one delivery (Admins), first attempt first by default: when it started, how long it took, the status code or why no answer came (errorClass), the start of the answer body, and the retry it scheduled. Kept as long as the delivery (WEBHOOKS_RETENTION_DAYS after it settled).',
  })
  @ApiOkResponse({ description: 'A page of attempts: `data` and `total`', type: WebhookDeliveryAttemptPage })
  @ApiProblems(400, 401, 403, 404)
  attempts(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @IdParam('deliveryId') deliveryId: string,
    @Query() q: WebhookDeliveryAttemptListQuery,
  ): Promise<Page<WebhookDeliveryAttemptResponse>> {
    return this.webhooks.attempts(ctx, id, deliveryId, q);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'redeliverWebhookDelivery',
    summary: 'Send a delivery again',
    description:
      "Queues a delivered or failed delivery for a fresh send (Admins), due now, with the whole retry schedule ahead of it and the same `webhook-id` (receivers deduplicate on it). A pending delivery is already queued: 409. An inactive webhook's redelivery waits until it is reactivated. Records `WebhookRedeliveryRequested`.",
  })
  @ApiOkResponse({ description: 'The delivery, Pending again', type: WebhookDeliveryResponse })
  @ApiProblems(400, 401, 403, 404, 409)
  redeliver(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @IdParam('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponse> {
    return this.webhooks.redeliver(ctx, id, deliveryId);
  }

  @Get(':id')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'getWebhook',
    summary: 'Get a webhook',
    description: 'One webhook of the workspace (Admins), without its secret.',
  })
  @ApiOkResponse({ description: 'The webhook', type: WebhookResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<WebhookResponse> {
    return this.webhooks.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(WebhookEntity, 'Webhook')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'updateWebhook',
    summary: 'Update a webhook',
    description:
      'Replace a webhook (Admins). `rotateSecret: true` replaces the signing secret, answered this once. Reactivating a webhook (active: true) starts its failure day afresh.',
  })
  @ApiOkResponse({ description: 'The webhook as stored', type: WebhookResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateWebhookRequest,
  ): Promise<WebhookResponse> {
    assertSameId(id, body.id);
    return this.webhooks.update(ctx, id, body);
  }

  @Delete(':id')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook',
    description: 'Delete a webhook and its delivery log (Admins); its pending deliveries are dropped.',
  })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 412)
  remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    return this.webhooks.remove(ctx, id);
  }
}
