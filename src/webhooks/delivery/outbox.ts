import type { ActivityObserver } from '../../platform/activity/activity-recorder';
import { ALL_ACTIVITIES } from '../../platform/activity/activity-types';

/** Notified when deliveries are committed; wakes the workers (see DeliveryWorker). */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

/**
 * The transactional outbox: in the transaction that recorded the activities, one statement
 * inserts a delivery for every (active webhook of the workspace × activity) whose topics match,
 * and notifies the workers (PostgreSQL delivers the notification at COMMIT, so a worker never
 * looks before the rows are visible; a rollback drops both). A webhook's topics match an activity
 * when they hold `*`, its type, or `{Entity}*Updated` for a `{Entity}{Property}Updated`.
 * Without matching webhooks it is one indexed lookup (ix_webhooks_active) and inserts nothing.
 */
export const webhookOutbox: ActivityObserver = async (manager, ctx, recorded) => {
  if (recorded.length === 0) return;
  await manager.query(
    `WITH a AS (SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[]) AS a(id, type, entity_type)),
          ins AS (
            INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, activity_id, activity_type)
            SELECT gen_random_uuid(), w.workspace_id, w.id, a.id, a.type
              FROM webhooks w JOIN a
                ON a.type = ANY (w.topics)
                OR $5 = ANY (w.topics)
                OR (a.type LIKE a.entity_type || '%Updated' AND a.entity_type || '*Updated' = ANY (w.topics))
             WHERE w.workspace_id = $1 AND w.active
            RETURNING 1)
     SELECT pg_notify('${DELIVERIES_CHANNEL}', '') FROM (SELECT 1 FROM ins LIMIT 1) x`,
    [
      ctx.workspaceId,
      recorded.map((a) => a.id),
      recorded.map((a) => a.type),
      recorded.map((a) => a.entityType),
      ALL_ACTIVITIES,
    ],
  );
};
