import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import type { RequestContext } from '../tenancy/request-context';
import { setNamedStatements } from './lean-reads';
import { formatLsn, type Lsn, parseLsn } from './lsn';
import { primaryReadsOnly } from './primary-reads';
import { setStandbyFallback } from './standby-fallback';

/** How often each standby's replay position (and the primary's insert position) is read. */
const pollMs = 100;
/** A standby that does not answer its poll within this is taken as down. */
const pollTimeoutMs = 1000;
/** The longest WAL page header: a position this far past a standby's replay is no record behind. */
const pageHeaderBytes = 40n;
/** Callers whose last write is remembered per instance (beyond: the oldest is forgotten). */
const maxCallers = 100_000;

export type StandbyState = 'starting' | 'up' | 'lagging' | 'down';

/** What readiness and /metrics show of one standby. */
export interface StandbyStatus {
  /** `host:port/database` of its URL (no credentials). */
  name: string;
  state: StandbyState;
  /** How long ago the primary first wrote what the standby has not replayed yet (0: caught up). */
  lagMs: number | undefined;
  /** Bytes of WAL written on the primary and not replayed on the standby. */
  lagBytes: number | undefined;
  /** Why it is down (the last error), when it is. */
  message?: string;
}

/**
 * A connection of its own for a poll: a busy pool delays no poll, the pools' connections show only
 * the service's statements, and nothing is taken from the primary's pool while its connections
 * are made to LISTEN at start-up (change-listener.ts). Reconnects on the next poll after an error.
 */
class PollConnection {
  private client: Client | undefined;

  constructor(
    private readonly url: string,
    private readonly name: string,
  ) {}

  async value(text: string): Promise<string | null> {
    if (!this.client) {
      const client = new Client({
        connectionString: this.url,
        application_name: 'trade-standby-poll',
        connectionTimeoutMillis: pollTimeoutMs,
      });
      client.on('error', () => this.drop(client));
      await client.connect().catch((e: unknown) => {
        void client.end().catch(() => undefined);
        throw e;
      });
      this.client = client;
    }
    const client = this.client;
    try {
      const { rows } = await withTimeout(client.query<{ v: string | null }>(text), pollTimeoutMs, this.name);
      return rows[0].v;
    } catch (e) {
      this.drop(client);
      throw e;
    }
  }

  close(): void {
    if (this.client) this.drop(this.client);
  }

  private drop(client: Client): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
  }
}

class Standby {
  dataSource: DataSource | undefined;
  readonly poll: PollConnection;
  state: StandbyState = 'starting';
  replayed: Lsn = 0n;
  lagMs: number | undefined;
  lagBytes: number | undefined;
  message: string | undefined;

  constructor(
    readonly name: string,
    url: string,
    readonly options: DataSourceOptions,
  ) {
    this.poll = new PollConnection(url, name);
  }

  status(): StandbyStatus {
    return {
      name: this.name,
      state: this.state,
      lagMs: this.lagMs,
      lagBytes: this.lagBytes,
      ...(this.state === 'down' && this.message ? { message: this.message } : {}),
    };
  }
}

/**
 * How far a standby that has replayed up to `replayed` is behind the primary, from the primary's
 * positions of the last polls (oldest first): the time since the primary first showed a position
 * past it, 0 when caught up. An idle primary's insert position can be a page header (24 or 40
 * bytes) past the end of the last record, which is all a standby replays: not lag.
 */
export function lagOf(
  samples: ReadonlyArray<{ at: number; lsn: Lsn }>,
  replayed: Lsn,
  now: number,
): { lagMs: number; lagBytes: number } {
  const latest = samples.at(-1)?.lsn ?? 0n;
  const firstAhead = samples.find((x) => x.lsn > replayed + pageHeaderBytes);
  return {
    lagMs: firstAhead ? now - firstAhead.at : 0,
    lagBytes: latest > replayed + pageHeaderBytes ? Number(latest - replayed) : 0,
  };
}

const nameOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
};

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e as Error)),
    );
  });

/**
 * The hot standbys of the primary (DATABASE_READ_URLS) and where each request's reads go.
 *
 * - A caller's read request (`ctx.reads.standby`) reads from a standby that is up (answers, at
 *   most DATABASE_READ_MAX_LAG_MS behind) and has replayed the caller's last write: the position
 *   this instance remembers for the caller, or the one the caller sends back (`X-Read-After`,
 *   for a write made through another instance). Otherwise, and for everything else (transactions,
 *   contexts of no caller, cache loads: `readsOnPrimary`), the primary.
 * - Every 100 ms the primary's insert position and each standby's replay position are read; a
 *   standby's lag is the time since the primary first showed a position the standby has not
 *   replayed (0 when caught up), so an idle primary shows no lag however old its last commit.
 * - A read that fails on a standby for want of it runs again on the primary, and the standby is
 *   down until its next poll answers (`standby-fallback.ts`); so does a read cancelled by a
 *   recovery conflict, or a statement that writes, without taking the standby down.
 * - One request reads from one server: the standby it picked first while that one serves; once
 *   it reads on the primary, on the primary.
 *
 * Without standbys nothing of this runs: every read on the primary, as before.
 */
export class Standbys implements OnApplicationShutdown {
  private readonly logger = new Logger('Standbys');
  private readonly standbys: Standby[];
  /** The primary's insert positions of the last polls (when they changed), oldest first. */
  private samples: Array<{ at: number; lsn: Lsn }> = [];
  /** Per caller, the primary's position after its last write made through this instance. */
  private readonly written = new Map<string, Lsn>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private primaryPoll: PollConnection | undefined;
  private stopped = false;
  /** Reads sent to a standby and to the primary by callers that could have used one. */
  readonly routed = { standby: 0, primary: 0 };

  constructor(
    private readonly primary: DataSource,
    urls: string[],
    options: DataSourceOptions,
    readonly maxLagMs: number,
    private readonly namedStatements = true,
  ) {
    this.standbys = urls.map(
      (url) =>
        new Standby(nameOf(url), url, {
          ...options,
          url,
          // A standby is read-only: TypeORM must not try to install extensions there.
          installExtensions: false,
          migrationsRun: false,
          extra: { ...(options.extra as object), connectionTimeoutMillis: 2000 },
          applicationName: 'trade-standby-reads',
        } as DataSourceOptions),
    );
    if (this.standbys.length === 0) return;
    this.primaryPoll = new PollConnection((options as { url: string }).url, 'the primary');
    this.schedule(0);
  }

  get configured(): boolean {
    return this.standbys.length > 0;
  }

  statuses(): StandbyStatus[] {
    return this.standbys.map((s) => s.status());
  }

  /** Where `ctx`'s reads outside a transaction go now. */
  manager(ctx: RequestContext): EntityManager {
    const reads = ctx.reads;
    if (!reads?.standby || primaryReadsOnly()) return this.primary.manager;
    // One standby per request while it serves: a read never sees less than one before it did.
    const pinned = reads.on as Standby | undefined;
    if (pinned?.state === 'up' && pinned.dataSource) {
      this.routed.standby++;
      return pinned.dataSource.manager;
    }
    const remembered = this.written.get(reads.caller) ?? 0n;
    const floor = remembered > reads.after ? remembered : reads.after;
    const n = this.standbys.length;
    for (let i = 0; i < n; i++) {
      const s = this.standbys[(this.next + i) % n];
      if (s.state === 'up' && s.dataSource && s.replayed >= floor) {
        this.next = (this.next + i + 1) % n;
        this.routed.standby++;
        reads.on = s;
        return s.dataSource.manager;
      }
    }
    // The request's later reads stay on the primary too: none reads older than one before it.
    reads.standby = false;
    this.routed.primary++;
    return this.primary.manager;
  }

