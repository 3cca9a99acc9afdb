import type { Queryable, WorkspaceSql } from '../../platform/database/db';
import type { QueueState } from '../../platform/metrics/background-queues';

/** Notified when deliveries are committed; wakes the workers (see DeliveryWorker). */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

/** The advisory lock (transaction level) of the instance pruning right now: 'whprune' in ASCII. */
const pruneLockKey = 0x776870_72756e65n;

/** A claimed delivery with its webhook's target and the activity it carries. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  retry_base: number;
  webhook_id: string;
  workspace_id: string;
  url: string;
  secret: string;
  activity_id: string;
  entity_id: string;
  entity_type: string;
  type: string;
  timestamp: Date;
  actor_id: string | null;
  actor_type: string;
  data: unknown;
  /** Members only the delivery carries (merged into `data`), until it is settled. */
  secret_data: Record<string, unknown> | null;
  /** The correlation id of the request whose change this delivers (logged with each attempt). */
  request_id: string | null;
}

/** One attempt's outcome as `recordAttempts` writes it, a column per property. */
export interface AttemptOutcomes {
  ids: string[];
  attempts: number[];
  statuses: string[];
  codes: Array<number | null>;
  durations: number[];
  errors: Array<string | null>;
  delays: Array<number | null>;
  errorClasses: Array<string | null>;
  excerpts: Array<string | null>;
  startedAt: Date[];
  /** Webhooks that had a success in the round: their `failing_since` is cleared. */
  succeeded: string[];
}

/** A webhook whose failure state was set by `markFailing`; `overdue` once it failed for too long. */
export interface FailingWebhook {
  id: string;
  workspace_id: string;
  overdue: boolean;
}

/**
 * In the transaction that recorded the activities, inserts a delivery for every (active webhook of
 * the workspace × activity) whose topics match, and notifies the workers (PostgreSQL delivers the
 * notification at COMMIT; a rollback drops both). A webhook's topics match an activity when they
 * hold `allTopic`, its type, or `{Entity}*Updated` for a `{Entity}{Property}Updated`. Without
 * matching webhooks it is one indexed lookup (ix_webhooks_active) and inserts nothing. An
 * activity's `secretData` goes onto its deliveries only (`secret_data`).
 */
export async function insertDeliveries(
  on: WorkspaceSql,
  activities: Array<{ id: string; type: string; entityType: string; secretData?: Record<string, unknown> }>,
  allTopic: string,
): Promise<void> {
  await on.query(
    `WITH a AS (SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $6::text[]) AS a(id, type, entity_type, secret)),
          ins AS (
            INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, activity_id, activity_type, secret_data)
            SELECT gen_random_uuid(), w.workspace_id, w.id, a.id, a.type, a.secret::jsonb
              FROM webhooks w JOIN a
                ON a.type = ANY (w.topics)
                OR $5 = ANY (w.topics)
                OR (a.type LIKE a.entity_type || '%Updated' AND a.entity_type || '*Updated' = ANY (w.topics))
             WHERE w.workspace_id = $1 AND w.active
            RETURNING 1)
     SELECT pg_notify('${DELIVERIES_CHANNEL}', '') FROM (SELECT 1 FROM ins LIMIT 1) x`,
    [
      on.workspaceId,
      activities.map((a) => a.id),
      activities.map((a) => a.type),
      activities.map((a) => a.entityType),
      allTopic,
      activities.map((a) => (a.secretData ? JSON.stringify(a.secretData) : null)),
    ],
  );
}

/** The topics the workspace's active webhooks subscribe to, each once (`ix_webhooks_active`). */
export async function activeTopics(on: WorkspaceSql): Promise<string[]> {
  const rows = await on.query<{ topics: string[] }>(
    `SELECT coalesce(array_agg(DISTINCT t.topic), '{}') AS topics
       FROM webhooks w CROSS JOIN LATERAL unnest(w.topics) AS t(topic)
      WHERE w.workspace_id = $1 AND w.active`,
    [on.workspaceId],
  );
  return rows[0].topics;
}

/** Wakes the workers when the transaction commits (a delivery queued again). */
export async function notifyWorkers(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
}

/** Subscribes `connection` to the workers' wake-ups. */
export async function listenForDeliveries(connection: Queryable): Promise<void> {
  await connection.query(`LISTEN ${DELIVERIES_CHANNEL}`);
}

/**
 * Claims up to `limit` due deliveries of active webhooks in one statement (`FOR UPDATE SKIP
 * LOCKED`, so two workers never claim one row): counts the attempt and leases the row for
 * `leaseMs` (`next_attempt_at` = now + lease). Answers them with their target and activity.
 */
export function claimDueDeliveries(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  return db.query(
    `WITH claimed AS (
       UPDATE webhook_deliveries d
          SET attempts = d.attempts + 1, last_attempt_at = now(),
              next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
        WHERE d.id IN (
              SELECT q.id FROM webhook_deliveries q JOIN webhooks w ON w.id = q.webhook_id AND w.active
               WHERE q.status = 'Pending' AND q.next_attempt_at <= now()
               ORDER BY q.next_attempt_at
               LIMIT $1
                 FOR UPDATE OF q SKIP LOCKED)
        RETURNING d.id, d.attempts, d.retry_base, d.webhook_id, d.activity_id, d.secret_data)
     SELECT c.id, c.attempts, c.retry_base, c.webhook_id, w.workspace_id, w.url, w.secret, a.id AS activity_id, c.secret_data,
            a.entity_id, a.entity_type, a.type, a.timestamp, a.actor_id, a.actor_type, a.data, a.request_id
       FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN activities a ON a.id = c.activity_id`,
    [limit, leaseMs],
  ) as Promise<ClaimedDelivery[]>;
}

