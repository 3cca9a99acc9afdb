import { beforeEach, describe, expect, it } from '@jest/globals';
import { NotifiedCache } from './notified-cache';

describe('NotifiedCache', () => {
  let now: number;
  let cache: NotifiedCache<string | null>;

  beforeEach(() => {
    now = 1_000_000;
    cache = new NotifiedCache({ maxEntries: 3, ttlMs: 60_000, now: () => now });
    cache.isLive = () => true;
  });

  const load = (key: string, scope?: string, value: string | null = `v-${key}`) =>
    cache.store(key, value, cache.begin(), scope);

  it('keeps a null answer apart from a miss', () => {
    load('k', 'w1', null);
    expect(cache.get('k')).toBeNull();
    expect(cache.get('other')).toBeUndefined();
  });

  it('drops only the entries of the scope a payload names', () => {
    load('a1', 'w1');
    load('a2', 'w1');
    load('b1', 'w2');
    cache.invalidate('w1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toBe('v-b1');
    expect(cache.size).toBe(1);
  });

  it('drops everything without a payload or with an empty one', () => {
    load('a1', 'w1');
    load('b1', 'w2');
    cache.invalidate('');
    expect(cache.size).toBe(0);
    load('a1', 'w1');
    cache.invalidate();
    expect(cache.get('a1')).toBeUndefined();
  });

  it('never stores a load that began before its scope or everything was invalidated', () => {
    const inW1 = cache.begin();
    const inW2 = cache.begin();
    cache.invalidate('w1');
    expect(cache.store('a1', 'stale', inW1, 'w1')).toBe(false);
    // another workspace's change does not hold back this load
    expect(cache.store('b1', 'fresh', inW2, 'w2')).toBe(true);
    const beforeAll = cache.begin();
    cache.invalidate();
    expect(cache.store('b2', 'stale', beforeAll, 'w2')).toBe(false);
    expect(cache.store('c', 'stale', beforeAll)).toBe(false);
    // loads begun after the invalidations are stored
    expect(load('a1', 'w1')).toBe(true);
    expect(cache.get('a1')).toBe('v-a1');
  });

  it('stays exact for loads under way when it forgets the marks of many scopes', () => {
    const startedAt = cache.begin();
    for (const w of ['w1', 'w2', 'w3', 'w4']) cache.invalidate(w);
    // w1's mark was forgotten above the bound: the load is refused all the same
    expect(cache.store('a1', 'stale', startedAt, 'w1')).toBe(false);
    expect(load('a1', 'w1')).toBe(true);
  });

  it('evicts the oldest entry above the bound and forgets its scope membership', () => {
    for (const key of ['k1', 'k2', 'k3', 'k4']) load(key, 'w1');
    expect(cache.size).toBe(3);
    expect(cache.get('k1')).toBeUndefined();
    load('k2', 'w2'); // stored again: now the newest, under another scope
    load('k5', 'w1');
    expect(cache.get('k2')).toBe('v-k2');
    expect(cache.get('k3')).toBeUndefined();
    cache.invalidate('w1');
    expect(cache.get('k2')).toBe('v-k2');
    expect(cache.size).toBe(1);
  });

  it('drops an entry after the TTL', () => {
    load('k', 'w1');
    now += 59_999;
    expect(cache.get('k')).toBe('v-k');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('serves and stores nothing while delivery is not live; `through` then always loads', async () => {
    load('k', 'w1');
    cache.isLive = () => false;
    expect(cache.get('k')).toBeUndefined();
    let loads = 0;
    const loader = async () => `load-${++loads}`;
    expect(await cache.through('x', 'w1', loader)).toBe('load-1');
    expect(await cache.through('x', 'w1', loader)).toBe('load-2');
    cache.isLive = () => true;
    expect(await cache.through('x', 'w1', loader)).toBe('load-3');
    expect(await cache.through('x', 'w1', loader)).toBe('load-3');
  });
});