  /**
   * After a caller's request committed: the primary's position now (at or past its commits),
   * remembered for the caller and answered as `X-Read-After`.
   */
  async wrote(caller: string): Promise<string> {
    const [row] = (await this.primary.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')) as Array<{
      lsn: string;
    }>;
    const lsn = parseLsn(row.lsn)!;
    this.written.delete(caller);
    this.written.set(caller, lsn);
    if (this.written.size > maxCallers) this.written.delete(this.written.keys().next().value!);
    return formatLsn(lsn);
  }

  /** A query on `dataSource` failed for want of its server: down until its next poll answers. */
  failed(dataSource: DataSource, error: Error): void {
    const s = this.standbys.find((x) => x.dataSource === dataSource);
    if (!s || s.state === 'down') return;
    s.state = 'down';
    s.message = error.message;
    this.logger.warn(`Standby ${s.name} failed a read (${error.message}); reads go to the primary`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.primaryPoll?.close();
    await Promise.all(
      this.standbys.map((s) => {
        s.poll.close();
        return s.dataSource?.isInitialized ? s.dataSource.destroy() : undefined;
      }),
    );
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.poll().finally(() => this.schedule(pollMs)), ms);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    let primary: Lsn | undefined;
    try {
      primary = parseLsn(await this.primaryPoll!.value('SELECT pg_current_wal_insert_lsn()::text AS v'));
    } catch {
      // The primary's own trouble is readiness' business; the standbys keep their last state.
      return;
    }
    const now = Date.now();
    if (primary !== undefined && (this.samples.length === 0 || this.samples.at(-1)!.lsn !== primary))
      this.samples.push({ at: now, lsn: primary });
    // Enough history to tell a lag of twice the bound; the newest sample always stays.
    while (this.samples.length > 1 && this.samples[1].at < now - 2 * this.maxLagMs) this.samples.shift();
    await Promise.all(this.standbys.map((s) => this.pollStandby(s, now)));
    this.forgetReplayedWrites();
  }

  private async pollStandby(s: Standby, now: number): Promise<void> {
    try {
      if (!s.dataSource) {
        const dataSource = new DataSource(s.options);
        await withTimeout(dataSource.initialize(), 5000, s.name).catch(async (e: unknown) => {
          if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
          throw e;
        });
        setNamedStatements(dataSource, this.namedStatements);
        setStandbyFallback(dataSource, this.primary, (error) => this.failed(dataSource, error));
        s.dataSource = dataSource;
      }
      const replayed = parseLsn(await s.poll.value('SELECT pg_last_wal_replay_lsn()::text AS v'));
      if (replayed === undefined) throw new Error('not a standby (pg_last_wal_replay_lsn() is null)');
      s.replayed = replayed;
      const { lagMs, lagBytes } = lagOf(this.samples, replayed, now);
      s.lagMs = lagMs;
      s.lagBytes = lagBytes;
      const state: StandbyState = lagMs > this.maxLagMs ? 'lagging' : 'up';
      if (state !== s.state && s.state !== 'starting')
        this.logger.log(`Standby ${s.name} is ${state} (${lagMs} ms behind)`);
      s.state = state;
      s.message = undefined;
    } catch (e) {
      if (s.state !== 'down') this.logger.warn(`Standby ${s.name} is down: ${(e as Error).message}`);
      s.state = 'down';
      s.message = (e as Error).message;
      s.lagMs = undefined;
      s.lagBytes = undefined;
    }
  }

  /** A write every standby has replayed needs remembering no more. */
  private forgetReplayedWrites(): void {
    if (this.written.size === 0) return;
    let slowest: Lsn | undefined;
    for (const s of this.standbys) if (slowest === undefined || s.replayed < slowest) slowest = s.replayed;
    if (slowest === undefined || slowest === 0n) return;
    for (const [caller, lsn] of this.written) if (lsn <= slowest) this.written.delete(caller);
  }
}
