import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MembershipEntity } from '../../../src/identity/workspaces/membership.entity';
import { Caller, password, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * Attacks on other users' accounts through the users and identities resources: an Admin taking
 * over the Owner (or any member) by changing their credentials, users reading other tenants off
 * user records, users giving themselves apps, and answers that tell about other workspaces.
 */
describe('Account takeover and tenant leaks through users', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let admin: Caller;

  const login = (username: string, pass: string, workspaceId?: string) =>
    t.http.post('/core-api/auth/login').send({ username, password: pass, workspaceId });
  const emailOf = (c: Caller) => `${c.username}@example.test`;
  /** The full-replacement body of a caller's own record, as read. */
  const recordOf = async (reader: Caller, c: Caller) => {
    const r = (await reader.get(`/core-api/users/${c.userId}`)).body;
    return {
      username: r.username,
      email: r.email,
      firstname: r.firstname,
      lastname: r.lastname,
      apps: r.apps,
      role: r.role,
    };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace('Shop');
    other = await t.workspace('Owner’s other shop');
    admin = await ws.member('Admin');
  });
  afterAll(() => t.close());

  describe('an Admin never changes another user’s global profile (second attack)', () => {
    it('refuses an Admin of W1 the profile of the Owner of W2 who is a member of W1; W2 sees nothing change', async () => {
      // The Owner of a second workspace is also a Member here.
      const w2Owner = (await t.workspace('W2')).owner;
      await t.app
        .get(DataSource)
        .manager.insert(MembershipEntity, { workspaceId: ws.id, userId: w2Owner.userId, role: 'Member' });
      const before = (await w2Owner.get(`/core-api/users/${w2Owner.userId}`)).body;
      const base = await recordOf(admin, w2Owner);
      for (const change of [
        { displayName: 'Hacked' },
        { picture: 'https://attacker.example/face.png' },
        { firstname: 'Mallory' },
        { lastname: 'Owned' },
        { externalReference: 'attacker-ref' },
      ]) {
        const res = await admin.put(`/core-api/users/${w2Owner.userId}`, { ...base, ...change });
        expect([change, res.status]).toEqual([change, 403]);
        expect(res.body.detail).toMatch(/Only the user themself can change their profile \(/);
      }
      // Apps given by W1's Admin are W1's: the membership in W2 keeps its own.
      const apps = await admin.put(`/core-api/users/${w2Owner.userId}`, { ...base, apps: ['crm', 'sales'] });
      expect(apps.status).toBe(200);
      expect(apps.body.apps).toEqual(['crm', 'sales']);
      const after = (await w2Owner.get(`/core-api/users/${w2Owner.userId}`)).body;
      expect(after).toMatchObject({
        displayName: before.displayName,
        picture: before.picture,
        firstname: before.firstname,
        apps: before.apps,
      });
      const inW2 = await w2Owner.get(`/core-api/activities?entity_ids=${w2Owner.userId}`);
      expect(inW2.body.data).toEqual([]);
      // The user changes their own profile (in any workspace).
      const own = await w2Owner.put(`/core-api/users/${w2Owner.userId}`, {
        ...(await recordOf(w2Owner, w2Owner)),
        displayName: 'Mine to change',
      });
      expect(own.status).toBe(200);
      expect((await admin.get(`/core-api/users/${w2Owner.userId}`)).body.displayName).toBe('Mine to change');
    });
  });

  describe('an Admin never changes another user’s credentials', () => {
    it('refuses the Owner’s password, email and username (403 naming why), and the Owner keeps the account', async () => {
      const owner = ws.owner;
      const base = await recordOf(admin, owner);
      for (const change of [
        { password: 'taken-over-password' },
        { email: 'attacker@example.test' },
        { username: 'attacker-owned' },
      ]) {
        const res = await admin.put(`/core-api/users/${owner.userId}`, { ...base, ...change });
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      }
      expect((await login(owner.username, 'taken-over-password')).status).toBe(401);
      expect((await login(owner.username, password)).status).toBe(200);
      expect((await admin.get(`/core-api/users/${owner.userId}`)).body.email).toBe(emailOf(owner));
    });

    it('refuses another member’s credentials, and says that credentials are the user’s own', async () => {
      const member = await ws.member('Member');
      const base = await recordOf(admin, member);
      const res = await admin.put(`/core-api/users/${member.userId}`, {
        ...base,
        password: 'taken-over-password',
        currentPassword: password,
      });
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/credentials \(password\)/);
      const email = await admin.put(`/core-api/users/${member.userId}`, { ...base, email: 'x@example.test' });
      expect(email.status).toBe(403);
      expect(email.body.detail).toMatch(/credentials \(email\)/);
      expect((await login(member.username, password)).status).toBe(200);
    });

    it('lets an Admin manage role and apps of a member when credentials and profile stay the same', async () => {
      const member = await ws.member('Member');
      const res = await admin.put(`/core-api/users/${member.userId}`, {
        ...(await recordOf(admin, member)),
        apps: ['crm'],
        role: 'Viewer',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ firstname: null, apps: ['crm'], role: 'Viewer' });
    });

    it('lets nobody below Owner change an Owner', async () => {
      const base = await recordOf(admin, ws.owner);
      const profile = await admin.put(`/core-api/users/${ws.owner.userId}`, { ...base, firstname: 'Nope' });
      expect(profile.status).toBe(403);
      expect(profile.body.detail).toMatch(/Only an Owner can change an Owner/);
      expect(
        (await admin.put(`/core-api/users/${ws.owner.userId}`, { ...base, role: 'Viewer' })).status,
      ).toBe(403);
      expect((await admin.delete(`/core-api/users/${ws.owner.userId}`)).status).toBe(403);
      expect((await admin.get(`/core-api/users/${ws.owner.userId}`)).body).toMatchObject({
        role: 'Owner',
        firstname: null,
      });
    });
  });

  describe('a user changes their own credentials with the current password', () => {
    it('needs currentPassword (400 naming it), refuses a wrong one (403), and takes the right one', async () => {
      const me = await ws.member('Member');
      const base = await recordOf(me, me);
      const url = `/core-api/users/${me.userId}`;
      const missing = await me.put(url, { ...base, password: 'my-new-password' });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.errors)).toEqual(['currentPassword']);
      const emailMissing = await me.put(url, { ...base, email: `new-${me.username}@example.test` });
      expect(emailMissing.status).toBe(400);
      expect(Object.keys(emailMissing.body.errors)).toEqual(['currentPassword']);
      const wrong = await me.put(url, {
        ...base,
        password: 'my-new-password',
        currentPassword: 'not-it-at-all',
      });
      expect(wrong.status).toBe(403);
      expect((await login(me.username, 'my-new-password')).status).toBe(401);

      const renamed = await me.put(url, { ...base, username: `${me.username}-2`, currentPassword: password });
      expect(renamed.status).toBe(200);
      expect(renamed.body.username).toBe(`${me.username}-2`);
      // unchanged credentials need no current password
      const profile = await me.put(url, { ...base, username: `${me.username}-2`, firstname: 'Me' });
      expect(profile.status).toBe(200);
    });

    it('revokes every other session of the user (access and refresh tokens), cached or not', async () => {
      const me = await ws.member('Member');
      const elsewhere = (await login(me.username, password)).body;
      const inOther = await t.http
        .get('/core-api/users')
        .set('Authorization', `Bearer ${elsewhere.accessToken}`);
      expect(inOther.status).toBe(200); // the session is now in the guard's cache

      const res = await me.put(`/core-api/users/${me.userId}`, {
        ...(await recordOf(me, me)),
        password: 'my-new-password',
        currentPassword: password,
      });
      expect(res.status).toBe(200);
      const after = await t.http
        .get('/core-api/users')
        .set('Authorization', `Bearer ${elsewhere.accessToken}`);
      expect(after.status).toBe(401);
      const refresh = await t.http
        .post('/core-api/auth/refresh')
        .send({ refreshToken: elsewhere.refreshToken });
      expect(refresh.status).toBe(401);
      // the session that made the change goes on
      expect((await me.get('/core-api/users')).status).toBe(200);
      expect((await login(me.username, password)).status).toBe(401);
      expect((await login(me.username, 'my-new-password')).status).toBe(200);
    });
  });

  describe('client logins', () => {
    it('stay managed by the workspace’s Admins, and a new password revokes their sessions', async () => {
      const created = await admin.post('/core-api/identities', {
        username: 'revoked-shopper',
        email: 'revoked-shopper@example.test',
        password: 'shopper-password',
      });
      expect(created.status).toBe(200);
      const id = created.body.id;
      const session = (await login('revoked-shopper', 'shopper-password', ws.id)).body;
      const auth = { Authorization: `Bearer ${session.accessToken}` };
      // a live client token is refused on /core-api with 403; a revoked one with 401
      expect((await t.http.get('/core-api/users').set(auth)).status).toBe(403);

      const changed = await admin.put(`/core-api/identities/${id}`, {
        username: 'revoked-shopper',
        email: 'revoked-shopper@example.test',
        password: 'a-new-shopper-password',
      });
      expect(changed.status).toBe(200);
      expect((await t.http.get('/core-api/users').set(auth)).status).toBe(401);
      expect(
        (await t.http.post('/core-api/auth/refresh').send({ refreshToken: session.refreshToken })).status,
      ).toBe(401);
      expect((await login('revoked-shopper', 'a-new-shopper-password', ws.id)).status).toBe(200);
    });

    it('an inactive client login cannot refresh', async () => {
      const created = await admin.post('/core-api/identities', {
        username: 'inactive-shopper',
        email: 'inactive-shopper@example.test',
        password: 'shopper-password',
      });
      const session = (await login('inactive-shopper', 'shopper-password', ws.id)).body;
      const off = await admin.put(`/core-api/identities/${created.body.id}`, {
        username: 'inactive-shopper',
        email: 'inactive-shopper@example.test',
        status: { active: false },
      });
      expect(off.status).toBe(200);
      const refresh = await t.http
        .post('/core-api/auth/refresh')
        .send({ refreshToken: session.refreshToken });
      expect(refresh.status).toBe(401);
    });
  });

  describe('user records show no other tenants', () => {
    it('shows others only the current workspace’s membership, and the caller all of their own', async () => {
      const viewer = await ws.member('Viewer');
      const shared = await ws.member('Member');
      // `shared` is an Admin of the other workspace too
      await t.app
        .get(DataSource)
        .manager.insert(MembershipEntity, { workspaceId: other.id, userId: shared.userId, role: 'Admin' });

      const asViewer = await viewer.get(`/core-api/users/${shared.userId}`);
      expect(asViewer.body.workspaces).toEqual([{ workspaceId: ws.id, name: 'Shop', role: 'Member' }]);
      const listed = await viewer.get(`/core-api/users?Query=${shared.username}`);
      expect(listed.body.data[0].workspaces).toEqual([{ workspaceId: ws.id, name: 'Shop', role: 'Member' }]);
      const own = await shared.get(`/core-api/users/${shared.userId}`);
      expect(own.body.workspaces).toEqual(
        expect.arrayContaining([
          { workspaceId: ws.id, name: 'Shop', role: 'Member' },
          { workspaceId: other.id, name: 'Owner’s other shop', role: 'Admin' },
        ]),
      );
      expect(own.body.workspaces).toHaveLength(2);
    });
  });

  describe('apps', () => {
    it('are given by Admins only; a user may drop their own', async () => {
      const viewer = await ws.member('Viewer');
      const base = await recordOf(viewer, viewer);
      const grab = await viewer.put(`/core-api/users/${viewer.userId}`, {
        ...base,
        apps: ['crm', 'settings'],
      });
      expect(grab.status).toBe(403);
      expect(
        (await viewer.get('/core-api/apps')).body.data.filter((a: { allowed: boolean }) => a.allowed),
      ).toEqual([]);
      const given = await admin.put(`/core-api/users/${viewer.userId}`, { ...base, apps: ['crm', 'sales'] });
      expect(given.status).toBe(200);
      const more = await viewer.put(`/core-api/users/${viewer.userId}`, {
        ...base,
        apps: ['crm', 'settings'],
      });
      expect(more.status).toBe(403);
      const drop = await viewer.put(`/core-api/users/${viewer.userId}`, { ...base, apps: ['crm'] });
      expect(drop.status).toBe(200);
      expect(drop.body.apps).toEqual(['crm']);
    });
  });

  describe('another workspace’s members are a 404 before anything else is checked', () => {
    it('answers 404 for a client login of another workspace, whatever the body', async () => {
      const theirs = await other.owner.post('/core-api/identities', {
        username: 'their-shopper',
        email: 'their-shopper@example.test',
        password: 'shopper-password',
      });
      await ws.owner.post('/core-api/identities', {
        username: 'taken-here',
        email: 'taken-here@example.test',
        password: 'shopper-password',
      });
      for (const body of [
        { username: 'taken-here', email: 'fresh@example.test' },
        { username: 'fresh-name', email: 'taken-here@example.test' },
        { username: 'their-shopper', email: 'their-shopper@example.test', password: 'a-new-password' },
      ]) {
        const res = await ws.owner.put(`/core-api/identities/${theirs.body.id}`, body);
        expect(res.status).toBe(404);
      }
    });

    it('answers 404 for a user of another workspace, to Viewers and Admins, whatever the body', async () => {
      const viewer = await ws.member('Viewer');
      const target = other.owner;
      const bodies = [
        { username: target.username, email: emailOf(target) },
        { username: admin.username, email: emailOf(admin) }, // taken names
        { username: target.username, email: emailOf(target), password: 'a-new-password' },
      ];
      for (const caller of [viewer, admin, ws.owner])
        for (const body of bodies) {
          const res = await caller.put(`/core-api/users/${target.userId}`, body);
          expect(res.status).toBe(404);
        }
      expect((await admin.delete(`/core-api/users/${target.userId}`)).status).toBe(404);
    });
  });
});
