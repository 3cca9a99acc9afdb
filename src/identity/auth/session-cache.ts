import type { Role, UserType } from '../../platform/tenancy/request-context';

/**
 * What the guard's session check found for a session that passed it: the live role and what the
 * session row says the token stands for (a hit is served only when the token's claims match it).
 */
export interface CachedSession {
  role: Role | null;
  type: UserType;
  /** The user or client login id (the token's `sub`). */
  subject: string;
  workspaceId: string;
}

export interface SessionCacheOptions {
  /** Above this many sessions the oldest entry is evicted. */
  maxEntries?: number;
  /** Safety net: an entry is dropped after this long even if no invalidation arrived. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The result of the auth guard's session check (see jwt.strategy.ts), per session id, for sessions
 * that passed it. Correctness rests on invalidation, not on the TTL: the database notifies
 * `auth_changed` on every change that could alter a check (see the AuthChangeNotifications
 * migration), and AuthChangeListener calls `invalidate()`, which drops everything.
 *
 * Race guard: a load records the generation before it queries (`begin()`) and its row is stored
 * only if no invalidation happened meanwhile, so a load that read a row just before a revocation
 * can never put it back after the revocation cleared the cache.
 *
 * Hits are served, and loads stored, only while `isLive()` says every invalidation is being
 * delivered (set by AuthChangeListener); otherwise every request runs the query.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: CachedSession; expiresAt: number }>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Whether invalidations are known to reach `invalidate()`; set by AuthChangeListener. */
  isLive: () => boolean = () => false;

  constructor(options: SessionCacheOptions = {}) {
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

  get(sessionId: string): CachedSession | undefined {
    if (!this.isLive()) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.session;
  }

  /** Call before querying; pass the result to `store`. Undefined while not live (nothing is stored). */
  begin(): number | undefined {
    return this.isLive() ? this.generation : undefined;
  }

  /** Stores a passed check, unless an invalidation happened since `begin()` (or delivery is not live). */
  store(sessionId: string, session: CachedSession, startedAt: number | undefined): boolean {
    if (startedAt === undefined || startedAt !== this.generation || !this.isLive()) return false;
    this.entries.delete(sessionId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { session, expiresAt: this.now() + this.ttlMs });
    return true;
  }

  /** Something that a check reads changed (or may have, unseen): forget everything. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
