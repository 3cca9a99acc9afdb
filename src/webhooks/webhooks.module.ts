import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivityObservers } from '../platform/activity/activity-recorder';
import { ActivityTypes, responseProperties } from '../platform/activity/activity-types';
import { WebhookResponse } from './webhooks/webhook.dto';
import { BackgroundQueues } from '../platform/metrics/background-queues';
import { measurePendingDeliveries } from './delivery/deliveries.queries';
import { DeliveryWorker } from './delivery/delivery-worker';
import { webhookOutbox } from './delivery/outbox';
import { WebhookTopicsCache } from './delivery/webhook-topics-cache';
import { WebhooksCoreController } from './webhooks/webhooks.core.controller';
import { WebhooksService } from './webhooks/webhooks.service';

/**
 * Webhooks: subscriptions, the transactional outbox (an activity observer that inserts delivery
 * rows in the recording transaction) and the delivery worker (started with the app).
 */
@Module({
  controllers: [WebhooksCoreController],
  providers: [WebhooksService, DeliveryWorker, WebhookTopicsCache],
  exports: [WebhooksService],
})
export class WebhooksModule {
  constructor(
    observers: ActivityObservers,
    activityTypes: ActivityTypes,
    queues: BackgroundQueues,
    dataSource: DataSource,
    topics: WebhookTopicsCache,
  ) {
    observers.observe(webhookOutbox(topics));
    queues.register('webhook_deliveries', () => measurePendingDeliveries(dataSource));
    activityTypes.declare({
      entityType: 'Webhook',
      noun: 'a webhook',
      properties: responseProperties(WebhookResponse, ['secret', 'failingSince']),
      events: {
        WebhookSecretRotated: 'The signing secret of a webhook was replaced',
        WebhookDisabled: 'A webhook whose deliveries only failed for a day was deactivated',
        WebhookRedeliveryRequested: 'A delivered or failed delivery of a webhook was queued to be sent again',
      },
    });
  }
}
