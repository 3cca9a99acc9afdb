import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Users', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let admin: Caller;
  let viewer: Caller;
  let n = 0;
  const body = (extra: object = {}) => {
    n += 1;
    return {
      username: `user-${n}-${Date.now()}`,
      email: `user-${n}-${Date.now()}@example.test`,
      password: 'a-long-password',
      ...extra,
    };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    admin = await ws.member('Admin');
    viewer = await ws.member('Viewer');
  });
  afterAll(() => t.close());

  it('creates a member with a role, reads, lists, updates and removes it', async () => {
    const created = await admin.post(
      '/core-api/users',
      body({
        firstname: 'Ada',
        lastname: 'Lovelace',
        apps: ['crm'],
        role: 'Member',
        externalReference: 'hr-1',
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      userType: 'User',
      firstname: 'Ada',
      lastname: 'Lovelace',
      displayName: 'Ada Lovelace',
      apps: ['crm'],
      role: 'Member',
      externalReference: 'hr-1',
      picture: null,
      workspaces: [{ workspaceId: ws.id, name: 'Test workspace', role: 'Member' }],
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|argon2/i);
    const id = created.body.id;

    expect((await viewer.get(`/core-api/users/${id}`)).body.id).toBe(id);
    const list = await viewer.get('/core-api/users?Query=lovelace');
    expect(list.body).toEqual({ data: [expect.objectContaining({ id })], total: 1 });
    expect((await viewer.get('/core-api/users?external_references=hr-1')).body.total).toBe(1);

    const membership = {
      id,
      username: created.body.username,
      email: created.body.email,
      firstname: 'Ada',
      lastname: 'Lovelace',
      externalReference: 'hr-1',
      role: 'Viewer',
    };
    // The profile is the user's own: an Admin replaces the membership (role, apps) only.
    const profile = await admin.put(`/core-api/users/${id}`, { ...membership, firstname: null });
    expect(profile.status).toBe(403);
    const updated = await admin.put(`/core-api/users/${id}`, membership);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      firstname: 'Ada',
      displayName: 'Ada Lovelace',
      apps: [],
      role: 'Viewer',
    });

    const activities = await admin.get(`/core-api/activities?entity_ids=${id}`);
    const types = activities.body.data.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(['UserCreated', 'UserRoleUpdated', 'UserAppsUpdated']));
    expect(types).not.toContain('UserFirstnameUpdated');

    expect((await admin.delete(`/core-api/users/${id}`)).status).toBe(200);
    expect((await admin.get(`/core-api/users/${id}`)).status).toBe(404);
  });

  it('takes an update only when If-Match names the current version (412 otherwise, nothing changed)', async () => {
    const created = await admin.post('/core-api/users', body({ firstname: 'Grace' }));
    expect(created.status).toBe(200);
    const id = created.body.id;
    const etag = (await admin.get(`/core-api/users/${id}`)).headers.etag;
    const replacement = {
      id,
      username: created.body.username,
      email: created.body.email,
      firstname: 'Grace',
    };

    const stale = await admin
      .put(`/core-api/users/${id}`)
      .set('If-Match', '"99"')
      .send({ ...replacement, role: 'Viewer' });
    expect(stale.status).toBe(412);
    expect((await admin.get(`/core-api/users/${id}`)).body.role).toBe('Member');

    const current = await admin
      .put(`/core-api/users/${id}`)
      .set('If-Match', etag)
      .send({ ...replacement, role: 'Viewer' });
    expect(current.status).toBe(200);
    expect(current.body.role).toBe('Viewer');
    const nobody = randomUUID();
    const missing = await admin.put(`/core-api/users/${nobody}`).send({ ...replacement, id: nobody });
    expect(missing.status).toBe(404);
  });

  it('lists client logins as users of type Client', async () => {
    const client = await ws.client();
    const clients = await viewer.get('/core-api/users?user_types=Client');
    expect(clients.body.data.map((u: { id: string }) => u.id)).toEqual([client.userId]);
    expect(clients.body.data[0]).toMatchObject({ userType: 'Client', role: null, apps: [] });
    const users = await viewer.get('/core-api/users?user_types=User&Take=1&SortOrder=Desc');
    expect(users.body.data).toHaveLength(1);
    expect(users.body.total).toBeGreaterThanOrEqual(3);
  });

  it('answers 409 for a username or email already in use (case-insensitively, across workspaces)', async () => {
    const first = body();
    expect((await admin.post('/core-api/users', first)).status).toBe(200);
    const sameName = await other.owner.post('/core-api/users', {
      ...body(),
      username: first.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.errors).toHaveProperty('username');
    const sameEmail = await admin.post('/core-api/users', { ...body(), email: first.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toHaveProperty('email');
  });

  it('answers 400 naming bad fields: role, apps, over-long names', async () => {
    const res = await admin.post(
      '/core-api/users',
      body({ role: 'King', apps: ['nope'], firstname: 'x'.repeat(256) }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['apps', 'firstname', 'role']);
  });

  it('keeps user management to Admins and Owners; only an Owner grants Owner', async () => {
    const member = await ws.member('Member');
    expect((await viewer.post('/core-api/users', body())).status).toBe(403);
    expect((await member.post('/core-api/users', body())).status).toBe(403);
    expect((await admin.post('/core-api/users', body({ role: 'Owner' }))).status).toBe(403);
    expect((await member.delete(`/core-api/users/${viewer.userId}`)).status).toBe(403);
    // a user may change their own profile, not their role
    const me = await viewer.get(`/core-api/users/${viewer.userId}`);
    const self = await viewer.put(`/core-api/users/${viewer.userId}`, {
      username: me.body.username,
      email: me.body.email,
      firstname: 'Vi',
    });
    expect(self.status).toBe(200);
    expect(self.body.firstname).toBe('Vi');
    const promote = await viewer.put(`/core-api/users/${viewer.userId}`, {
      username: me.body.username,
      email: me.body.email,
      role: 'Admin',
    });
    expect(promote.status).toBe(403);
    const others = await viewer.put(`/core-api/users/${admin.userId}`, {
      username: 'x-user',
      email: 'x@example.test',
    });
    expect(others.status).toBe(403);
  });

  it('keeps at least one Owner', async () => {
    const demote = await ws.owner.put(`/core-api/users/${ws.owner.userId}`, {
      username: ws.owner.username,
      email: `${ws.owner.username}@example.test`,
      role: 'Admin',
    });
    expect(demote.status).toBe(409);
    expect((await ws.owner.delete(`/core-api/users/${ws.owner.userId}`)).status).toBe(409);
  });

  it('hides other workspaces’ users', async () => {
    expect((await other.owner.get(`/core-api/users/${admin.userId}`)).status).toBe(404);
    expect((await other.owner.put(`/core-api/users/${admin.userId}`, body())).status).toBe(404);
    expect((await other.owner.delete(`/core-api/users/${admin.userId}`)).status).toBe(404);
    const list = await other.owner.get('/core-api/users');
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([other.owner.userId]);
  });

  it('serves the app catalogue marked with what the caller may open', async () => {
    const asAdmin = await admin.get('/core-api/apps');
    expect(asAdmin.body.total).toBe(asAdmin.body.data.length);
    expect(asAdmin.body.data.every((a: { allowed: boolean }) => a.allowed)).toBe(true);
    const withApps = await admin.post('/core-api/users', body({ apps: ['crm'], role: 'Viewer' }));
    const crmUser = await t.login(withApps.body.id, 'User', ws.id, withApps.body.username);
    const apps = (await crmUser.get('/core-api/apps')).body.data;
    expect(apps.filter((a: { allowed: boolean }) => a.allowed).map((a: { name: string }) => a.name)).toEqual([
      'crm',
    ]);
    expect((await t.http.get('/core-api/apps')).status).toBe(401);
  });
});
