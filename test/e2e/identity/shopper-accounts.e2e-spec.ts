import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, password, startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { eventually, WebhookReceiver } from '../../support/webhook-receiver';

interface Delivered {
  type: string;
  data: { entityId: string; type: string; data: { newValue?: Record<string, unknown>; token?: string } };
}

/**
 * Shopper accounts in the storefront: registration per the workspace's `shopperRegistration`
 * (Off, InviteOnly, Open), email verification, password reset, invitations; tokens single-use,
 * short-lived, stored hashed, delivered only through webhook deliveries (never the activity); no
 * answer tells whether an address has an account; a shopper without a customer cannot order.
 */
describe('Shopper accounts', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startApp({
      WEBHOOKS_WORKER: 'true',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_RETRY_SCHEDULE_MS: '50,50',
    });
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const tokenEvents = [
    'ClientLoginInvited',
    'ClientLoginEmailVerificationRequested',
    'ClientLoginPasswordResetRequested',
    'ClientLoginRegistrationAttempted',
  ];
  let hooks = 0;

  /** A workspace in `mode` with a webhook on the token events; `events()` what it received. */
  async function shop(mode: 'Off' | 'InviteOnly' | 'Open') {
    const ws = await t.workspace(`Shop ${mode}`);
    const path = `/shop-${++hooks}`;
    const put = await ws.owner.put('/core-api/workspaces', {
      name: `Shop ${mode}`,
      shopperRegistration: mode,
    });
    expect(put.status).toBe(200);
    expect(put.body.shopperRegistration).toBe(mode);
    const hook = await ws.owner.post('/core-api/webhooks', {
      url: `${receiver.url}${path}`,
      topics: tokenEvents,
    });
    expect(hook.status).toBe(200);
    const events = () => receiver.at(path).map((r) => JSON.parse(r.body) as Delivered);
    const tokenOf = async (type: string, email: string) =>
      (
        await eventually(
          () =>
            events()
              .reverse()
              .find((e) => e.type === type && e.data.data.newValue?.email === email),
          10_000,
          `${type} for ${email}`,
        )
      ).data.data.token!;
    return { ws, events, tokenOf };
  }

  const register = (body: object) => t.http.post('/commerce-api/auth/register').send(body);
  const login = (workspaceId: string, username: string, pw = password) =>
    t.http.post('/core-api/auth/login').send({ workspaceId, username, password: pw });
  const newPassword = 'Another-long-password-9';

  it('Off (the default): registration is a 404, as for an unknown workspace; the workspace answer shows the mode', async () => {
    const ws = await t.workspace();
    const mine = await ws.owner.get('/core-api/workspaces');
    expect(mine.body.data[0].shopperRegistration).toBe('Off');
    const body = { workspaceId: ws.id, email: 'a@example.test', password, displayName: 'A' };
    const off = await register(body);
    expect(off.status).toBe(404);
    const nowhere = '00000000-0000-4000-8000-000000000000';
    const unknown = await register({ ...body, workspaceId: nowhere });
    expect(unknown.status).toBe(404);
    // A closed shop and no shop at all answer alike (but for the id the request named).
    expect(off.body.detail.replace(ws.id, 'X')).toBe(unknown.body.detail.replace(nowhere, 'X'));
  });

  it('only Admins set the mode; a bad mode is a 400 naming the field; the change is an activity', async () => {
    const ws = await t.workspace();
    const member = await ws.member('Member');
    expect(
      (await member.put('/core-api/workspaces', { name: 'X', shopperRegistration: 'Open' })).status,
    ).toBe(403);
    const bad = await ws.owner.put('/core-api/workspaces', { name: 'X', shopperRegistration: 'Sometimes' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['shopperRegistration']);
    expect(
      (await ws.owner.put('/core-api/workspaces', { name: 'X', shopperRegistration: 'Open' })).status,
    ).toBe(200);
    const acts = await ws.owner.get(`/core-api/activities?entity_ids=${ws.id}`);
    expect(acts.body.data.map((a: { type: string }) => a.type)).toContain(
      'WorkspaceShopperRegistrationUpdated',
    );
    const topics = (await ws.owner.get('/core-api/webhooks/topics')).body.data.map(
      (x: { topic: string }) => x.topic,
    );
    for (const topic of [...tokenEvents, 'ClientLoginEmailVerified', 'ClientLoginPasswordReset'])
      expect(topics).toContain(topic);
  });

  describe('Open', () => {
    let s: Awaited<ReturnType<typeof shop>>;
    beforeAll(async () => {
      s = await shop('Open');
    });

    it('registers an unverified login that cannot log in until it verifies; the token is single-use and in the delivery only', async () => {
      const email = 'open.shopper@example.test';
      const res = await register({
        workspaceId: s.ws.id,
        email,
        username: 'open.shopper',
        password,
        displayName: 'Open Shopper',
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: expect.any(String) });
      const token = await s.tokenOf('ClientLoginEmailVerificationRequested', email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const before = await login(s.ws.id, 'open.shopper');
      expect(before.status).toBe(403);
      expect(before.body.detail).toContain('not verified');
      // The wrong password tells nothing about verification.
      expect((await login(s.ws.id, 'open.shopper', 'wrong-password-123')).status).toBe(401);

      const listed = await s.ws.owner.get('/core-api/identities?Query=open.shopper');
      expect(listed.body.data[0].status.emailVerifiedAt).toBeNull();
      const id = listed.body.data[0].id as string;

      // The activity has no token: only the delivery carried it.
      const acts = await s.ws.owner.get(`/core-api/activities?entity_ids=${id}`);
      const types = acts.body.data.map((a: { type: string }) => a.type);
      expect(types).toEqual(
        expect.arrayContaining(['ClientLoginCreated', 'ClientLoginEmailVerificationRequested']),
      );
      expect(JSON.stringify(acts.body)).not.toContain(token);
      expect(acts.body.data[0].actor).toEqual({ id, type: 'Client' });
      // Once delivered, the stored delivery no longer holds it either.
      const ds = t.app.get(DataSource);
      await eventually(
        async () => {
          const rows = (await ds.query(
            `SELECT secret_data FROM webhook_deliveries WHERE workspace_id = $1 AND activity_type = 'ClientLoginEmailVerificationRequested'`,
            [s.ws.id],
          )) as Array<{ secret_data: unknown }>;
          return rows.length > 0 && rows.every((r) => r.secret_data === null);
        },
        10_000,
        'the delivered token blanked',
      );
      const stored = (await ds.query(`SELECT token_hash FROM client_login_tokens WHERE workspace_id = $1`, [
        s.ws.id,
      ])) as Array<{ token_hash: string }>;
      expect(stored.map((r) => r.token_hash)).not.toContain(token);
      expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);

      const wrongWorkspace = await t.http
        .post('/commerce-api/auth/verify-email')
        .send({ workspaceId: (await t.workspace()).id, token });
      expect(wrongWorkspace.status).toBe(400);
      expect(Object.keys(wrongWorkspace.body.errors)).toEqual(['token']);

      const verified = await t.http
        .post('/commerce-api/auth/verify-email')
        .send({ workspaceId: s.ws.id, token });
      expect(verified.status).toBe(200);
      const again = await t.http
        .post('/commerce-api/auth/verify-email')
        .send({ workspaceId: s.ws.id, token });
      expect(again.status).toBe(400);
      expect(Object.keys(again.body.errors)).toEqual(['token']);

      const after = await login(s.ws.id, email);
      expect(after.status).toBe(200);
      expect(after.body.userType).toBe('Client');
    });

    it('answers a known address exactly as a new one; its owner gets an event instead', async () => {
      const email = 'known.shopper@example.test';
      const first = await register({ workspaceId: s.ws.id, email, password, displayName: 'Known' });
      const second = await register({
        workspaceId: s.ws.id,
        email: email.toUpperCase(),
        password,
        displayName: 'Someone else',
      });
      expect(second.status).toBe(first.status);
      expect(second.body).toEqual(first.body);
      await eventually(() =>
        s
          .events()
          .find(
            (e) => e.type === 'ClientLoginRegistrationAttempted' && e.data.data.newValue?.email === email,
          ),
      );
      const logins = await s.ws.owner.get('/core-api/identities?Query=known.shopper');
      expect(logins.body.total).toBe(1);
      expect(logins.body.data[0].displayName).toBe('Known');
      expect(logins.body.data[0].username).toMatch(/^known\.shopper-[0-9a-f]{8}$/);
    });

    it('bad input is a 400 naming each field; a taken username a 409', async () => {
      const bad = await register({
        workspaceId: 'nope',
        email: 'not-an-email',
        password: 'short',
        username: 'a@b',
        displayName: '',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'displayName',
        'email',
        'password',
        'username',
        'workspaceId',
      ]);
      await register({
        workspaceId: s.ws.id,
        email: 'u1@example.test',
        username: 'same-name',
        password,
        displayName: 'U1',
      });
      const taken = await register({
        workspaceId: s.ws.id,
        email: 'u2@example.test',
        username: 'SAME-name',
        password,
        displayName: 'U2',
      });
      expect(taken.status).toBe(409);
      expect(Object.keys(taken.body.errors)).toEqual(['username']);
      for (const path of ['verify-email', 'password-reset', 'password-reset/confirm']) {
        const r = await t.http.post(`/commerce-api/auth/${path}`).send({});
        expect(r.status).toBe(400);
        expect(r.body.errors.workspaceId).toBeDefined();
      }
    });
  });

  describe('InviteOnly', () => {
    let s: Awaited<ReturnType<typeof shop>>;
    beforeAll(async () => {
      s = await shop('InviteOnly');
    });

    it('registers only with an invitation for that email; the invited login is verified at once', async () => {
      const email = 'invited@example.test';
      const viewer = await s.ws.member('Viewer');
      expect((await viewer.post('/core-api/identities/invitations', { email })).status).toBe(403);
      const bad = await s.ws.owner.post('/core-api/identities/invitations', { email: 'nope' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['email']);
      const invited = await s.ws.owner.post('/core-api/identities/invitations', {
        email,
        displayName: 'Invited One',
      });
      expect(invited.status).toBe(200);
      expect(invited.body).toEqual({
        id: expect.any(String),
        email,
        displayName: 'Invited One',
        expiresAt: expect.any(String),
      });
      const days = (Date.parse(invited.body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      const token = await s.tokenOf('ClientLoginInvited', email);
      const acts = await s.ws.owner.get(`/core-api/activities?entity_ids=${invited.body.id}`);
      expect(acts.body.data.map((a: { type: string }) => a.type)).toEqual(['ClientLoginInvited']);
      expect(JSON.stringify(acts.body)).not.toContain(token);

      const body = { workspaceId: s.ws.id, email, password, displayName: 'Invited One' };
      const without = await register(body);
      expect(without.status).toBe(400);
      expect(Object.keys(without.body.errors)).toEqual(['invitationToken']);
      const otherEmail = await register({
        ...body,
        email: 'someone.else@example.test',
        invitationToken: token,
      });
      expect(otherEmail.status).toBe(400);
      expect(Object.keys(otherEmail.body.errors)).toEqual(['invitationToken']);
      // The failed attempt rolled back: the invitation still works, once.
      const ok = await register({ ...body, username: 'invited', invitationToken: token });
      expect(ok.status).toBe(202);
      expect((await login(s.ws.id, 'invited')).status).toBe(200);
      const reused = await register({ ...body, email: 'x@example.test', invitationToken: token });
      expect(reused.status).toBe(400);
      // An address with a login cannot be invited (Admins are told).
      expect((await s.ws.owner.post('/core-api/identities/invitations', { email })).status).toBe(409);
    });
  });

  describe('password reset', () => {
    let s: Awaited<ReturnType<typeof shop>>;
    let shopper: Caller;
    let email: string;
    beforeAll(async () => {
      s = await shop('Off');
      shopper = await s.ws.client();
      email = `${shopper.username}@example.test`;
    });
    const requestReset = (workspaceId: string, address: string) =>
      t.http.post('/commerce-api/auth/password-reset').send({ workspaceId, email: address });
    const confirm = (workspaceId: string, token: string, pw = newPassword) =>
      t.http.post('/commerce-api/auth/password-reset/confirm').send({ workspaceId, token, password: pw });

    it('answers known and unknown addresses alike, in similar time', async () => {
      const t0 = Date.now();
      const known = await requestReset(s.ws.id, email);
      const t1 = Date.now();
      const unknown = await requestReset(s.ws.id, 'nobody@example.test');
      const t2 = Date.now();
      const otherWorkspace = await requestReset('00000000-0000-4000-8000-000000000000', email);
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(otherWorkspace.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      expect(otherWorkspace.body).toEqual(known.body);
      expect(t1 - t0).toBeGreaterThanOrEqual(240);
      expect(t2 - t1).toBeGreaterThanOrEqual(240);
      await s.tokenOf('ClientLoginPasswordResetRequested', email);
      expect(s.events().filter((e) => e.type === 'ClientLoginPasswordResetRequested')).toHaveLength(1);
    });

    it('sets the password with the newest token once, ends the sessions and records an activity', async () => {
      await requestReset(s.ws.id, email);
      const token = await eventually(async () => {
        const all = s.events().filter((e) => e.type === 'ClientLoginPasswordResetRequested');
        return all.length >= 2 ? all[all.length - 1].data.data.token : undefined;
      });
      expect((await shopper.get('/commerce-api/salesorders')).status).toBe(200);
      expect((await confirm((await t.workspace()).id, token!)).status).toBe(400);
      const bad = await confirm(s.ws.id, token!, 'short');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['password']);
      const done = await confirm(s.ws.id, token!);
      expect(done.status).toBe(200);
      expect((await shopper.get('/commerce-api/salesorders')).status).toBe(401);
      expect((await login(s.ws.id, shopper.username)).status).toBe(401);
      expect((await login(s.ws.id, shopper.username, newPassword)).status).toBe(200);
      const reused = await confirm(s.ws.id, token!, 'Yet-another-password-1');
      expect(reused.status).toBe(400);
      expect(Object.keys(reused.body.errors)).toEqual(['token']);
      const acts = await s.ws.owner.get(`/core-api/activities?entity_ids=${shopper.userId}`);
      const types = acts.body.data.map((a: { type: string }) => a.type);
      expect(types).toEqual(
        expect.arrayContaining(['ClientLoginPasswordResetRequested', 'ClientLoginPasswordReset']),
      );
      expect(JSON.stringify(acts.body)).not.toContain(token!);
    });

    it('refuses an expired token, and of two concurrent confirmations one wins', async () => {
      await requestReset(s.ws.id, email);
      const expired = await eventually(async () => {
        const all = s.events().filter((e) => e.type === 'ClientLoginPasswordResetRequested');
        return all.length >= 3 ? all[all.length - 1].data.data.token : undefined;
      });
      await t.app
        .get(DataSource)
        .query(
          `UPDATE client_login_tokens SET expires_at = now() - interval '1 second' WHERE workspace_id = $1`,
          [s.ws.id],
        );
      expect((await confirm(s.ws.id, expired!)).status).toBe(400);

      await requestReset(s.ws.id, email);
      const token = await eventually(async () => {
        const all = s.events().filter((e) => e.type === 'ClientLoginPasswordResetRequested');
        return all.length >= 4 ? all[all.length - 1].data.data.token : undefined;
      });
      const both = await Promise.all([
        confirm(s.ws.id, token!),
        confirm(s.ws.id, token!, 'Second-password-123'),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    });
  });

  it('a shopper without a customer cannot order (409), and nothing is written', async () => {
    const ws = await t.workspace();
    const product = await ws.owner.post('/core-api/catalog/products', {
      name: 'Chair',
      sku: 'CH-1',
      pricing: { salesPrice: 10 },
    });
    const shopper = await ws.client();
    const order = { channel: 'Webshop', lines: [{ productId: product.body.id, quantity: 1 }] };
    const noContact = await shopper.post('/commerce-api/salesorders', order);
    expect(noContact.status).toBe(409);
    expect(noContact.body.type).toBe('https://httpstatuses.io/409');
    expect(noContact.body.detail).toContain('not linked to a customer');
    const contact = await ws.owner.post('/core-api/contacts', {
      firstName: 'No',
      lastName: 'Account',
      clientLoginId: shopper.userId,
    });
    expect(contact.status).toBe(200);
    const noAccount = await shopper.post('/commerce-api/salesorders', order);
    expect(noAccount.status).toBe(409);
    expect(noAccount.body.detail).toContain('has no account');
    expect((await ws.owner.get('/core-api/salesorders')).body.total).toBe(0);
    const acts = await ws.owner.get('/core-api/activities?entity_types=SalesOrder');
    expect(acts.body.total).toBe(0);
  });
});

describe('Shopper accounts: rate limits', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  beforeAll(async () => {
    t = await startApp({ LOGIN_RATE_LIMIT: '2', LOGIN_RATE_WINDOW_SECONDS: '60' });
    ws = await t.workspace();
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits reset requests per address (429 with Retry-After), known or not alike', async () => {
    for (const email of ['nobody@example.test', 'other.nobody@example.test']) {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 3; i++) {
        last = await t.http.post('/commerce-api/auth/password-reset').send({ workspaceId: ws.id, email });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([202, 202, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits token confirmations per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await t.http
            .post('/commerce-api/auth/verify-email')
            .send({ workspaceId: ws.id, token: `guess-${i}` })
        ).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
