import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MembershipEntity } from '../../../src/identity/workspaces/membership.entity';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Idempotency-Key scope: per caller, creates only, never credentials', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let member: Caller;
  let ds: DataSource;

  const storedRows = async (where: string, params: unknown[] = []) =>
    Number(
      (
        (await ds.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE ${where}`, params)) as Array<{
          n: number;
        }>
      )[0].n,
    );

  beforeAll(async () => {
    t = await startApp();
    ds = t.app.get(DataSource);
    ws = await t.workspace();
    other = await t.workspace('Other');
    // The Owner of `ws` is also a Member of `other`; the Member of `ws` is not.
    await ds.manager.insert(MembershipEntity, {
      workspaceId: other.id,
      userId: ws.owner.userId,
      role: 'Member',
    });
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  it("refuses a Member who replays the Owner's switch-workspace key and body: no tokens", async () => {
    const body = { workspaceId: other.id };
    const owner = await ws.owner.post('/core-api/auth/switch-workspace', body).set('Idempotency-Key', 'sw-1');
    expect(owner.status).toBe(200);
    expect(owner.body.refreshToken).toEqual(expect.any(String));

    const attack = await member.post('/core-api/auth/switch-workspace', body).set('Idempotency-Key', 'sw-1');
    expect(attack.status).toBe(403);
    expect(attack.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(attack.body)).not.toMatch(/accessToken|refreshToken/);
    expect(JSON.stringify(attack.body)).not.toContain(owner.body.refreshToken);
  });

  it('never stores or replays switch-workspace answers, even with a key', async () => {
    const body = { workspaceId: other.id };
    const first = await ws.owner.post('/core-api/auth/switch-workspace', body).set('Idempotency-Key', 'sw-2');
    const again = await ws.owner.post('/core-api/auth/switch-workspace', body).set('Idempotency-Key', 'sw-2');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.refreshToken).not.toBe(first.body.refreshToken);
    expect(await storedRows("route LIKE '%/auth/%'")).toBe(0);
    expect(await storedRows("response_body::text ~* 'token'")).toBe(0);
    expect(await storedRows('response_body::text LIKE $1', [`%${first.body.refreshToken}%`])).toBe(0);
    // The second pair is a live session of its own.
    const refreshed = await t.http
      .post('/core-api/auth/refresh')
      .send({ refreshToken: again.body.refreshToken });
    expect(refreshed.status).toBe(200);
  });

  it("runs a Member's request with the Owner's key and body as the Member's own create", async () => {
    const body = { displayName: 'Shared key account' };
    const owner = await ws.owner.post('/core-api/accounts', body).set('Idempotency-Key', 'acc-1');
    expect(owner.status).toBe(200);
    const replay = await ws.owner.post('/core-api/accounts', body).set('Idempotency-Key', 'acc-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(owner.body.id);

    const mine = await member.post('/core-api/accounts', body).set('Idempotency-Key', 'acc-1');
    expect(mine.status).toBe(200);
    expect(mine.headers['idempotent-replayed']).toBeUndefined();
    expect(mine.body.id).not.toBe(owner.body.id);
    const created = await ws.owner.get(
      `/core-api/activities?types=AccountCreated&entity_ids=${mine.body.id}`,
    );
    expect(created.body.data.map((a: { actor: { id: string } }) => a.actor.id)).toEqual([member.userId]);
    // The Member's retry replays the Member's answer, not the Owner's.
    const again = await member.post('/core-api/accounts', body).set('Idempotency-Key', 'acc-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(mine.body.id);
  });

  it('keeps one key apart per operation of the same caller', async () => {
    const account = await ws.owner
      .post('/core-api/accounts', { displayName: 'Per route' })
      .set('Idempotency-Key', 'route-1');
    const contact = await ws.owner
      .post('/core-api/contacts', { firstName: 'Per', lastName: 'Route' })
      .set('Idempotency-Key', 'route-1');
    expect([account.status, contact.status]).toEqual([200, 200]);
    expect(contact.headers['idempotent-replayed']).toBeUndefined();
    expect(contact.body.lastName).toBe('Route');
  });

  it('replays a workspace create (it runs in a transaction of its own context)', async () => {
    const first = await ws.owner
      .post('/core-api/workspaces', { name: 'Once' })
      .set('Idempotency-Key', 'ws-1');
    const again = await ws.owner
      .post('/core-api/workspaces', { name: 'Once' })
      .set('Idempotency-Key', 'ws-1');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(
      await storedRows("route = '/core-api/workspaces' AND response_body->>'id' = $1", [first.body.id]),
    ).toBe(1);
  });

  it('documents the header on exactly the operations that honour it', async () => {
    const doc = (await t.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const withHeader = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
        .map(([method]) => `${method} ${path}`),
    );
    expect(withHeader.sort()).toEqual(
      [
        '/commerce-api/salesorders',
        '/core-api/accounts',
        '/core-api/atomicscripts',
        '/core-api/catalog/brands',
        '/core-api/catalog/catalogs',
        '/core-api/catalog/favouriteproducts',
        '/core-api/catalog/manufacturers',
        '/core-api/catalog/productcategories',
        '/core-api/catalog/productcategories/content',
        '/core-api/catalog/products',
        '/core-api/catalog/products/attributes',
        '/core-api/catalog/products/content',
        '/core-api/cms/contentpages',
        '/core-api/comments',
        '/core-api/contacts',
        '/core-api/deals',
        '/core-api/identities',
        '/core-api/internationalization/currencies',
        '/core-api/inventory/locations',
        '/core-api/inventory/stocks',
        '/core-api/pipelines',
        '/core-api/salesorders',
        '/core-api/users',
        '/core-api/webhooks',
        '/core-api/workspaces',
      ].map((path) => `post ${path}`),
    );
    for (const op of [
      'post /core-api/auth/login',
      'post /core-api/auth/refresh',
      'post /core-api/auth/switch-workspace',
      'post /core-api/catalog/products/list',
      'post /core-api/catalog/products/{id}/images',
    ])
      expect(withHeader).not.toContain(op);
  });
});
