import type { PGlite } from '@electric-sql/pglite';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ChangeListener, type ChangeSubscriber } from './change-listener';
import { readsOnPrimary } from './primary-reads';

export interface NotifiedCacheOptions {
  /** Above this many entries the oldest is evicted. */
  maxEntries?: number;
  /** Safety net: an entry is dropped after this long even if no invalidation arrived. */
  ttlMs?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  scope: string | undefined;
  expiresAt: number;
}

/**
 * Answers of database reads kept in process, exact because the database notifies every change that
 * could alter them: a ChangeListener delivers the notifications of one channel to `invalidate`
 * (triggers installed by a migration send them) and sets `isLive`. Correctness rests on
 * invalidation, not on the TTL.
 *
 * - Scopes: an entry is stored under a scope (e.g. its workspace id); `invalidate(scope)` drops that
 *   scope's entries, `invalidate()` (or an empty payload) drops everything.
 * - Race guard: a load records the generation before it queries (`begin()`) and its answer is
 *   stored only if neither everything nor its scope was invalidated meanwhile, so a load that read
 *   a row just before a change can never put it back after the change's notification.
 * - Hits are served, and loads stored, only while `isLive()` says every notification is being
 *   delivered; otherwise every request reads.
 * - Bounded: above `maxEntries` the oldest stored entry is evicted.
 *
 * Values may be null (an answer "none"); `get` answers undefined for a miss. A value is shared by
 * every request it answers: callers never change it.
 */
export class NotifiedCache<T> implements ChangeSubscriber {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysOfScope = new Map<string, Set<string>>();
  /** The generation at which each scope was last invalidated (bounded: see `invalidate`). */
  private readonly scopeInvalidatedAt = new Map<string, number>();
  /** The generation of the last invalidation of everything. */
  private allInvalidatedAt = 0;
  private generation = 0;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Whether invalidations are known to reach `invalidate()`; set by the ChangeListener. */
  isLive: () => boolean = () => false;

  constructor(options: NotifiedCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 50_000;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bumped by every invalidation. */
  get epoch(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    if (!this.isLive()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /** Call before querying; pass the result to `store`. Undefined while not live (nothing is stored). */
  begin(): number | undefined {
    return this.isLive() ? this.generation : undefined;
  }

  /**
   * Stores a loaded answer under `scope`, unless everything or that scope was invalidated since
   * `begin()` (or delivery is not live).
   */
  store(key: string, value: T, startedAt: number | undefined, scope?: string): boolean {
    if (startedAt === undefined || !this.isLive() || this.allInvalidatedAt > startedAt) return false;
    if (scope !== undefined && (this.scopeInvalidatedAt.get(scope) ?? 0) > startedAt) return false;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next();
      if (!oldest.done) this.remove(oldest.value[0], oldest.value[1]);
    }
    this.entries.set(key, { value, scope, expiresAt: this.now() + this.ttlMs });
    if (scope !== undefined) {
      let keys = this.keysOfScope.get(scope);
      if (!keys) this.keysOfScope.set(scope, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /**
   * The answer under `key`: a hit, or `load()`'s answer, stored under `scope` when the race guard
   * allows. Not live: always `load()`. The load reads on the primary (`readsOnPrimary`): the
   * notifications that keep the cache exact come from there.
   */
  async through(key: string, scope: string | undefined, load: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const startedAt = this.begin();
    const value = await readsOnPrimary(load);
    this.store(key, value, startedAt, scope);
    return value;
  }

  /**
   * Something that an answer reads changed: `scope` names what (a notification's payload), and
   * only its entries are dropped; without it (or empty: notifications may have been lost) every
   * entry is.
   */
  invalidate(scope?: string): void {
    this.generation++;
    if (!scope) {
      this.allInvalidatedAt = this.generation;
      this.entries.clear();
      this.keysOfScope.clear();
      this.scopeInvalidatedAt.clear();
      return;
    }
    // Bounded like the entries: forgetting the scopes' marks counts as invalidating everything
    // for the loads under way (they began before this generation), and drops no entry.
    if (this.scopeInvalidatedAt.size >= this.maxEntries) {
      this.scopeInvalidatedAt.clear();
      this.allInvalidatedAt = this.generation;
    }
    this.scopeInvalidatedAt.delete(scope);
    this.scopeInvalidatedAt.set(scope, this.generation);
    const keys = this.keysOfScope.get(scope);
    if (!keys) return;
    this.keysOfScope.delete(scope);
    for (const key of keys) this.entries.delete(key);
  }

  private remove(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    if (entry.scope === undefined) return;
    const keys = this.keysOfScope.get(entry.scope);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfScope.delete(entry.scope);
  }
}

/**
 * A NotifiedCache with its own ChangeListener on `channel`: a provider of the context that owns
 * the cached tables (Nest starts the listener with the module and stops it on shutdown).
 */
export class ListenedCache<T> extends NotifiedCache<T> implements OnModuleInit, OnModuleDestroy {
  private readonly changes: ChangeListener;

  constructor(
    channel: string,
    dataSource: DataSource,
    pglite: PGlite | null,
    options: NotifiedCacheOptions = {},
  ) {
    super(options);
    this.changes = new ChangeListener(channel, this, dataSource, pglite);
  }

  onModuleInit(): Promise<void> {
    return this.changes.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.changes.stop();
  }
}
