import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Env } from '../../config/env';
import { backgroundStatements } from '../database/background-statements';
import type { Queryable } from '../database/queryable';
import type { ActorType } from '../tenancy/request-context';
import { type Problem, tooManyRequests } from './problem';
import { addCounts, deleteOldCounts } from './rate-limits.queries';

/** The callers counted, each against its own budget (docs/security.md, "Rate limits"). */
export type LimitedCaller = Exclude<ActorType, 'System'>;

/** What one request was told: the two header fields, and when refused, the 429 to throw. */
export interface RateLimitAnswer {
  /** `RateLimit-Policy`: the caller's and the workspace's quotas (the same for every answer). */
  policy: string;
  /** `RateLimit`: what is left of each quota and the seconds until the window ends. */
  state: string;
  refusal?: Problem;
}

/** One key's count in its window: the shared sum last read back, plus what is not yet in it. */
interface Counter {
  key: string;
  window: number;
  /** Every instance's requests, as the last flush answered. */
  shared: number;
  /** Counted here and being added by the flush under way (not yet in `shared`). */
  inFlight: number;
  /** Counted here since the last flush. */
  pending: number;
}

interface Policy {
  name: string;
  tag: string;
  limit: number;
}

/**
 * Rate limits per API key, per user and per client login (each in its workspace), and per
 * workspace, in fixed windows of RATE_LIMIT_WINDOW_SECONDS aligned to the epoch (the same windows
 * on every instance).
 *
 * Cheap per request: a request only reads and bumps two in-process counters (no statement, no
 * await). Shared across instances: every RATE_LIMIT_FLUSH_MS a background flush adds each key's
 * local count to `rate_limit_counts` in one upsert that answers the sums, so each instance then
 * decides on every instance's requests. Between two flushes an instance does not see the others'
 * newest requests: with N instances a key can go over its limit by at most what the other N - 1
 * instances admitted for it within about two flush intervals (the one under way and the next).
 * Requests refused are not counted. A failed flush keeps its counts for the next one. On the
 * embedded database (one instance) nothing is flushed.
 */
@Injectable()
export class RateLimits implements OnModuleInit, OnModuleDestroy {
  private readonly windowMs: number;
  private readonly policies: Record<LimitedCaller, Policy>;
  private readonly workspace: Policy;
  /** The `RateLimit-Policy` field per caller type: the same text for every answer. */
  private readonly policyFields: Record<LimitedCaller, string>;
  private readonly counters = new Map<string, Counter>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private nextCleanup = 0;
  private readonly db: Queryable;

