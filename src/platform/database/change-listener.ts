import type { PGlite } from '@electric-sql/pglite';
import { Client, type Notification, type Pool, type PoolClient } from 'pg';
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
 * mechanism of the service: the session cache (`auth_changed`), the compiled atomic scripts
 * (`atomic_scripts_changed`) and each ListenedCache (notified-cache.ts: shoppers, price tables,
 * default currency) run one each.
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
 *   Live only while every connection of the pool is known to listen. A connection that errors may
 *   have lost notifications: the cache is cleared. One that ends (the pool closing an idle one)
 *   loses only its own copies, which the others received too: the cache is cleared only when no
 *   listening connection is left.
 * - Server behind a pooler in transaction mode (DATABASE_LISTEN_URL set): one direct connection
 *   per channel LISTENs instead (see `listenDirect`).
 */
/** Data sources that reach the server through a pooler in transaction mode: LISTEN on this direct URL. */
const directListenUrls = new WeakMap<DataSource, string>();

/** LISTEN on one direct connection to `url` (DATABASE_LISTEN_URL) instead of on pooled connections. */
export function setDirectListenUrl(dataSource: DataSource, url: string | undefined): void {
  if (url) directListenUrls.set(dataSource, url);
  else directListenUrls.delete(dataSource);
}

/**
 * The start of the last listener begun on each data source: starts run one after the other (Nest
 * initialises a module's providers concurrently), since each takes every idle connection of the
 * pool to make it listen, and two at once would each miss the connections the other holds.
 */
const starting = new WeakMap<DataSource, Promise<unknown>>();

export class ChangeListener {
  private readonly listening = new Set<PoolClient>();
  private stopped = false;
  private unlisten?: () => Promise<void>;
  private direct?: Client;
  private directLive = false;
  private reconnect?: NodeJS.Timeout;

  constructor(
    private readonly channel: string,
    private readonly cache: ChangeSubscriber,
    private readonly dataSource: DataSource,
    private readonly pglite: PGlite | null,
  ) {}

  start(): Promise<void> {
    const started = (starting.get(this.dataSource) ?? Promise.resolve()).then(() => this.startNow());
    starting.set(
      this.dataSource,
      started.catch(() => undefined),
    );
    return started;
  }

  private async startNow(): Promise<void> {
    if (this.pglite) {
      this.unlisten = await this.pglite.listen(this.channel, (payload) => this.cache.invalidate(payload));
      this.cache.invalidate();
      this.cache.isLive = () => !this.stopped;
      return;
    }
    const directUrl = directListenUrls.get(this.dataSource);
    if (directUrl) {
      this.cache.isLive = () => !this.stopped && this.directLive;
      await this.listenDirect(directUrl);
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
    clearTimeout(this.reconnect);
    this.cache.invalidate();
    await this.unlisten?.();
    const direct = this.direct;
    this.direct = undefined;
    await direct?.end().catch(() => undefined);
  }

  /**
   * One connection of its own, outside the pool (which may be a pooler in transaction mode, where a
   * LISTEN is lost with the server connection it ran on). Live from its LISTEN until it errors or
   * ends; then the cache is cleared and it reconnects a second later. Changes, this process's own
   * included, reach the cache when the notification arrives (milliseconds after the COMMIT), not
   * before the COMMIT's promise resolves.
   */
  private async listenDirect(url: string): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: url });
    const lost = () => {
      if (this.direct !== client) return;
      this.direct = undefined;
      this.directLive = false;
      this.cache.invalidate();
      if (!this.stopped) this.reconnect = setTimeout(() => void this.listenDirect(url), 1000).unref();
    };
    client.on('notification', (n: Notification) => {
      if (n.channel === this.channel) this.cache.invalidate(n.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', lost);
    this.direct = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch {
      lost();
      return;
    }
    if (this.direct !== client) return;
    // Anything changed before the LISTEN took effect is not in the cache either.
    this.cache.invalidate();
    this.directLive = true;
  }

  private async listenOn(client: PoolClient): Promise<void> {
    // Every notified cache listens on every pooled connection: three handlers each, a number fixed
    // by the caches, not a leak; the limit grows by what this one adds, so a real leak still warns.
    client.setMaxListeners(client.getMaxListeners() + 3);
    // Handlers first: a notification may arrive in the same read as LISTEN's answer.
    client.on('notification', (n: Notification) => {
      if (n.channel === this.channel) this.cache.invalidate(n.payload ?? '');
    });
    client.on('error', () => this.cache.invalidate());
    let ended = false;
    client.once('end', () => {
      ended = true;
      this.listening.delete(client);
      // Every listening connection receives its own copy of each notification, so one that ends
      // (the pool closes idle connections) loses nothing the others do not deliver; only when none
      // is left may a notification have reached no one. (Clearing on every end emptied the caches
      // each time the pool shrank, and a 130 ms category tree was loaded again by most requests.)
      if (this.listening.size === 0) this.cache.invalidate();
    });
    await client.query(`LISTEN ${this.channel}`);
    if (!ended) this.listening.add(client);
  }
}
