import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { JwtStrategy } from '../../../src/identity/auth/jwt.strategy';
import { EMBEDDED_DATABASE } from '../../../src/platform/platform.module';
import { serverUrl } from '../../support/test-env';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * The auth guard answers from a cache after a session's first request (see session-cache.ts).
 * Every change that matters must take effect on the very next request, whichever way it was made.
 * Each case first makes sure the session is cached, so it fails if invalidation does not happen.
 */
describe('Session cache of the auth guard', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let ds: DataSource;
  let strategy: JwtStrategy;

  const sessionId = (caller: Caller): string =>
    (JSON.parse(Buffer.from(caller.token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
  /**
   * An authenticated request, then the session must be in the cache. On a server every pooled
   * connection LISTENs, so a copy of an earlier change's notification (the member's creation) may
   * reach an idle connection after the request and drop everything: then the request is made again.
   */
  const warm = async (caller: Caller, expected = 200) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await caller.get('/core-api/users')).status).toBe(expected);
      if (strategy.sessionCache.get(sessionId(caller)) !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(strategy.sessionCache.get(sessionId(caller))).toBeDefined();
  };
  const revokeSql = 'UPDATE auth_sessions SET revoked_at = now() WHERE id = $1';

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    ds = t.app.get(DataSource);
    strategy = t.app.get(JwtStrategy);
  });
  afterAll(() => t.close());

  it('answers a cached session without querying it', async () => {
    const viewer = await ws.member('Viewer');
    const logQuery = jest.spyOn(ds.logger, 'logQuery');
    const statements = async () => {
      logQuery.mockClear();
      expect((await viewer.get('/core-api/users')).status).toBe(200);
      return logQuery.mock.calls.map(([sql]) => sql);
    };
    const sessionReads = (sqls: string[]) => sqls.filter((sql) => sql.includes('auth_sessions'));
    try {
      // A request with the session not cached, then one with it cached. On a server a late copy of
      // an earlier change's notification (see warm) may drop the cache in between: the pair is
      // then made again; a cache that never answers fails every try.
      for (let attempt = 1; ; attempt++) {
        strategy.sessionCache.invalidate();
        const first = await statements();
        const second = await statements();
        const answeredFromCache = sessionReads(second).length === 0 && second.length === first.length - 1;
        if (!answeredFromCache && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        expect(sessionReads(first)).toHaveLength(1);
        expect(sessionReads(second)).toHaveLength(0);
        expect(second).toHaveLength(first.length - 1);
        break;
      }
    } finally {
      logQuery.mockRestore();
    }
  });

  it('refuses a logged-out access token at once', async () => {
    const member = await ws.member('Member');
    await warm(member);
    expect((await t.http.get(`/core-api/auth/logout/${member.token}`)).status).toBe(200);
    expect((await member.get('/core-api/users')).status).toBe(401);
  });

  it('applies a demotion to the next request', async () => {
    const admin = await ws.member('Admin');
    await warm(admin);
    const user = (n: string) => ({ username: n, email: `${n}@example.test`, password: 'a-long-password' });
    expect((await admin.post('/core-api/users', user(`made-${Date.now()}`))).status).toBe(200);
    const demoted = await ws.owner.put(`/core-api/users/${admin.userId}`, {
      username: admin.username,
      email: `${admin.username}@example.test`,
      role: 'Viewer',
    });
    expect(demoted.status).toBe(200);
    expect((await admin.post('/core-api/users', user(`refused-${Date.now()}`))).status).toBe(403);
    expect((await admin.get('/core-api/users')).status).toBe(200);
  });

  it('refuses a removed member at once', async () => {
    const member = await ws.member('Member');
    await warm(member);
    expect((await ws.owner.delete(`/core-api/users/${member.userId}`)).status).toBe(200);
    expect((await member.get('/core-api/users')).status).toBe(401);
  });

  it('refuses a deactivated client login at once', async () => {
    const client = await ws.client();
    await warm(client, 403); // authenticated; clients are kept off /core-api
    const updated = await ws.owner.put(`/core-api/identities/${client.userId}`, {
      username: client.username,
      email: `${client.username}@example.test`,
      status: { active: false },
    });
    expect(updated.status).toBe(200);
    expect((await client.get('/core-api/users')).status).toBe(401);
  });

  it('sees a change made by raw SQL through the application’s database connection', async () => {
    const member = await ws.member('Member');
    await warm(member);
    await ds.query(revokeSql, [sessionId(member)]);
    expect((await member.get('/core-api/users')).status).toBe(401);
  });

  it('sees a cascaded delete (the workspace deleted by raw SQL)', async () => {
    const doomed = await t.workspace('Doomed');
    const viewer = await doomed.member('Viewer');
    await warm(viewer);
    await warm(doomed.owner);
    await ds.query('DELETE FROM workspaces WHERE id = $1', [doomed.id]);
    expect((await viewer.get('/core-api/users')).status).toBe(401);
    expect((await doomed.owner.get('/core-api/users')).status).toBe(401);
  });

  if (serverUrl) {
    it('sees a change committed by another connection (another process) within moments', async () => {
      const member = await ws.member('Member');
      await warm(member);
      const epoch = strategy.sessionCache.epoch;
      const other = new pg.Client({ connectionString: serverUrl });
      await other.connect();
      try {
        await other.query(revokeSql, [sessionId(member)]);
      } finally {
        await other.end();
      }
      // delivered asynchronously to this process's idle connections
      for (let waited = 0; strategy.sessionCache.epoch === epoch && waited < 5000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(strategy.sessionCache.epoch).not.toBe(epoch);
      expect((await member.get('/core-api/users')).status).toBe(401);
    });
  } else {
    it('sees a change made directly on the embedded database, outside node-postgres', async () => {
      const member = await ws.member('Member');
      await warm(member);
      await t.app
        .get<typeof EMBEDDED_DATABASE, PGlite>(EMBEDDED_DATABASE)
        .query(revokeSql, [sessionId(member)]);
      expect((await member.get('/core-api/users')).status).toBe(401);
    });
  }
});
