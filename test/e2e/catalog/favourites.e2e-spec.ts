import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProductEntity } from '../../../src/catalog/products/product.entity';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const path = '/core-api/catalog/favouriteproducts';

describe('Favourite products', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let chair: { id: string; sku: string; slug: string };
  let table: { id: string; sku: string; slug: string };
  let lamp: { id: string; sku: string; slug: string };
  let alice: string;
  let bob: string;
  let otherProduct: string;
  let otherLogin: string;

  /** A product row of the workspace (the products API is not what this file tests). */
  const product = async (workspaceId: string, name: string) => {
    const id = randomUUID();
    const row = { id, sku: `SKU-${name}-${id.slice(0, 6)}`, slug: `${name}-${id.slice(0, 6)}` };
    await t.app.get(DataSource).manager.insert(ProductEntity, { ...row, workspaceId, name });
    return row;
  };
  const clientLogin = async (
    owner: Caller,
    name: string,
    displayName: string | null = null,
  ): Promise<string> => {
    const res = await owner.post('/core-api/identities', {
      username: `${name}-${randomUUID().slice(0, 6)}`,
      email: `${name}-${randomUUID().slice(0, 6)}@example.test`,
      password: 'a-long-password',
      displayName,
    });
    expect(res.status).toBe(200);
    return res.body.id;
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    chair = await product(ws.id, 'chair');
    table = await product(ws.id, 'table');
    lamp = await product(ws.id, 'lamp');
    alice = await clientLogin(ws.owner, 'alice', 'Alice A.');
    bob = await clientLogin(ws.owner, 'bob');
    otherProduct = (await product(other.id, 'foreign')).id;
    otherLogin = await clientLogin(other.owner, 'carol');
  });
  afterAll(() => t.close());

  it('creates, reads and deletes a favourite with its product and client login, recording activities', async () => {
    const created = await member.post(path, {
      clientLoginId: alice,
      productId: chair.id,
      origin: 'Suggested',
      externalReference: 'fav-1',
    });
    expect(created.status).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'fav-1',
      origin: 'Suggested',
      product: { id: chair.id, name: 'chair', sku: chair.sku, slug: chair.slug },
      clientLogin: { id: alice, username: expect.stringMatching(/^alice-/), displayName: 'Alice A.' },
    });
    const id = created.body.id;
    const got = await viewer.get(`${path}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const deleted = await member.delete(`${path}/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await member.get(`${path}/${id}`)).status).toBe(404);

    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${id}`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'FavouriteProductCreated',
      'FavouriteProductDeleted',
    ]);
    const createdActivity = activities.body.data.find(
      (a: { type: string }) => a.type === 'FavouriteProductCreated',
    );
    expect(createdActivity.data.newValue).toEqual({
      clientLoginId: alice,
      productId: chair.id,
      origin: 'Suggested',
      externalReference: 'fav-1',
    });
  });

  it('answers 409 naming productId for a second favourite of one client login and product', async () => {
    const first = await member.post(path, { clientLoginId: bob, productId: lamp.id });
    expect(first.status).toBe(200);
    expect(first.body.origin).toBe('Personal');
    const again = await member.post(path, { clientLoginId: bob, productId: lamp.id, origin: 'Suggested' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ productId: ['is already in use'] });
    // another client login may have the same product
    expect((await member.post(path, { clientLoginId: alice, productId: lamp.id })).status).toBe(200);
    await member.delete(`${path}/${first.body.id}`);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const bad = await member.post(path, { clientLoginId: 'nope', productId: 7, origin: 'Stolen' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['clientLoginId', 'origin', 'productId']);

    const missing = await member.post(path, { clientLoginId: randomUUID(), productId: randomUUID() });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['clientLoginId', 'productId']);

    const foreign = await member.post(path, { clientLoginId: otherLogin, productId: otherProduct });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors).sort()).toEqual(['clientLoginId', 'productId']);

    expect((await member.get(`${path}/not-a-uuid`)).status).toBe(400);
    expect((await member.get(`${path}?client_login_ids=x`)).status).toBe(400);
    expect((await member.get(`${path}?SortBy=Name`)).status).toBe(400);
    expect((await member.get(`${path}?client_login_ids=${otherLogin}`)).body.total).toBe(0);
  });

  it('bulk creates in one transaction, skipping pairs that are favourites already', async () => {
    const existing = await member.post(path, {
      clientLoginId: bob,
      productId: chair.id,
      origin: 'Suggested',
    });
    expect(existing.status).toBe(200);

    const res = await member.post(`${path}/bulk`, {
      favourites: [
        { clientLoginId: bob, productId: table.id },
        { clientLoginId: bob, productId: chair.id, origin: 'Personal' },
        { clientLoginId: bob, productId: table.id },
        { clientLoginId: alice, productId: table.id, origin: 'Suggested', externalReference: 'bulk-x' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.created).toHaveLength(2);
    expect(
      res.body.created.map((f: { product: { id: string }; clientLogin: { id: string } }) => [
        f.clientLogin.id,
        f.product.id,
      ]),
    ).toEqual([
      [bob, table.id],
      [alice, table.id],
    ]);
    expect(res.body.created[1]).toMatchObject({
      origin: 'Suggested',
      externalReference: 'bulk-x',
      product: { name: 'table' },
    });
    expect(res.body.skipped).toHaveLength(2);
    // the existing favourite is left as it was (origin not overwritten); the repeat is the one just created
    expect(res.body.skipped[0]).toMatchObject({ id: existing.body.id, origin: 'Suggested' });
    expect(res.body.skipped[1].id).toBe(res.body.created[0].id);

    const list = await viewer.get(`${path}?client_login_ids=${bob}&product_ids=${table.id},${chair.id}`);
    expect(list.body.total).toBe(2);
    const types = await ws.owner.get(
      `/core-api/activities?entity_ids=${res.body.created[0].id},${res.body.created[1].id}`,
    );
    expect(types.body.data.map((a: { type: string }) => a.type)).toEqual([
      'FavouriteProductCreated',
      'FavouriteProductCreated',
    ]);
  });

  it('bulk stores nothing when one item is bad, naming favourites[i].<field>', async () => {
    const before = (await viewer.get(`${path}?client_login_ids=${alice}`)).body.total;
    const res = await member.post(`${path}/bulk`, {
      favourites: [
        { clientLoginId: alice, productId: chair.id },
        { clientLoginId: alice, productId: otherProduct },
        { clientLoginId: randomUUID(), productId: chair.id },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'favourites[1].productId',
      'favourites[2].clientLoginId',
    ]);
    expect((await viewer.get(`${path}?client_login_ids=${alice}`)).body.total).toBe(before);

    const invalid = await member.post(`${path}/bulk`, {
      favourites: [{ clientLoginId: alice, productId: 'x', origin: 'No' }],
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual([
      'favourites[0].origin',
      'favourites[0].productId',
    ]);
    expect((await member.post(`${path}/bulk`, { favourites: [] })).body.errors).toHaveProperty('favourites');
    expect((await member.post(`${path}/bulk`, {})).body.errors).toHaveProperty('favourites');
  });

  it('lists with filters, SortBy CreatedAt, paging and a product-name query', async () => {
    const dave = await clientLogin(ws.owner, 'dave', 'Dave');
    const ids: string[] = [];
    for (const p of [chair, table, lamp]) {
      const res = await member.post(path, {
        clientLoginId: dave,
        productId: p.id,
        externalReference: `dave-${p.slug}`,
      });
      ids.push(res.body.id);
    }
    const asc = await viewer.get(`${path}?client_login_ids=${dave}&SortBy=CreatedAt`);
    expect(asc.status).toBe(200);
    expect(asc.body.total).toBe(3);
    expect(asc.body.data.map((f: { id: string }) => f.id)).toEqual(ids);
    expect(asc.body.data[2]).toMatchObject({
      product: { id: lamp.id, name: 'lamp' },
      clientLogin: { id: dave, displayName: 'Dave' },
    });

    const page = await viewer.get(`${path}?client_login_ids=${dave}&SortOrder=Desc&Take=2&Skip=1`);
    expect(page.body).toEqual({
      data: [expect.objectContaining({ id: ids[1] }), expect.objectContaining({ id: ids[0] })],
      total: 3,
    });

    expect(
      (await viewer.get(`${path}?client_login_ids=${dave}&product_ids=${table.id}`)).body.data.map(
        (f: { id: string }) => f.id,
      ),
    ).toEqual([ids[1]]);
    expect((await viewer.get(`${path}?ids=${ids[2]}&ids=${ids[0]}`)).body.total).toBe(2);
    expect(
      (await viewer.get(`${path}?external_references=dave-${lamp.slug}`)).body.data.map(
        (f: { id: string }) => f.id,
      ),
    ).toEqual([ids[2]]);
    expect(
      (await viewer.get(`${path}?client_login_ids=${dave}&Query=LAM`)).body.data.map(
        (f: { id: string }) => f.id,
      ),
    ).toEqual([ids[2]]);
  });

  it('keeps other workspaces out: 404 on member paths and absent from lists', async () => {
    const mine = await member.post(path, { clientLoginId: alice, productId: chair.id });
    const id = mine.body.id;
    expect((await other.owner.get(`${path}/${id}`)).status).toBe(404);
    expect((await other.owner.delete(`${path}/${id}`)).status).toBe(404);
    expect((await other.owner.get(`${path}?ids=${id}`)).body).toEqual({ data: [], total: 0 });
    expect((await other.owner.get(path)).body.total).toBe(0);
    expect((await member.get(`${path}/${id}`)).status).toBe(200);
    expect((await member.get(`${path}/${randomUUID()}`)).status).toBe(404);
    expect((await member.delete(`${path}/${randomUUID()}`)).status).toBe(404);
  });

  it('lets a Viewer read but not write (403)', async () => {
    const list = await viewer.get(`${path}?client_login_ids=${alice}`);
    expect(list.status).toBe(200);
    const id = list.body.data[0].id;
    expect((await viewer.post(path, { clientLoginId: bob, productId: lamp.id })).status).toBe(403);
    expect(
      (await viewer.post(`${path}/bulk`, { favourites: [{ clientLoginId: bob, productId: lamp.id }] }))
        .status,
    ).toBe(403);
    expect((await viewer.delete(`${path}/${id}`)).status).toBe(403);
    expect((await viewer.get(`${path}/${id}`)).status).toBe(200);
  });

  it('goes with its client login', async () => {
    const erin = await clientLogin(ws.owner, 'erin');
    const fav = await member.post(path, { clientLoginId: erin, productId: chair.id });
    expect((await ws.owner.delete(`/core-api/identities/${erin}`)).status).toBe(200);
    expect((await member.get(`${path}/${fav.body.id}`)).status).toBe(404);
  });
});
