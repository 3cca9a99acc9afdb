import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env';
import { RateLimits } from './rate-limits';

const env = {
  RATE_LIMIT_PER_API_KEY: 10,
  RATE_LIMIT_PER_USER: 5,
  RATE_LIMIT_PER_CLIENT: 3,
  RATE_LIMIT_PER_WORKSPACE: 100,
  RATE_LIMIT_WINDOW_SECONDS: 60,
  RATE_LIMIT_FLUSH_MS: 200,
  DATABASE_URL: 'postgres://shared/counts',
} as Env;

/** A database holding the shared counts as `rate_limit_counts` would (addCounts / deleteOldCounts). */
class SharedCounts {
  readonly rows = new Map<string, number>();
  failing = false;
  statements = 0;

  async query(text: string, params: unknown[]): Promise<unknown[]> {
    this.statements++;
    if (this.failing) throw new Error('connection lost');
    if (text.startsWith('DELETE')) return [];
    const [keys, windows, counts] = params as [string[], number[], number[]];
    return keys.map((key, i) => {
      const id = `${key}|${windows[i]}`;
      this.rows.set(id, (this.rows.get(id) ?? 0) + counts[i]);
      return { key, window_start: String(windows[i]), count: this.rows.get(id) };
    });
  }
}

/** A RateLimits whose pool is `db` (backgroundStatements reads `driver.master`). */
const instance = (db: SharedCounts) =>
  new RateLimits(env, {
    driver: {
      master: { query: async (text: string, params: unknown[]) => ({ rows: await db.query(text, params) }) },
    },
  } as unknown as DataSource);
const t0 = 1_800_000_000_000; // a window start (a multiple of 60 s)

describe('RateLimits', () => {
  it('admits up to the budget, then refuses with Retry-After to the window end, counting no refusal', () => {
    const limits = instance(new SharedCounts());
    const left = [1, 2, 3, 4, 5].map(() => limits.take('User', 'u1', 'w1', t0 + 18_000));
    expect(left.map((a) => a.refusal)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(left[0]).toEqual({
      policy: '"user";q=5;w=60, "workspace";q=100;w=60',
      state: '"user";r=4;t=42, "workspace";r=99;t=42',
    });
    const refused = limits.take('User', 'u1', 'w1', t0 + 18_000);
    expect(refused.refusal?.getStatus()).toBe(429);
    expect(refused.refusal?.headers).toEqual({
      'Retry-After': '42',
      'RateLimit-Policy': refused.policy,
      RateLimit: '"user";r=0;t=42, "workspace";r=95;t=42',
    });
    // Another workspace of the same user, another caller type, the next window: budgets of their own.
    expect(limits.take('User', 'u1', 'w2', t0 + 18_000).refusal).toBeUndefined();
    expect(limits.take('ApiKey', 'u1', 'w1', t0 + 18_000).refusal).toBeUndefined();
    expect(limits.take('User', 'u1', 'w1', t0 + 60_000).state).toBe('"user";r=4;t=60, "workspace";r=99;t=60');
  });

  it('shares counts through the database: one instance decides on the others’ flushed requests', async () => {
    const db = new SharedCounts();
    const [a, b] = [instance(db), instance(db)];
    const now = Date.now();
    for (let i = 0; i < 2; i++) a.take('Client', 'c1', 'w1', now);
    await a.flush();
    expect(b.take('Client', 'c1', 'w1', now).refusal).toBeUndefined(); // B has not flushed: 1 of 3 as it knows
    await b.flush(); // B adds its 1 and learns the sum: 3
    expect(b.take('Client', 'c1', 'w1', now).refusal?.getStatus()).toBe(429);
    // A learns at its next flush after counting again: one request over, then refused.
    expect(a.take('Client', 'c1', 'w1', now).refusal).toBeUndefined();
    await a.flush();
    expect(a.take('Client', 'c1', 'w1', now).refusal?.getStatus()).toBe(429);
    expect([...db.rows.values()]).toEqual([4, 4]); // the client's and the workspace's counts
  });

  it('on the embedded database sends nothing and forgets the counters of ended windows', async () => {
    const db = new SharedCounts();
    const limits = new RateLimits(
      { ...env, DATABASE_URL: undefined } as Env,
      {
        driver: { master: db },
      } as unknown as DataSource,
    );
    const before = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) limits.take('User', 'u1', 'w1', before);
    await limits.flush();
    expect(db.statements).toBe(0);
    expect((limits as unknown as { counters: Map<string, unknown> }).counters.size).toBe(0);
    // The ended window's counts are gone: a full budget again.
    expect(limits.take('User', 'u1', 'w1').state).toMatch(/^"user";r=4;/);
  });

  it('keeps the counts of a failed flush for the next one and sends nothing while idle', async () => {
    const db = new SharedCounts();
    const limits = instance(db);
    const now = Date.now();
    limits.take('ApiKey', 'k1', 'w1', now);
    db.failing = true;
    await limits.flush();
    db.failing = false;
    await limits.flush();
    expect([...db.rows.values()]).toEqual([1, 1]);
    const statements = db.statements;
    await limits.flush();
    expect(db.statements).toBe(statements);
  });
});
