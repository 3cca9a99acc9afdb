import { beforeEach, describe, expect, it } from '@jest/globals';
import { CachedSession, SessionCache } from './session-cache';

describe('SessionCache', () => {
  let now: number;
  let cache: SessionCache;
  const member: CachedSession = { role: 'Member', type: 'User', subject: 'u1', workspaceId: 'w1' };
  const client: CachedSession = { role: null, type: 'Client', subject: 'c1', workspaceId: 'w1' };

  beforeEach(() => {
    now = 1_000_000;
    cache = new SessionCache({ maxEntries: 3, ttlMs: 60_000, now: () => now });
    cache.isLive = () => true;
  });

  const load = (sid: string, session = member) => cache.store(sid, session, cache.begin());

  it('serves a stored check until invalidated', () => {
    expect(cache.get('s1')).toBeUndefined();
    expect(load('s1')).toBe(true);
    expect(cache.get('s1')).toEqual(member);
    cache.invalidate();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps a client session (role null) apart from a miss', () => {
    load('c1', client);
    expect(cache.get('c1')).toEqual(client);
  });

  it('drops an entry after the TTL', () => {
    load('s1');
    now += 59_999;
    expect(cache.get('s1')).toEqual(member);
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the oldest entry above the bound', () => {
    for (const sid of ['s1', 's2', 's3', 's4']) load(sid);
    expect(cache.size).toBe(3);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s4')).toEqual(member);
    // storing again refreshes an entry's place
    load('s2');
    load('s5');
    expect(cache.get('s2')).toEqual(member);
    expect(cache.get('s3')).toBeUndefined();
  });

  it('never stores a load that started before an invalidation (race guard)', () => {
    const startedAt = cache.begin();
    // the load's query read the row; a revocation commits and its notification arrives first
    cache.invalidate();
    expect(cache.store('s1', member, startedAt)).toBe(false);
    expect(cache.get('s1')).toBeUndefined();
    // a load started after the invalidation is stored
    expect(load('s1')).toBe(true);
    expect(cache.epoch).toBe(1);
  });

  it('serves and stores nothing while delivery of invalidations is not live', () => {
    load('s1');
    cache.isLive = () => false;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.begin()).toBeUndefined();
    expect(cache.store('s2', member, undefined)).toBe(false);
    // a load that started while live is not stored if delivery stopped meanwhile
    cache.isLive = () => true;
    const startedAt = cache.begin();
    cache.isLive = () => false;
    expect(cache.store('s3', member, startedAt)).toBe(false);
    cache.isLive = () => true;
    expect(cache.get('s3')).toBeUndefined();
  });
});
