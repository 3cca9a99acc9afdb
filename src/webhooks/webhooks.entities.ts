import {
  WebhookDeliveryAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEntity,
} from './webhooks/webhook.entity';

/** Every entity of the webhooks context (listed in src/app.entities.ts). */
export const webhooksEntities = [WebhookEntity, WebhookDeliveryEntity, WebhookDeliveryAttemptEntity];
