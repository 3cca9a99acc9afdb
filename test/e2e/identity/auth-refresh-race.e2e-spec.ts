import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { password, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * Two tabs refreshing with the same refresh token at once (docs/security.md, "Sessions"): within
 * REFRESH_REUSE_GRACE_SECONDS the second gets the same new pair instead of revoking the family;
 * after it, reuse still revokes the family.
 */
describe('concurrent refreshes within the grace period', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  interface Pair {
    accessToken: string;
    refreshToken: string;
  }
  const login = async (): Promise<Pair> =>
    (await t.http.post('/core-api/auth/login').send({ username: ws.owner.username, password })).body;
  const refresh = (refreshToken: string) => t.http.post('/core-api/auth/refresh').send({ refreshToken });
  const usable = async (pair: Pair) =>
    (await t.http.get('/core-api/users').set('Authorization', `Bearer ${pair.accessToken}`)).status;

  it('answers two concurrent refreshes with the same pair, both usable', async () => {
    const first = await login();
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).toBe(b.body.refreshToken);
    expect(a.body.userId).toBe(b.body.userId);
    expect(a.body.workspaceId).toBe(ws.id);
    expect(await usable(a.body)).toBe(200);
    expect(await usable(b.body)).toBe(200);
    // One session: the pair refreshes on as usual.
    const next = await refresh(b.body.refreshToken);
    expect(next.status).toBe(200);
    expect(await usable(next.body)).toBe(200);
    // The old access token died at the first refresh.
    expect(await usable(first)).toBe(401);
  });

  it('answers a third concurrent reuse the same way', async () => {
    const first = await login();
    const answers = await Promise.all([1, 2, 3].map(() => refresh(first.refreshToken)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.refreshToken)).size).toBe(1);
    for (const r of answers) expect(await usable(r.body)).toBe(200);
  });

  it('follows the chain when the successor was refreshed in the same seconds', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body as Pair;
    const third = (await refresh(second.refreshToken)).body as Pair;
    const late = await refresh(first.refreshToken);
    expect(late.status).toBe(200);
    expect(late.body.refreshToken).toBe(third.refreshToken);
    expect(await usable(late.body)).toBe(200);
  });

  it('revokes the family on a reuse after the grace period', async () => {
    const first = await login();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    await t.pastRefreshGrace(first.refreshToken);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toMatch(/already used/);
    expect(await usable(second.body)).toBe(401);
    expect((await refresh(second.body.refreshToken)).status).toBe(401);
  });

  it('gives nothing within the grace period once the successor is logged out, and revokes nothing more', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body as Pair;
    expect((await t.http.get(`/core-api/auth/logout/${second.accessToken}`)).status).toBe(200);
    const late = await refresh(first.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.detail).toMatch(/not valid/);
  });

  it('refuses a forged secret for a rotated session (it is compared before any grace)', async () => {
    const first = await login();
    expect((await refresh(first.refreshToken)).status).toBe(200);
    const [id] = first.refreshToken.split('.');
    const forged = await refresh(`${id}.${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toMatch(/not valid/);
  });

  it('keeps no token in the clear: the successor is stored sealed and only its hash is kept', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body as Pair;
    const rows: Array<{ refresh_token_hash: string; successor_id: string; successor_sealed: string }> =
      await t.app
        .get(DataSource)
        .query(`SELECT refresh_token_hash, successor_id, successor_sealed FROM auth_sessions WHERE id = $1`, [
          first.refreshToken.split('.')[0],
        ]);
    const [successorId, successorSecret] = second.refreshToken.split('.');
    expect(rows[0].successor_id).toBe(successorId);
    expect(rows[0].successor_sealed).not.toContain(successorSecret);
    expect(JSON.stringify(rows)).not.toContain(first.refreshToken.split('.')[1]);
  });
});

describe('a grace period of 0', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('revokes the family on any reuse, concurrent or not', async () => {
    t = await startApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
    const ws = await t.workspace();
    const first = (await t.http.post('/core-api/auth/login').send({ username: ws.owner.username, password }))
      .body;
    const answers = await Promise.all([1, 2].map(() => t.http.post('/core-api/auth/refresh').send(first)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = answers.find((r) => r.status === 200)!;
    expect(
      (await t.http.get('/core-api/users').set('Authorization', `Bearer ${winner.body.accessToken}`)).status,
    ).toBe(401);
  });
});
