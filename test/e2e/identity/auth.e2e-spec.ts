import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { password, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Authentication (api-conventions §2)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;

  const login = (body: object) => t.http.post('/core-api/auth/login').send(body);

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Second');
  });
  afterAll(() => t.close());

  it('logs a user in by username or email, case-insensitively, into their first workspace', async () => {
    const byName = await login({ username: ws.owner.username.toUpperCase(), password });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({
      accessToken: expect.any(String),
      tokenType: 'Bearer',
      expiresIn: 900,
      refreshToken: expect.any(String),
      userId: ws.owner.userId,
      userType: 'User',
      workspaceId: ws.id,
    });
    const byEmail = await login({ username: `${ws.owner.username}@EXAMPLE.test`, password });
    expect(byEmail.status).toBe(200);
    const me = await t.http.get('/core-api/users').set('Authorization', `Bearer ${byEmail.body.accessToken}`);
    expect(me.status).toBe(200);
  });

  it('answers the same 401 for an unknown user and a wrong password, and for a workspace the user is not in', async () => {
    const unknown = await login({ username: 'nobody-here', password });
    const wrong = await login({ username: ws.owner.username, password: 'wrong-password' });
    const foreign = await login({ username: ws.owner.username, password, workspaceId: other.id });
    for (const res of [unknown, wrong, foreign]) {
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it('hints in the 401 without a workspaceId that client logins need one, for every name alike', async () => {
    const shopper = await other.owner.post('/core-api/identities', {
      username: 'hint-shopper',
      email: 'hint-shopper@example.test',
      password: 'shopper-password',
    });
    expect(shopper.status).toBe(200);
    const client = await login({ username: 'hint-shopper', password: 'shopper-password' });
    const unknown = await login({ username: 'nobody-at-all', password: 'shopper-password' });
    const wrong = await login({ username: ws.owner.username, password: 'wrong-password' });
    for (const res of [client, unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe(
        'The username or password is incorrect. Client logins (shoppers) log in with the workspaceId of their workspace.',
      );
    }
    const withWorkspace = await login({ username: 'nobody-at-all', password, workspaceId: other.id });
    expect(withWorkspace.body.detail).toBe('The username or password is incorrect.');
  });

  it('answers 400 naming the missing fields', async () => {
    const res = await login({ password: 5 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['password', 'username']);
  });

  it('logs a client login in with its workspaceId, for /commerce-api only', async () => {
    const created = await ws.owner.post('/core-api/identities', {
      username: 'shopper',
      email: 'shopper@example.test',
      password: 'shopper-password',
    });
    expect(created.status).toBe(200);
    const res = await login({ username: 'Shopper', password: 'shopper-password', workspaceId: ws.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userType: 'Client', userId: created.body.id, workspaceId: ws.id });
    expect((await login({ username: 'shopper', password: 'shopper-password' })).status).toBe(401);
    const core = await t.http.get('/core-api/users').set('Authorization', `Bearer ${res.body.accessToken}`);
    expect(core.status).toBe(403);
    const info = await ws.owner.get(`/core-api/identities/${created.body.id}`);
    expect(info.body.status.lastLoginAt).not.toBeNull();
    // an inactive client login cannot log in, and its tokens stop working
    await ws.owner.put(`/core-api/identities/${created.body.id}`, {
      username: 'shopper',
      email: 'shopper@example.test',
      status: { active: false },
    });
    expect(
      (await login({ username: 'shopper', password: 'shopper-password', workspaceId: ws.id })).status,
    ).toBe(401);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const first = (await login({ username: ws.owner.username, password })).body;
    const second = await t.http.post('/core-api/auth/refresh').send({ refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect(second.body.workspaceId).toBe(ws.id);
    // the used token is dead; presenting it again (after the grace period) revokes the successor too
    await t.pastRefreshGrace(first.refreshToken);
    const reuse = await t.http.post('/core-api/auth/refresh').send({ refreshToken: first.refreshToken });
    expect(reuse.status).toBe(401);
    const successor = await t.http
      .post('/core-api/auth/refresh')
      .send({ refreshToken: second.body.refreshToken });
    expect(successor.status).toBe(401);
    const access = await t.http
      .get('/core-api/users')
      .set('Authorization', `Bearer ${second.body.accessToken}`);
    expect(access.status).toBe(401);
    expect((await t.http.post('/core-api/auth/refresh').send({ refreshToken: 'garbage' })).status).toBe(401);
  });

  it('ends the previous access token at refresh, not at its expiry', async () => {
    const first = (await login({ username: ws.owner.username, password })).body;
    const old = { Authorization: `Bearer ${first.accessToken}` };
    expect((await t.http.get('/core-api/users').set(old)).status).toBe(200); // cached as valid
    const second = await t.http.post('/core-api/auth/refresh').send({ refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect((await t.http.get('/core-api/users').set(old)).status).toBe(401);
    const fresh = { Authorization: `Bearer ${second.body.accessToken}` };
    expect((await t.http.get('/core-api/users').set(fresh)).status).toBe(200);
    // Presenting the used refresh token again (after the grace period) revokes the family (the successor too).
    await t.pastRefreshGrace(first.refreshToken);
    expect(
      (await t.http.post('/core-api/auth/refresh').send({ refreshToken: first.refreshToken })).status,
    ).toBe(401);
    expect((await t.http.get('/core-api/users').set(fresh)).status).toBe(401);
  });

  it('ends a client login’s sessions at deactivation for good: reactivating it revives no old token', async () => {
    const created = await ws.owner.post('/core-api/identities', {
      username: 'returning-shopper',
      email: 'returning-shopper@example.test',
      password: 'shopper-password',
    });
    const body = { username: 'returning-shopper', email: 'returning-shopper@example.test' };
    const pair = (
      await login({ username: 'returning-shopper', password: 'shopper-password', workspaceId: ws.id })
    ).body;
    const old = { Authorization: `Bearer ${pair.accessToken}` };
    const products = () => t.http.post('/commerce-api/catalog/products').set(old).send({});
    expect((await products()).status).toBe(200);
    const off = await ws.owner.put(`/core-api/identities/${created.body.id}`, {
      ...body,
      status: { active: false },
    });
    expect(off.status).toBe(200);
    expect((await products()).status).toBe(401);
    const on = await ws.owner.put(`/core-api/identities/${created.body.id}`, {
      ...body,
      status: { active: true },
    });
    expect(on.status).toBe(200);
    expect((await products()).status).toBe(401);
    expect(
      (await t.http.post('/core-api/auth/refresh').send({ refreshToken: pair.refreshToken })).status,
    ).toBe(401);
    // A new login works again.
    expect(
      (await login({ username: 'returning-shopper', password: 'shopper-password', workspaceId: ws.id }))
        .status,
    ).toBe(200);
  });

  it('logs out: the access token and its refresh token are refused from then on', async () => {
    const pair = (await login({ username: ws.owner.username, password })).body;
    const auth = { Authorization: `Bearer ${pair.accessToken}` };
    expect((await t.http.get('/core-api/users').set(auth)).status).toBe(200);
    const out = await t.http.get(`/core-api/auth/logout/${pair.accessToken}`);
    expect(out.status).toBe(200);
    expect((await t.http.get('/core-api/users').set(auth)).status).toBe(401);
    expect(
      (await t.http.post('/core-api/auth/refresh').send({ refreshToken: pair.refreshToken })).status,
    ).toBe(401);
    expect((await t.http.get('/core-api/auth/logout/not-a-token')).status).toBe(401);
  });

  it('switches workspace for members only', async () => {
    expect((await ws.owner.post('/core-api/auth/switch-workspace', { workspaceId: other.id })).status).toBe(
      403,
    );
    const created = await ws.owner.post('/core-api/workspaces', { name: 'Third' });
    const switched = await ws.owner.post('/core-api/auth/switch-workspace', { workspaceId: created.body.id });
    expect(switched.status).toBe(200);
    expect(switched.body.workspaceId).toBe(created.body.id);
    const inThird = await t.http
      .get('/core-api/users')
      .set('Authorization', `Bearer ${switched.body.accessToken}`);
    expect(inThird.body.data.map((u: { id: string }) => u.id)).toEqual([ws.owner.userId]);
    expect((await ws.owner.post('/core-api/auth/switch-workspace', { workspaceId: 'nope' })).status).toBe(
      400,
    );
  });

  it('documents the open operations without a security requirement', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    expect(doc.paths['/core-api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/core-api/users'].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
  });
});

describe('Login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after too many attempts for one username', async () => {
    const attempt = () =>
      t.http.post('/core-api/auth/login').send({ username: 'target', password: 'guess-guess' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toMatch(/problem\+json/);
    // another username from the same IP still gets through (the per-IP limit is higher)
    expect(
      (await t.http.post('/core-api/auth/login').send({ username: 'someone-else', password: 'guess-guess' }))
        .status,
    ).toBe(401);
  });
});