/**
 * Records a round in one statement: each delivery's outcome (a settled one drops its `secret_data`:
 * a raw token rests in the database only until it is delivered or given up) (guarded by its attempt number, so a
 * late answer never overwrites a newer attempt), one attempt row per send (also a late one; its
 * `next_attempt_at` is the retry it scheduled, if it still could), and a success clears its
 * webhook's `failing_since`. Rows of deliveries deleted meanwhile (webhook deleted) are skipped;
 * `FOR KEY SHARE` keeps the others until the attempts are in.
 */
export async function recordAttempts(db: Queryable, o: AttemptOutcomes): Promise<void> {
  await db.query(
    `WITH r AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[],
                            $7::double precision[], $8::text[], $9::text[], $10::timestamptz[])
              AS r(id, attempt, status, code, duration, error, delay, error_class, excerpt, started_at)),
     live AS (
       SELECT d.id, d.workspace_id FROM webhook_deliveries d WHERE d.id = ANY ($1::uuid[]) FOR KEY SHARE),
     upd AS (
       UPDATE webhook_deliveries d
          SET status = r.status,
              delivered_at = CASE WHEN r.status = 'Delivered' THEN now() END,
              secret_data = CASE WHEN r.status = 'Pending' THEN d.secret_data END,
              next_attempt_at = CASE WHEN r.status = 'Pending' THEN now() + make_interval(secs => r.delay / 1000) END,
              last_status_code = r.code, last_duration_ms = r.duration, last_error = r.error
         FROM r
        WHERE d.id = r.id AND d.attempts = r.attempt AND d.status = 'Pending'
       RETURNING d.id, d.next_attempt_at),
     attempts AS (
       INSERT INTO webhook_delivery_attempts
              (workspace_id, delivery_id, attempt, started_at, duration_ms, status_code, error_class,
               error, response_excerpt, next_attempt_at)
       SELECT live.workspace_id, r.id, r.attempt, r.started_at, r.duration, r.code, r.error_class,
              r.error, r.excerpt, upd.next_attempt_at
         FROM r JOIN live ON live.id = r.id LEFT JOIN upd ON upd.id = r.id
       ON CONFLICT DO NOTHING),
     recovered AS (
       UPDATE webhooks SET failing_since = NULL
        WHERE id = ANY ($11::uuid[]) AND failing_since IS NOT NULL)
     SELECT 1`,
    [
      o.ids,
      o.attempts,
      o.statuses,
      o.codes,
      o.durations,
      o.errors,
      o.delays,
      o.errorClasses,
      o.excerpts,
      o.startedAt,
      o.succeeded,
    ],
  );
}

/**
 * The failure state of active webhooks that only failed in a round: the first failure's time is
 * kept; `overdue` when that is more than `disableAfterMs` ago.
 */
export async function markFailing(
  db: Queryable,
  webhookIds: string[],
  disableAfterMs: number,
): Promise<FailingWebhook[]> {
  // TypeORM answers an UPDATE … RETURNING as [rows, affected].
  const [failing] = (await db.query(
    `UPDATE webhooks SET failing_since = coalesce(failing_since, now()) WHERE id = ANY ($1::uuid[]) AND active
     RETURNING id, workspace_id, failing_since <= now() - make_interval(secs => $2::double precision / 1000) AS overdue`,
    [webhookIds, disableAfterMs],
  )) as [FailingWebhook[], number];
  return failing;
}

/**
 * Takes the pruning lock until the transaction ends, if no other instance holds it: false when
 * another instance is pruning right now.
 */
export async function tryLockPruning(db: Queryable): Promise<boolean> {
  const [{ locked }] = (await db.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
    String(pruneLockKey),
  ])) as Array<{ locked: boolean }>;
  return locked;
}

/**
 * Deletes up to `limit` settled (Delivered, Failed) deliveries whose last attempt is more than
 * `retentionDays` old, with their attempts (cascade), oldest first. Answers how many it deleted.
 */
export async function deleteSettledDeliveries(
  db: Queryable,
  retentionDays: number,
  limit: number,
): Promise<number> {
  const [{ n }] = (await db.query(
    `WITH batch AS (
       SELECT id FROM webhook_deliveries
        WHERE status <> 'Pending' AND last_attempt_at < now() - make_interval(days => $1)
        ORDER BY last_attempt_at
        LIMIT $2
          FOR UPDATE SKIP LOCKED),
     gone AS (DELETE FROM webhook_deliveries d USING batch WHERE d.id = batch.id RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [retentionDays, limit],
  )) as Array<{ n: number }>;
  return n;
}

/**
 * The delivery queue across workspaces (counts only): the pending deliveries of active webhooks —
 * the rows the worker will claim — and the age of the oldest. One statement over the partial
 * index of pending rows (`ix_webhook_deliveries_due`), so its cost follows the backlog.
 */
export async function measurePendingDeliveries(db: Queryable): Promise<QueueState> {
  const [row] = (await db.query(
    `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(d.created_at))::float8 AS age
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active
      WHERE d.status = 'Pending'`,
  )) as Array<{ depth: number; age: number | null }>;
  return { depth: row.depth, oldestAgeSeconds: Math.max(0, row.age ?? 0) };
}
