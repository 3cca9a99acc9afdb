import type { PGlite } from '@electric-sql/pglite';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Env } from '../../config/env';
import { Db } from '../../platform/database/db';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import { RequestContext } from '../../platform/tenancy/request-context';
import { WebhookEntity } from '../webhooks/webhook.entity';
import { DELIVERIES_CHANNEL } from './outbox';
import { Sender, SendResult } from './sender';
import { sign } from './signature';

/** How many deliveries one round claims at most (and sends at once: as many connections per host). */
const batchSize = 50;
/**
 * After a round that emptied the queue, the next waits at least this long even when woken: under
 * a stream of writes each round then carries the deliveries of many commits (two statements per
 * round instead of two per commit), for at most this much added latency.
 */
const gatherMs = 50;
/** Settled deliveries older than the retention are pruned this often, this many per transaction. */
const pruneIntervalMs = 3_600_000;
const pruneBatch = 1000;
/** The advisory lock (transaction level) of the instance pruning right now: 'whprune' in ASCII. */
const pruneLockKey = 0x776870_72756e65n;

interface Claimed {
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
  /** The correlation id of the request whose change this delivers (logged with each attempt). */
  request_id: string | null;
}

/** The body of a delivery: the activity as GET /core-api/activities answers it, with its type and time. */
function bodyOf(d: Claimed): string {
  const timestamp = new Date(d.timestamp).toISOString();
  return JSON.stringify({
    type: d.type,
    timestamp,
    data: {
      id: d.activity_id,
      workspace: d.workspace_id,
      entityId: d.entity_id,
      entityType: d.entity_type,
      type: d.type,
      timestamp,
      actor: { id: d.actor_id, type: d.actor_type },
      data: d.data,
    },
  });
}

/** A 4xx other than these means the receiver refuses this message: retrying would not help. */
const retryable4xx = new Set([408, 425, 429]);

/** The waits between attempts: `schedule[n-1]` after the n-th failed attempt, ±20% jitter. */
export function retryDelayMs(schedule: number[], attempts: number, random = Math.random): number | null {
  if (attempts > schedule.length) return null;
  return Math.round(schedule[attempts - 1] * (0.8 + 0.4 * random()));
}

