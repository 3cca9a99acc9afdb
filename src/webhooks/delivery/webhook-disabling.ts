import type { Db } from '../../platform/database/db';
import { RequestContext } from '../../platform/tenancy/request-context';
import { WebhookEntity } from '../webhooks/webhook.entity';

/**
 * Deactivates a webhook whose deliveries only failed for WEBHOOKS_DISABLE_AFTER_MS, recorded as
 * `WebhookDisabled` in its workspace (nothing when it is inactive already).
 */
export async function disableWebhook(db: Db, workspaceId: string, webhookId: string): Promise<void> {
  await db.transaction(RequestContext.system(workspaceId), async (tx) => {
    const changed = await tx
      .repo(WebhookEntity, 'Webhook')
      .update({ id: webhookId, active: true }, { active: false, version: () => 'version + 1' });
    if (changed === 0) return;
    await tx.activities.event('Webhook', webhookId, 'WebhookDisabled', {
      property: 'active',
      oldValue: true,
      newValue: false,
    });
  });
}
