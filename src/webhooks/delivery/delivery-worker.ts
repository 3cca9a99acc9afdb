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
import { claimDueDeliveries, DELIVERIES_CHANNEL, listenForDeliveries } from './deliveries.queries';
import { bodyOf, signedRequest } from './delivery-message';
import { recordRound } from './delivery-outcome';
import { pruneSettledDeliveries } from './delivery-pruning';
import { Sender, SendResult } from './sender';
import { disableWebhook } from './webhook-disabling';
import { PollSleep } from '../../platform/background/poll-sleep';

/** How many deliveries one round claims at most (and sends at once: as many connections per host). */
const batchSize = 50;
/**
 * After a round that emptied the queue, the next waits at least this long even when woken: under
 * a stream of writes each round then carries the deliveries of many commits (two statements per
 * round instead of two per commit), for at most this much added latency.
 */
const gatherMs = 50;
/** Settled deliveries older than the retention are pruned this often. */
const pruneIntervalMs = 3_600_000;

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
  private readonly pollSleep = new PollSleep();
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
    this.pollSleep.poke();
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
   * Deletes settled deliveries past WEBHOOKS_RETENTION_DAYS (see `pruneSettledDeliveries`), unless
   * another instance is pruning. Returns how many deliveries it deleted.
   */
  async prune(): Promise<number> {
    const total = await pruneSettledDeliveries(
      this.dataSource,
      this.env.WEBHOOKS_RETENTION_DAYS,
      () => this.stopped,
    );
    if (total) this.logger.log(`Pruned ${total} settled webhook deliveries`);
    return total;
  }

  private sleep(ms: number): Promise<void> {
    return this.pollSleep.sleep(ms);
  }

  /** One round: claim, send in parallel, record. Returns how many deliveries it claimed. */
  async round(): Promise<number> {
    const claimed = await claimDueDeliveries(this.dataSource, batchSize, this.leaseMs);
    if (claimed.length === 0) return 0;
    // One body per activity (and secret): every webhook subscribed to it gets the same bytes.
    const bodies = new Map<string, string>();
    const startedAt: Date[] = [];
    const results: SendResult[] = await Promise.all(
      claimed.map((d, i) => {
        const key = d.secret_data ? `${d.activity_id}:secret` : d.activity_id;
        let body = bodies.get(key);
        if (body === undefined) bodies.set(key, (body = bodyOf(d)));
        startedAt[i] = new Date();
        return this.sender.send(signedRequest(d, body), this.env.WEBHOOKS_TIMEOUT_MS);
      }),
    );
    const overdue = await recordRound(
      this.dataSource,
      this.logger,
      { claimed, results, startedAt },
      { schedule: this.schedule, disableAfterMs: this.env.WEBHOOKS_DISABLE_AFTER_MS },
    );
    for (const w of overdue) {
      await disableWebhook(this.db, w.workspace_id, w.id);
      this.logger.warn(`Webhook ${w.id} deactivated: its deliveries only failed for too long`);
    }
    return claimed.length;
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
    await listenForDeliveries(client);
    this.listener = { close: () => client.end() };
  }
}
