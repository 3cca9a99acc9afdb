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

/** How many deliveries one round claims (and sends in parallel). */
const batchSize = 10;

interface Claimed {
  id: string;
  attempts: number;
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

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: Db,
    private readonly env: Env,
    @Inject(EMBEDDED_DATABASE) private readonly pglite: PGlite | null,
  ) {
    this.schedule = env.WEBHOOKS_RETRY_SCHEDULE_MS.split(',').map(Number);
    this.leaseMs = env.WEBHOOKS_TIMEOUT_MS * 2 + 1000;
    this.sender = new Sender(env.WEBHOOKS_ALLOW_PRIVATE_TARGETS);
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
      } catch (e) {
        if (!this.stopped) this.logger.error(`Webhook delivery round failed: ${(e as Error).message}`);
      }
      if (claimed < batchSize && !this.stopped) await this.sleep(this.env.WEBHOOKS_POLL_INTERVAL_MS);
    }
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
          RETURNING d.id, d.attempts, d.webhook_id, d.activity_id)
       SELECT c.id, c.attempts, c.webhook_id, w.workspace_id, w.url, w.secret, a.id AS activity_id,
              a.entity_id, a.entity_type, a.type, a.timestamp, a.actor_id, a.actor_type, a.data, a.request_id
         FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN activities a ON a.id = c.activity_id`,
      [batchSize, this.leaseMs],
    );
    const results = await Promise.all(claimed.map((d) => this.deliver(d)));
    if (claimed.length) await this.record(claimed, results);
    return claimed.length;
  }

  private deliver(d: Claimed): Promise<SendResult> {
    const body = JSON.stringify({
      type: d.type,
      timestamp: new Date(d.timestamp).toISOString(),
      data: {
        id: d.activity_id,
        workspace: d.workspace_id,
        entityId: d.entity_id,
        entityType: d.entity_type,
        type: d.type,
        timestamp: new Date(d.timestamp).toISOString(),
        actor: { id: d.actor_id, type: d.actor_type },
        data: d.data,
      },
    });
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
   * Records a round's answers in one statement (each guarded by its attempt number), then the
   * webhooks' failure state: a success clears `failingSince`; a webhook that only failed in the
   * round keeps the first failure's time and is deactivated once that is too long ago.
   */
  private async record(claimed: Claimed[], results: SendResult[]): Promise<void> {
    const outcome = claimed.map((d, i) => {
      const r = results[i];
      const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
      const refused =
        r.statusCode !== null && r.statusCode >= 400 && r.statusCode < 500 && !retryable4xx.has(r.statusCode);
      const delay = ok || refused ? null : retryDelayMs(this.schedule, d.attempts);
      return { d, r, ok, status: ok ? 'Delivered' : delay === null ? 'Failed' : 'Pending', delay };
    });
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
      `UPDATE webhook_deliveries d
          SET status = r.status,
              delivered_at = CASE WHEN r.status = 'Delivered' THEN now() END,
              next_attempt_at = CASE WHEN r.status = 'Pending' THEN now() + make_interval(secs => r.delay / 1000) END,
              last_status_code = r.code, last_duration_ms = r.duration, last_error = r.error
         FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[], $7::double precision[])
              AS r(id, attempts, status, code, duration, error, delay)
        WHERE d.id = r.id AND d.attempts = r.attempts AND d.status = 'Pending'`,
      [
        outcome.map((o) => o.d.id),
        outcome.map((o) => o.d.attempts),
        outcome.map((o) => o.status),
        outcome.map((o) => o.r.statusCode),
        outcome.map((o) => o.r.durationMs),
        outcome.map((o) => o.r.error?.slice(0, 500) ?? null),
        outcome.map((o) => o.delay),
      ],
    );
    const succeeded = new Set(outcome.filter((o) => o.ok).map((o) => o.d.webhook_id));
    const failed = new Set(
      outcome.filter((o) => !o.ok && !succeeded.has(o.d.webhook_id)).map((o) => o.d.webhook_id),
    );
    if (succeeded.size)
      await this.dataSource.query(
        `UPDATE webhooks SET failing_since = NULL WHERE id = ANY ($1::uuid[]) AND failing_since IS NOT NULL`,
        [[...succeeded]],
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
    const client = new Client({ connectionString: this.env.DATABASE_URL });
    client.on('notification', () => this.poke());
    // A lost connection only loses the early wake-ups; polling goes on.
    client.on('error', (e) => this.logger.warn(`Webhook wake-up connection lost: ${e.message}`));
    await client.connect();
    await client.query(`LISTEN ${DELIVERIES_CHANNEL}`);
    this.listener = { close: () => client.end() };
  }
}
