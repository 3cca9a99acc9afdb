import type { PGlite } from '@electric-sql/pglite';
import type { Notification, Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A cache kept exact by the database: `invalidate(payload)` on every notification of its channel
 * (`invalidate()` without a payload when notifications may have been lost: drop everything), and
 * `isLive` set by the listener (a cache serves hits only while it is true).
 */
export interface ChangeSubscriber {
  invalidate(payload?: string): void;
  isLive: () => boolean;
}

/**
 * Delivers a channel's notifications (`pg_notify(channel, payload)`, sent by triggers that the
 * migrations install) to a cache and tells it when delivery is live. The one LISTEN/NOTIFY
 * mechanism of the service: the session cache (`auth_changed`) and the compiled atomic scripts
 * (`atomic_scripts_changed`) each run one.
 *
 * Same-process exactness: a change is committed by one of this process's connections, and the
 * cache must be cleared before that commit's promise resolves (so the next request is checked
 * against the new state).
 * - Embedded (PGlite, one session): `pglite.listen` fires its callback while the notifying query is
 *   being answered, before its promise resolves.
 * - Server: every pooled connection LISTENs (pool `onConnect`, awaited before the pool hands the
 *   connection out; connections opened earlier, during initialize/migrations, are taken out of the
 *   pool and made to LISTEN at start). A session that notifies a channel it listens to receives the
 *   notification before the ReadyForQuery that ends its statement or COMMIT, and node-postgres
 *   resolves the query only on ReadyForQuery. Other processes' changes reach the idle connections
 *   within milliseconds.
 *   Live only while every connection of the pool is known to listen. A connection that errors or
 *   ends may take undelivered notifications with it: the cache is cleared.
 */
export class ChangeListener {
  private readonly listening = new Set<PoolClient>();
  private stopped = false;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly channel: string,
    private readonly cache: ChangeSubscriber,
    private readonly dataSource: DataSource,
    private readonly pglite: PGlite | null,
  ) {}

  async start(): Promise<void> {
    if (this.pglite) {
      this.unlisten = await this.pglite.listen(this.channel, (payload) => this.cache.invalidate(payload));
      this.cache.invalidate();
      this.cache.isLive = () => !this.stopped;
      return;
    }
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const previous = pool.options.onConnect;
    pool.options.onConnect = async (client) => {
      await previous?.(client);
      await this.listenOn(client as PoolClient);
    };
    // The connections opened before the hook: all idle now (nothing else runs during start-up).
    const held: PoolClient[] = [];
    try {
      for (let i = pool.idleCount; i > 0; i--) held.push(await pool.connect());
      for (const client of held) if (!this.listening.has(client)) await this.listenOn(client);
    } finally {
      for (const client of held) client.release();
    }
    this.cache.invalidate();
    this.cache.isLive = () =>
      !this.stopped && this.listening.size > 0 && this.listening.size === pool.totalCount;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cache.invalidate();
    await this.unlisten?.();
  }

  private async listenOn(client: PoolClient): Promise<void> {
    // Handlers first: a notification may arrive in the same read as LISTEN's answer.
    client.on('notification', (n: Notification) => {
      if (n.channel === this.channel) this.cache.invalidate(n.payload ?? '');
    });
    client.on('error', () => this.cache.invalidate());
    let ended = false;
    client.once('end', () => {
      ended = true;
      this.listening.delete(client);
      this.cache.invalidate();
    });
    await client.query(`LISTEN ${this.channel}`);
    if (!ended) this.listening.add(client);
  }
}
