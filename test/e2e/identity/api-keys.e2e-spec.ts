import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keyShape = /^trade_live_[0-9a-f]{128}$/;

/** API keys: lifecycle, roles, workspaces, expiry, and who may manage them (docs/security.md, "API keys"). */
describe('API keys', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let admin: Caller;
  let member: Caller;

  /** Requests made with an API key, in the X-Api-Key header or as a bearer token. */
  const withKey = (key: string, how: 'header' | 'bearer' = 'header') => {
    const set = <R extends { set(name: string, value: string): R }>(r: R) =>
      how === 'header' ? r.set('X-Api-Key', key) : r.set('Authorization', `Bearer ${key}`);
    return {
      get: (path: string) => set(t.http.get(path)),
      post: (path: string, body: object) => set(t.http.post(path)).send(body),
      delete: (path: string) => set(t.http.delete(path)),
    };
  };

  const createKey = async (by: Caller, body: object) => {
    const res = await by.post('/core-api/api-keys', body);
    expect(res.status).toBe(200);
    return res.body as { id: string; key: string };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    admin = await ws.member('Admin');
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  it('shows the key once, never lists it, records its use and refuses it from the request after its revocation', async () => {
    const created = await admin.post('/core-api/api-keys', {
      name: 'ERP sync',
      role: 'Member',
      externalReference: 'erp',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'erp',
      name: 'ERP sync',
      role: 'Member',
      status: 'Active',
      hint: expect.stringMatching(/^trade_live_[0-9a-f]{8}…$/),
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      createdBy: admin.userId,
      key: expect.stringMatching(keyShape),
    });
    const { id, key } = created.body;
    const secret = key.slice(-64);

    const got = await ws.owner.get(`/core-api/api-keys/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('key');
    const list = await ws.owner.get('/core-api/api-keys');
    expect(list.body.data.map((k: { id: string }) => k.id)).toContain(id);
    for (const answer of [got, list]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toMatch(/secret|hash/i);
    }

    // Both ways of sending it; the key acts as a service user of its workspace.
    expect((await withKey(key).get('/core-api/accounts')).status).toBe(200);
    expect((await withKey(key, 'bearer').get('/core-api/accounts')).status).toBe(200);
    const account = await withKey(key).post('/core-api/accounts', { displayName: 'Made by a key' });
    expect(account.status).toBe(200);
    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${account.body.id}`);
    expect(activities.body.data[0]).toMatchObject({ type: 'AccountCreated', actor: { id, type: 'ApiKey' } });

    let lastUsedAt: string | null = null;
    for (let i = 0; i < 40 && !lastUsedAt; i++) {
      lastUsedAt = (await ws.owner.get(`/core-api/api-keys/${id}`)).body.lastUsedAt;
      if (!lastUsedAt) await sleep(50);
    }
    expect(lastUsedAt).toEqual(expect.any(String));

    expect((await admin.delete(`/core-api/api-keys/${id}`)).status).toBe(200);
    const refused = await withKey(key).get('/core-api/accounts');
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatch(/API key/);
    expect((await withKey(key, 'bearer').get('/core-api/accounts')).status).toBe(401);
    const revoked = await ws.owner.get(`/core-api/api-keys/${id}`);
    expect(revoked.body).toMatchObject({ status: 'Revoked', revokedAt: expect.any(String) });
    // Revoking again changes nothing and records nothing.
    expect((await admin.delete(`/core-api/api-keys/${id}`)).status).toBe(200);
    const keyActivities = await ws.owner.get(`/core-api/activities?entity_ids=${id}&SortBy=Timestamp`);
    expect(keyActivities.body.data.map((a: { type: string; actor: object }) => [a.type, a.actor])).toEqual([
      ['ApiKeyCreated', { id: admin.userId, type: 'User' }],
      ['ApiKeyRevoked', { id: admin.userId, type: 'User' }],
    ]);
    expect(JSON.stringify(keyActivities.body)).not.toContain(secret);

    const revokedOnly = await ws.owner.get('/core-api/api-keys?statuses=Revoked');
    expect(revokedOnly.body.data.map((k: { id: string }) => k.id)).toEqual([id]);
    const active = await ws.owner.get('/core-api/api-keys?statuses=Active,Expired');
    expect(active.body.data.map((k: { id: string }) => k.id)).not.toContain(id);
  });

  it('a read-only (Viewer) key reads and cannot write; a key has no more than its role', async () => {
    const { key, id } = await createKey(admin, { name: 'Read only', role: 'Viewer' });
    expect((await withKey(key).get('/core-api/accounts')).status).toBe(200);
    // "Who am I" for an integration: the key itself, its workspace and role.
    const me = await withKey(key).get('/core-api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id,
      userType: 'ApiKey',
      username: 'Read only',
      email: null,
      role: 'Viewer',
      workspace: { id: ws.id },
      memberships: [],
    });
    const write = await withKey(key).post('/core-api/accounts', { displayName: 'Nope' });
    expect(write.status).toBe(403);
    expect(write.body.detail).toMatch(/Member role or higher; this API key has Viewer/);

    const memberKey = (await createKey(admin, { name: 'Writer', role: 'Member' })).key;
    expect((await withKey(memberKey).get('/core-api/api-keys')).status).toBe(403);
    expect((await withKey(memberKey).post('/core-api/identities', {})).status).toBe(403);
  });

  it('only Admin users manage keys: Members and keys (even Admin keys) may not create or revoke', async () => {
    expect((await member.post('/core-api/api-keys', { name: 'x', role: 'Viewer' })).status).toBe(403);
    expect((await member.get('/core-api/api-keys')).status).toBe(403);
    const viewer = await ws.member('Viewer');
    expect((await viewer.get('/core-api/api-keys')).status).toBe(403);

    const adminKey = await createKey(admin, { name: 'Admin key', role: 'Admin' });
    const made = await withKey(adminKey.key).post('/core-api/api-keys', { name: 'Child', role: 'Viewer' });
    expect(made.status).toBe(403);
    expect(made.body.detail).toMatch(/not by API keys/);
    expect((await withKey(adminKey.key).delete(`/core-api/api-keys/${adminKey.id}`)).status).toBe(403);
    // Reading the list is an Admin's read: an Admin key may.
    expect((await withKey(adminKey.key).get('/core-api/api-keys')).status).toBe(200);
    // A key creates no workspace and switches to none: those are a person's.
    expect((await withKey(adminKey.key).post('/core-api/workspaces', { name: 'Mine' })).status).toBe(403);
  });

  it('works on its own workspace only', async () => {
    const { key } = await createKey(admin, { name: 'Mine', role: 'Admin' });
    const theirs = await other.owner.post('/core-api/accounts', { displayName: 'Other workspace' });
    expect((await withKey(key).get(`/core-api/accounts/${theirs.body.id}`)).status).toBe(404);
    const list = await withKey(key).get(`/core-api/accounts?ids=${theirs.body.id}`);
    expect(list.body).toEqual({ data: [], total: 0 });

    // A key of another workspace is a 404 here, for reads and revocation alike.
    const otherKey = await createKey(other.owner, { name: 'Theirs', role: 'Viewer' });
    expect((await ws.owner.get(`/core-api/api-keys/${otherKey.id}`)).status).toBe(404);
    expect((await ws.owner.delete(`/core-api/api-keys/${otherKey.id}`)).status).toBe(404);
    expect((await withKey(otherKey.key).get('/core-api/accounts')).status).toBe(200);

    // The workspace written into a key is checked against its row: moved to another, it is unknown.
    const hex = (uuid: string) => uuid.replace(/-/g, '');
    const moved = key.replace(hex(ws.id), hex(other.id));
    expect(moved).not.toBe(key);
    expect((await withKey(moved).get('/core-api/accounts')).status).toBe(401);
  });

  it('refuses an expired key, a wrong secret, a malformed key and two credentials at once (401)', async () => {
    const expiring = await createKey(admin, {
      name: 'Short-lived',
      role: 'Viewer',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await withKey(expiring.key).get('/core-api/accounts')).status).toBe(200);
    await sleep(1600);
    expect((await withKey(expiring.key).get('/core-api/accounts')).status).toBe(401);
    expect((await ws.owner.get(`/core-api/api-keys/${expiring.id}`)).body.status).toBe('Expired');

    const { key } = await createKey(admin, { name: 'Valid', role: 'Viewer' });
    const wrongSecret = key.slice(0, -64) + 'f'.repeat(64);
    for (const bad of [
      wrongSecret,
      key.slice(0, -1),
      `${key}0`,
      'trade_live_',
      'not-a-key',
      key.toUpperCase(),
    ])
      expect((await withKey(bad).get('/core-api/accounts')).status).toBe(401);
    expect((await withKey(wrongSecret, 'bearer').get('/core-api/accounts')).status).toBe(401);
    const both = await t.http
      .get('/core-api/accounts')
      .set('X-Api-Key', key)
      .set('Authorization', `Bearer ${ws.owner.token}`);
    expect(both.status).toBe(401);
  });

  it('answers 400 naming the field, 404 for an unknown key', async () => {
    const missing = await admin.post('/core-api/api-keys', { role: 'Viewer' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['name']);
    const owner = await admin.post('/core-api/api-keys', { name: 'x', role: 'Owner' });
    expect(Object.keys(owner.body.errors)).toEqual(['role']);
    const past = await admin.post('/core-api/api-keys', {
      name: 'x',
      role: 'Viewer',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ expiresAt: ['expiresAt must be in the future'] });
    const malformed = await admin.post('/core-api/api-keys', {
      name: 'x',
      role: 'Viewer',
      expiresAt: 'soon',
    });
    expect(Object.keys(malformed.body.errors)).toEqual(['expiresAt']);
    const long = await admin.post('/core-api/api-keys', { name: 'x'.repeat(256), role: 'Viewer' });
    expect(Object.keys(long.body.errors)).toEqual(['name']);
    expect((await admin.get('/core-api/api-keys?statuses=Lost')).status).toBe(400);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/core-api/api-keys/${unknown}`)).status).toBe(404);
    expect((await admin.delete(`/core-api/api-keys/${unknown}`)).status).toBe(404);
    expect((await admin.get('/core-api/api-keys/not-a-uuid')).status).toBe(400);
  });
});