  constructor(
    private readonly env: Env,
    dataSource: DataSource,
  ) {
    this.db = backgroundStatements(dataSource);
    this.windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.policies = {
      ApiKey: { name: 'api-key', tag: 'k', limit: env.RATE_LIMIT_PER_API_KEY },
      User: { name: 'user', tag: 'u', limit: env.RATE_LIMIT_PER_USER },
      Client: { name: 'client', tag: 'c', limit: env.RATE_LIMIT_PER_CLIENT },
    };
    this.workspace = { name: 'workspace', tag: 'w', limit: env.RATE_LIMIT_PER_WORKSPACE };
    const w = env.RATE_LIMIT_WINDOW_SECONDS;
    const field = (p: Policy) =>
      `"${p.name}";q=${p.limit};w=${w}, "${this.workspace.name}";q=${this.workspace.limit};w=${w}`;
    this.policyFields = {
      ApiKey: field(this.policies.ApiKey),
      User: field(this.policies.User),
      Client: field(this.policies.Client),
    };
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.env.RATE_LIMIT_FLUSH_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /**
   * Counts one request of `callerId` (of type `type`) in `workspaceId`, unless it is over the
   * caller's or the workspace's limit: then `refusal` is the 429 to answer, and nothing is counted.
   */
  take(type: LimitedCaller, callerId: string, workspaceId: string, now = Date.now()): RateLimitAnswer {
    const window = Math.floor(now / this.windowMs);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    const policy = this.policies[type];
    // A user is a member of several workspaces: counted per workspace. Keys and client logins
    // belong to one.
    const caller = this.counter(
      type === 'User' ? `u:${workspaceId}:${callerId}` : `${policy.tag}:${callerId}`,
      window,
    );
    const workspace = this.counter(`w:${workspaceId}`, window);
    const callerUsed = caller.shared + caller.inFlight + caller.pending;
    const workspaceUsed = workspace.shared + workspace.inFlight + workspace.pending;
    const allowed = callerUsed < policy.limit && workspaceUsed < this.workspace.limit;
    if (allowed) {
      caller.pending++;
      workspace.pending++;
    }
    const spent = allowed ? 1 : 0;
    const callerLeft = Math.max(0, policy.limit - callerUsed - spent);
    const workspaceLeft = Math.max(0, this.workspace.limit - workspaceUsed - spent);
    const answer: RateLimitAnswer = {
      policy: this.policyFields[type],
      state: `"${policy.name}";r=${callerLeft};t=${resetSeconds}, "workspace";r=${workspaceLeft};t=${resetSeconds}`,
    };
    if (!allowed) {
      const whose = callerUsed >= policy.limit ? `this ${label[type]}` : 'this workspace';
      answer.refusal = tooManyRequests(
        `Too many requests: ${whose} may send ${callerUsed >= policy.limit ? policy.limit : this.workspace.limit} ` +
          `per ${this.env.RATE_LIMIT_WINDOW_SECONDS} seconds; retry after ${resetSeconds} seconds.`,
        resetSeconds,
      );
      Object.assign(answer.refusal.headers!, { 'RateLimit-Policy': answer.policy, RateLimit: answer.state });
    }
    return answer;
  }

  /**
   * Adds the local counts to the shared ones and reads the sums back (one statement), then, once
   * a window, deletes windows before the previous one. One flush at a time; callers wait for it.
   */
  flush(): Promise<void> {
    this.flushing ??= this.flushNow().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private counter(key: string, window: number): Counter {
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { key, window, shared: 0, inFlight: 0, pending: 0 };
      this.counters.set(key, counter);
    } else if (counter.window !== window) {
      // A new window: what the previous one counted (flushed or not) no longer matters.
      counter.window = window;
      counter.shared = counter.inFlight = counter.pending = 0;
    }
    return counter;
  }

  private async flushNow(): Promise<void> {
    const current = Math.floor(Date.now() / this.windowMs);
    // The embedded database serves one instance (its data directory is locked): the counts in
    // memory are all there is, and a flush's statement would only block the event loop (it runs
    // in this process). Only the counters of ended windows are dropped.
    if (!this.env.DATABASE_URL) {
      for (const [key, counter] of this.counters) if (counter.window < current) this.counters.delete(key);
      return;
    }
    const batch: Array<{ counter: Counter; window: number; count: number }> = [];
    for (const [key, counter] of this.counters) {
      if (counter.pending === 0) {
        if (counter.window < current) this.counters.delete(key);
        continue;
      }
      batch.push({ counter, window: counter.window, count: counter.pending });
      counter.inFlight += counter.pending;
      counter.pending = 0;
    }
    if (batch.length) await this.share(batch);
    if (Date.now() >= this.nextCleanup) {
      this.nextCleanup = Date.now() + this.windowMs;
      await deleteOldCounts(this.db, (current - 1) * this.windowMs).catch(() => undefined);
    }
  }

  private async share(batch: Array<{ counter: Counter; window: number; count: number }>): Promise<void> {
    const prefix = `${this.env.RATE_LIMIT_WINDOW_SECONDS}:`;
    let sums: Map<string, number> | undefined;
    try {
      const rows = await addCounts(
        this.db,
        batch.map((b) => ({
          key: prefix + b.counter.key,
          windowStart: b.window * this.windowMs,
          count: b.count,
        })),
      );
      sums = new Map(rows.map((r) => [`${r.key}|${r.window_start}`, Number(r.count)]));
    } catch {
      // Not shared this time: the counts go into the next flush.
    }
    for (const { counter, window, count } of batch) {
      if (counter.window !== window) continue; // the window ended meanwhile (its counts were reset)
      counter.inFlight -= count;
      const sum = sums?.get(`${prefix}${counter.key}|${window * this.windowMs}`);
      if (sum === undefined) counter.pending += count;
      else counter.shared = Math.max(counter.shared + count, sum);
    }
  }
}

const label: Record<LimitedCaller, string> = { ApiKey: 'API key', User: 'user', Client: 'client login' };