/**
 * Sends the outbox. Each round claims due deliveries in one short statement (`FOR UPDATE SKIP
 * LOCKED`, so two workers never claim one row) that also counts the attempt and leases the row
 * (`next_attempt_at` = now + lease) and commits; then sends, then records the answer (guarded by
 * the attempt number, so a late answer never overwrites a newer attempt). A worker that dies
 * mid-delivery leaves the row leased: when the lease ends, any worker sends it again (at least
 * once). Rounds run back to back while work is due, else every WEBHOOKS_POLL_INTERVAL_MS, or at
 * once when a transaction commits new deliveries (LISTEN webhook_deliveries). Stopping (app
 * shutdown) finishes the round under way.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly schedule: number[];
  private readonly leaseMs: number;
  private stopped = true;
  private loop?: Promise<void>;
  private wake?: () => void;
  private woken = false;
  private listener?: { close(): Promise<void> };
  private readonly sender: Sender;
  private nextPruneAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: Db,
    private readonly env: Env,
    @Inject(EMBEDDED_DATABASE) private readonly pglite: PGlite | null,
  ) {
    this.schedule = env.WEBHOOKS_RETRY_SCHEDULE_MS.split(',').map(Number);
    // Room for a whole round (up to 50 sends, then one statement recording them) on a busy machine:
    // a lease that ends while its round is still sending makes another worker send it again.
    this.leaseMs = env.WEBHOOKS_TIMEOUT_MS * 2 + 10_000;
    this.sender = new Sender(env.WEBHOOKS_ALLOW_PRIVATE_TARGETS, batchSize);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.WEBHOOKS_WORKER) await this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.listen().catch((e: Error) =>
      this.logger.warn(`No wake-ups for webhook deliveries (polling only): ${e.message}`),
    );
    this.loop = this.run();
  }

  /** Stops after the round under way (its answers are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    await this.listener?.close().catch(() => undefined);
    this.listener = undefined;
    this.sender.close();
  }

  private poke(): void {
    this.woken = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      try {
        claimed = await this.round();
        if (Date.now() >= this.nextPruneAt) {
          this.nextPruneAt = Date.now() + pruneIntervalMs;
          await this.prune();
        }
      } catch (e) {
        if (!this.stopped) this.logger.error(`Webhook delivery round failed: ${(e as Error).message}`);
      }
      if (claimed < batchSize && !this.stopped) {
        await new Promise((r) => setTimeout(r, gatherMs));
        await this.sleep(this.env.WEBHOOKS_POLL_INTERVAL_MS - gatherMs);
      }
    }
  }

  /**
   * Deletes settled (Delivered, Failed) deliveries whose last attempt is older than
   * WEBHOOKS_RETENTION_DAYS, with their attempts, `pruneBatch` rows per transaction. Each batch
   * takes a transaction-level advisory lock first: when another instance holds it, that instance
   * is pruning and this one stops. Returns how many deliveries it deleted.
   */
  async prune(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.dataSource.transaction(async (m) => {
        const [{ locked }] = (await m.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
          String(pruneLockKey),
        ])) as Array<{ locked: boolean }>;
        if (!locked) return -1;
        const [{ n }] = (await m.query(
          `WITH batch AS (
             SELECT id FROM webhook_deliveries
              WHERE status <> 'Pending' AND last_attempt_at < now() - make_interval(days => $1)
              ORDER BY last_attempt_at
              LIMIT $2
                FOR UPDATE SKIP LOCKED),
           gone AS (DELETE FROM webhook_deliveries d USING batch WHERE d.id = batch.id RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [this.env.WEBHOOKS_RETENTION_DAYS, pruneBatch],
        )) as Array<{ n: number }>;
        return n;
      });
      if (deleted < 0) break;
      total += deleted;
      if (deleted < pruneBatch || this.stopped) break;
    }
    if (total) this.logger.log(`Pruned ${total} settled webhook deliveries`);
    return total;
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        this.woken = false;
        done();
      };
    });
  }

  /** One round: claim, send in parallel, record. Returns how many deliveries it claimed. */
  async round(): Promise<number> {
    const claimed: Claimed[] = await this.dataSource.query(
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
          RETURNING d.id, d.attempts, d.retry_base, d.webhook_id, d.activity_id)
       SELECT c.id, c.attempts, c.retry_base, c.webhook_id, w.workspace_id, w.url, w.secret, a.id AS activity_id,
              a.entity_id, a.entity_type, a.type, a.timestamp, a.actor_id, a.actor_type, a.data, a.request_id
         FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN activities a ON a.id = c.activity_id`,
      [batchSize, this.leaseMs],
    );
    if (claimed.length === 0) return 0;
    // One body per activity: every webhook subscribed to it gets the same bytes.
    const bodies = new Map<string, string>();
    const startedAt: Date[] = [];
    const results = await Promise.all(
      claimed.map((d, i) => {
        let body = bodies.get(d.activity_id);
        if (body === undefined) bodies.set(d.activity_id, (body = bodyOf(d)));
        startedAt[i] = new Date();
        return this.deliver(d, body);
      }),
    );
    await this.record(claimed, results, startedAt);
    return claimed.length;
  }

  private deliver(d: Claimed, body: string): Promise<SendResult> {
    const timestamp = Math.floor(Date.now() / 1000);
    return this.sender.send(
      {
        url: d.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'trade-crm-webhooks',
          'webhook-id': d.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(d.secret, d.id, timestamp, body),
        },
        body,
      },
      this.env.WEBHOOKS_TIMEOUT_MS,
    );
  }

  /**
   * Records a round in one statement: each delivery's outcome (guarded by its attempt number, so
   * a late answer never overwrites a newer attempt), one attempt row per send (also a late one;
   * its `next_attempt_at` is the retry it scheduled, if it still could), and a success clears its
   * webhook's `failingSince`. Rows of deliveries deleted meanwhile (webhook deleted) are skipped;
   * `FOR KEY SHARE` keeps the others until the attempts are in. Then, for webhooks that only
   * failed in the round, the failure state: the first failure's time is kept and the webhook is
   * deactivated once that is too long ago.
   */
  private async record(claimed: Claimed[], results: SendResult[], startedAt: Date[]): Promise<void> {
    const outcome = claimed.map((d, i) => {
      const r = results[i];
      const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
      const refused =
        r.statusCode !== null && r.statusCode >= 400 && r.statusCode < 500 && !retryable4xx.has(r.statusCode);
      const delay = ok || refused ? null : retryDelayMs(this.schedule, d.attempts - d.retry_base);
      return { d, r, ok, status: ok ? 'Delivered' : delay === null ? 'Failed' : 'Pending', delay };
    });
    const succeeded = new Set(outcome.filter((o) => o.ok).map((o) => o.d.webhook_id));
    for (const o of outcome)
      this.logger[o.ok ? 'debug' : 'warn'](
        {
          requestId: o.d.request_id,
          deliveryId: o.d.id,
          attempt: o.d.attempts,
          status: o.status,
          code: o.r.statusCode,
        },
        o.ok ? 'Webhook delivered' : 'Webhook delivery attempt failed',
      );
    await this.dataSource.query(
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
        outcome.map((o) => o.d.id),
        outcome.map((o) => o.d.attempts),
        outcome.map((o) => o.status),
        outcome.map((o) => o.r.statusCode),
        outcome.map((o) => o.r.durationMs),
        outcome.map((o) => o.r.error?.slice(0, 500) ?? null),
        outcome.map((o) => o.delay),
        outcome.map((o) => o.r.errorClass),
        outcome.map((o) => o.r.excerpt),
        startedAt,
        [...succeeded],
      ],
    );
    const failed = new Set(
      outcome.filter((o) => !o.ok && !succeeded.has(o.d.webhook_id)).map((o) => o.d.webhook_id),
    );
    if (failed.size === 0) return;
    // TypeORM answers an UPDATE … RETURNING as [rows, affected].
    const [failing]: [Array<{ id: string; workspace_id: string; overdue: boolean }>, number] =
      await this.dataSource.query(
        `UPDATE webhooks SET failing_since = coalesce(failing_since, now()) WHERE id = ANY ($1::uuid[]) AND active
         RETURNING id, workspace_id, failing_since <= now() - make_interval(secs => $2::double precision / 1000) AS overdue`,
        [[...failed], this.env.WEBHOOKS_DISABLE_AFTER_MS],
      );
    for (const w of failing) if (w.overdue) await this.disable(w.workspace_id, w.id);
  }

  /** Deactivates a webhook that only failed for WEBHOOKS_DISABLE_AFTER_MS (WebhookDisabled). */
  private async disable(workspaceId: string, webhookId: string): Promise<void> {
    await this.db.transaction(RequestContext.system(workspaceId), async (tx) => {
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
    this.logger.warn(`Webhook ${webhookId} deactivated: its deliveries only failed for too long`);
  }

  /** Wake-ups on commit of new deliveries: PGlite's listen, or one LISTEN connection of our own. */
  private async listen(): Promise<void> {
    if (this.pglite) {
      const unlisten = await this.pglite.listen(DELIVERIES_CHANNEL, () => this.poke());
      this.listener = { close: () => unlisten() };
      return;
    }
    if (!this.env.DATABASE_URL) return;
    const client = new Client({ connectionString: this.env.DATABASE_LISTEN_URL ?? this.env.DATABASE_URL });
    client.on('notification', () => this.poke());
    // A lost connection only loses the early wake-ups; polling goes on.
    client.on('error', (e) => this.logger.warn(`Webhook wake-up connection lost: ${e.message}`));
    await client.connect();
    await client.query(`LISTEN ${DELIVERIES_CHANNEL}`);
    this.listener = { close: () => client.end() };
  }
}
