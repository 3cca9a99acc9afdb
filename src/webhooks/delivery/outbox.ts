import type { ActivityObserver } from '../../platform/activity/activity-recorder';
import { ALL_ACTIVITIES } from '../../platform/activity/activity-types';
import { workspaceSqlOn } from '../../platform/database/db';
import { activeTopics, insertDeliveries } from './deliveries.queries';
import type { WebhookTopicsCache } from './webhook-topics-cache';

/** Whether a webhook subscribed to `topics` wants the activity (the rule `insertDeliveries` applies in SQL). */
export function wants(topics: ReadonlySet<string>, a: { type: string; entityType: string }): boolean {
  return (
    topics.has(a.type) ||
    topics.has(ALL_ACTIVITIES) ||
    (a.type.startsWith(a.entityType) && a.type.endsWith('Updated') && topics.has(`${a.entityType}*Updated`))
  );
}

/**
 * The transactional outbox: in the transaction that recorded the activities, one statement
 * inserts the deliveries of every matching active webhook of the workspace and notifies the
 * workers at COMMIT (`insertDeliveries`), so a worker never looks before the rows are visible.
 * No statement at all when none of the workspace's active webhooks subscribes to any of them
 * (the topics come from the WebhookTopicsCache). A transaction that changes webhooks (it records
 * Webhook activities) sees its own uncommitted ones: it inserts without consulting or filling
 * the cache, so a rolled-back change is never kept.
 */
export function webhookOutbox(topics: WebhookTopicsCache): ActivityObserver {
  return async (manager, ctx, recorded) => {
    if (recorded.length === 0) return;
    const on = workspaceSqlOn(manager, ctx.workspaceId);
    if (!recorded.some((a) => a.entityType === 'Webhook')) {
      const subscribed = await topics.of(ctx.workspaceId, async () => new Set(await activeTopics(on)));
      if (!recorded.some((a) => wants(subscribed, a))) return;
    }
    await insertDeliveries(on, recorded, ALL_ACTIVITIES);
  };
}
