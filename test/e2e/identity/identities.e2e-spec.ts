import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** The canonical shape of a resource's e2e test: happy path, 400, 404, other workspace, 403, 409, activities. */
describe('Identities (client logins)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  const body = (n: string) => ({
    username: `shopper-${n}`,
    email: `Shopper-${n}@Example.test`,
    password: 'a-long-password',
    displayName: `Shopper ${n}`,
  });

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes a client login', async () => {
    const created = await ws.owner.post('/core-api/identities', { ...body('a'), externalReference: 'ext-a' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'ext-a',
      username: 'shopper-a',
      email: 'Shopper-a@Example.test',
      displayName: 'Shopper a',
      status: { active: true, lastLoginAt: null, emailVerifiedAt: expect.any(String) },
    });
    expect(created.body).not.toHaveProperty('password');
    expect(created.body).not.toHaveProperty('passwordHash');
    const id = created.body.id;

    const got = await ws.owner.get(`/core-api/identities/${id}`);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe('"1"');
    expect((await ws.owner.get('/core-api/identities/external/ext-a')).body.id).toBe(id);

    const list = await viewer.get('/core-api/identities?Query=SHOPPER-A&ids=' + id);
    expect(list.body).toEqual({ data: [expect.objectContaining({ id })], total: 1 });

    const updated = await ws.owner.put(`/core-api/identities/${id}`, {
      id,
      username: 'shopper-a2',
      email: 'a2@example.test',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      username: 'shopper-a2',
      displayName: null,
      externalReference: null,
    });
    expect(updated.headers.etag).toBe('"2"');

    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${id}&SortBy=Timestamp`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'ClientLoginCreated',
      'ClientLoginDisplayNameUpdated',
      'ClientLoginEmailUpdated',
      'ClientLoginExternalReferenceUpdated',
      'ClientLoginUsernameUpdated',
    ]);
    expect(activities.body.data[0].actor).toEqual({ id: ws.owner.userId, type: 'User' });

    const deleted = await ws.owner.delete(`/core-api/identities/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await ws.owner.get(`/core-api/identities/${id}`)).status).toBe(404);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const res = await ws.owner.post('/core-api/identities', {
      username: '',
      email: 'nope',
      password: 'short',
      status: { active: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password', 'status.active', 'username']);
    expect((await ws.owner.get('/core-api/identities')).body.total).toBe(0);
  });

  it('answers 409 for a duplicate username or email, case-insensitively', async () => {
    expect((await ws.owner.post('/core-api/identities', body('dup'))).status).toBe(200);
    const again = await ws.owner.post('/core-api/identities', {
      ...body('dup'),
      username: 'SHOPPER-DUP',
      email: 'x@example.test',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('username');
    // another workspace may use the same username
    expect((await other.owner.post('/core-api/identities', body('dup'))).status).toBe(200);
  });

  it('answers availability', async () => {
    expect(
      (await ws.owner.get('/core-api/identities/availability/username?username=Shopper-Dup')).body,
    ).toEqual({ available: false });
    expect(
      (await ws.owner.get('/core-api/identities/availability/email?email=free@example.test')).body,
    ).toEqual({ available: true });
    expect((await ws.owner.get('/core-api/identities/availability/email?email=bad')).status).toBe(400);
  });

  it('hides other workspaces: 404 on member paths, absent from lists', async () => {
    const mine = await ws.owner.post('/core-api/identities', body('mine'));
    const id = mine.body.id;
    expect((await other.owner.get(`/core-api/identities/${id}`)).status).toBe(404);
    expect((await other.owner.put(`/core-api/identities/${id}`, body('x'))).status).toBe(404);
    expect((await other.owner.delete(`/core-api/identities/${id}`)).status).toBe(404);
    const list = await other.owner.get(`/core-api/identities?ids=${id}`);
    expect(list.body.total).toBe(0);
  });

  it('answers 404 for another workspace’s client login before judging the body (as documented)', async () => {
    const mine = await ws.owner.post('/core-api/identities', body('first'));
    const id = mine.body.id;
    for (const bad of [{}, { email: 'not-an-email', username: '' }, { ...body('y'), status: 'on' }]) {
      const res = await other.owner.put(`/core-api/identities/${id}`, bad);
      expect(res.status).toBe(404);
      expect(res.body.errors).toBeUndefined();
    }
    // The same for a user of another workspace.
    const user = await ws.member('Member');
    expect((await other.owner.put(`/core-api/users/${user.userId}`, { email: 'nope' })).status).toBe(404);
    // In its own workspace the body is judged.
    expect((await ws.owner.put(`/core-api/identities/${id}`, {})).status).toBe(400);
  });

  it('lets only Admins and Owners write; Viewers and Members read', async () => {
    expect((await viewer.get('/core-api/identities')).status).toBe(200);
    expect((await viewer.post('/core-api/identities', body('v'))).status).toBe(403);
    expect((await member.post('/core-api/identities', body('m'))).status).toBe(403);
    const admin = await ws.member('Admin');
    expect((await admin.post('/core-api/identities', body('adm'))).status).toBe(200);
  });

  it('answers 412 for a stale If-Match and 400 for a body id that differs from the path', async () => {
    const created = await ws.owner.post('/core-api/identities', body('etag'));
    const id = created.body.id;
    const stale = await ws.owner.put(`/core-api/identities/${id}`).set('If-Match', '"7"').send(body('etag'));
    expect(stale.status).toBe(412);
    const fresh = await ws.owner.put(`/core-api/identities/${id}`).set('If-Match', '"1"').send(body('etag'));
    expect(fresh.status).toBe(200);
    const wrongId = await ws.owner.put(`/core-api/identities/${id}`, { ...body('etag'), id: other.id });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.errors).toHaveProperty('id');
  });

  it('keeps client logins out of /core-api', async () => {
    const client = await ws.client();
    expect((await client.get('/core-api/identities')).status).toBe(403);
  });
});
