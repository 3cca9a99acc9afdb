import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MembershipEntity } from '../../../src/identity/workspaces/membership.entity';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** GET /core-api/auth/me and /commerce-api/auth/me: who the caller is (api-conventions §2). */
describe('who am I', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let second: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace('First');
    second = await t.workspace('Second');
  });
  afterAll(() => t.close());

  const secrets = /password|hash|secret|token/i;

  it('tells a user who it is, where and with which role, and never a secret', async () => {
    const me = await ws.owner.get('/core-api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: ws.owner.userId,
      userType: 'User',
      username: ws.owner.username,
      email: `${ws.owner.username}@example.test`,
      displayName: ws.owner.username,
      workspace: { id: ws.id, name: 'First' },
      role: 'Owner',
      apps: [],
      memberships: [{ workspaceId: ws.id, name: 'First', role: 'Owner' }],
    });
    expect(Object.keys(me.body).some((k) => secrets.test(k))).toBe(false);
    expect(me.headers['cache-control']).toBe('private, no-cache');
    expect(me.headers.etag).toMatch(/^W\//);
  });

  it('lists every workspace of a member, and its role in the current one (a Viewer)', async () => {
    const viewer = await ws.member('Viewer');
    // The Viewer of the first workspace is an Admin of the second as well.
    await t.app
      .get(DataSource)
      .manager.insert(MembershipEntity, { workspaceId: second.id, userId: viewer.userId, role: 'Admin' });
    const me = await viewer.get('/core-api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('Viewer');
    expect(me.body.workspace).toEqual({ id: ws.id, name: 'First' });
    expect(me.body.memberships).toEqual([
      { workspaceId: ws.id, name: 'First', role: 'Viewer' },
      { workspaceId: second.id, name: 'Second', role: 'Admin' },
    ]);
    // Read live: a changed role shows at once.
    const changed = await ws.owner.put(`/core-api/users/${viewer.userId}`, {
      username: viewer.username,
      email: `${viewer.username}@example.test`,
      role: 'Member',
    });
    expect(changed.status).toBe(200);
    expect((await viewer.get('/core-api/auth/me')).body.role).toBe('Member');
  });

  it('tells a client login who it is on /commerce-api, and refuses it on /core-api', async () => {
    const shopper = await ws.client();
    const me = await shopper.get('/commerce-api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: shopper.userId,
      userType: 'Client',
      username: shopper.username,
      email: `${shopper.username}@example.test`,
      displayName: shopper.username,
      workspace: { id: ws.id, name: 'First' },
      role: null,
      apps: [],
      memberships: [],
    });
    expect((await shopper.get('/core-api/auth/me')).status).toBe(403);
    // A user may ask the storefront too: the same answer as the core one.
    const user = await ws.owner.get('/commerce-api/auth/me');
    expect(user.body).toEqual((await ws.owner.get('/core-api/auth/me')).body);
  });

  it('answers 401 without a token, with a wrong one and with a revoked one', async () => {
    expect((await t.http.get('/core-api/auth/me')).status).toBe(401);
    expect((await t.http.get('/commerce-api/auth/me')).status).toBe(401);
    expect((await t.http.get('/core-api/auth/me').set('Authorization', 'Bearer not-a-token')).status).toBe(
      401,
    );
    const viewer = await ws.member('Viewer');
    expect((await t.http.get(`/core-api/auth/logout/${viewer.token}`)).status).toBe(200);
    expect((await viewer.get('/core-api/auth/me')).status).toBe(401);
  });

  it('sends token answers with Cache-Control: no-store', async () => {
    const login = await t.http
      .post('/core-api/auth/login')
      .send({ username: ws.owner.username, password: 'correct-horse-battery' });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refreshed = await t.http
      .post('/core-api/auth/refresh')
      .send({ refreshToken: login.body.refreshToken });
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });
});
