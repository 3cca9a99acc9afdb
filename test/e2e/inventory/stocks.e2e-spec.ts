import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/inventory/stocks';

describe('Stocks', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let location: string;
  let otherLocation: string;

  const product = async (w: WorkspaceFixture, name: string, sku?: string) =>
    (await w.owner.post('/core-api/catalog/products', { name, sku })).body.id as string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    location = (await ws.owner.post('/core-api/inventory/locations', { name: 'Main', isWarehouse: true }))
      .body.id;
    otherLocation = (await other.owner.post('/core-api/inventory/locations', { name: 'Theirs' })).body.id;
  });
  afterAll(() => t.close());

  it('creates, reads, lists, sets and deletes a stock', async () => {
    const productId = await product(ws, 'Widget', 'W-1');
    const created = await ws.owner.post(base, {
      productId,
      locationId: location,
      quantity: 12.5,
      externalReference: 's-1',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 's-1',
      quantity: 12.5,
      product: { id: productId, sku: 'W-1', name: 'Widget' },
      location: { id: location, name: 'Main' },
    });
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    const listed = await viewer.get(`${base}?product_ids=${productId}&location_ids=${location}`);
    expect(listed.body).toEqual({ data: [created.body], total: 1 });
    const set = await ws.owner.put(`${base}/${id}`, { id, quantity: 3 });
    expect(set.status).toBe(200);
    expect(set.body.quantity).toBe(3);
    const adjusted = await ws.owner.post(`${base}/${id}/adjustments`, { change: -1.25 });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.quantity).toBe(1.75);
    const activities = (
      await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=StockQuantityUpdated`)
    ).body;
    expect(
      activities.data.map((a: { data: { oldValue: number; newValue: number } }) => a.data).reverse(),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ oldValue: 12.5, newValue: 3 }),
        expect.objectContaining({ oldValue: 3, newValue: 1.75 }),
      ]),
    );
    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
  });

  it('keeps one stock per product and location (409 for a second, also when racing)', async () => {
    const productId = await product(ws, 'Unique stock');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ws.owner.post(base, { productId, locationId: location, quantity: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body.errors).toHaveProperty('productId');
    expect((await ws.owner.get(`${base}?product_ids=${productId}`)).body.total).toBe(1);
  });

  it('applies 100 concurrent changes atomically and never goes below zero', async () => {
    const productId = await product(ws, 'Busy product');
    const id = (await ws.owner.post(base, { productId, locationId: location, quantity: 50 })).body.id;
    const changes = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 2 : -1));
    const answers = await Promise.all(
      changes.map((change) => ws.owner.post(`${base}/${id}/adjustments`, { change })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await ws.owner.get(`${base}/${id}`)).body.quantity).toBe(50 + 50 * 2 - 50);
    // 60 concurrent takes of 1 from 10: exactly 10 succeed, the rest are 409, the quantity ends at 0.
    const small = (
      await ws.owner.post(base, {
        productId: await product(ws, 'Scarce'),
        locationId: location,
        quantity: 10,
      })
    ).body.id;
    const takes = await Promise.all(
      Array.from({ length: 60 }, () => ws.owner.post(`${base}/${small}/adjustments`, { change: -1 })),
    );
    expect(takes.filter((a) => a.status === 200)).toHaveLength(10);
    expect(takes.filter((a) => a.status === 409)).toHaveLength(50);
    expect(takes.find((a) => a.status === 409)!.body.errors).toHaveProperty('change');
    expect((await ws.owner.get(`${base}/${small}`)).body.quantity).toBe(0);
  });

  it('answers 400 naming each bad field, also for references of another workspace', async () => {
    const bad = await ws.owner.post(base, { productId: 'nope', locationId: location, quantity: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['productId', 'quantity']);
    const foreign = await ws.owner.post(base, {
      productId: await product(other, 'Foreign'),
      locationId: otherLocation,
      quantity: 1,
    });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors).sort()).toEqual(['locationId', 'productId']);
    const notStock = (
      await ws.owner.post('/core-api/inventory/locations', { name: 'Office', isStockLocation: false })
    ).body.id;
    const refused = await ws.owner.post(base, {
      productId: await product(ws, 'P'),
      locationId: notStock,
      quantity: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('locationId');
    expect((await ws.owner.post(`${base}/${notStock}/adjustments`, { change: 1e-7 })).status).toBe(400);
    expect((await ws.owner.get(`${base}?product_ids=x`)).status).toBe(400);
    expect((await ws.owner.get(`${base}?SortBy=Name`)).status).toBe(400);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const id = (
      await ws.owner.post(base, { productId: await product(ws, 'Mine'), locationId: location, quantity: 1 })
    ).body.id;
    expect((await other.owner.get(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${id}`, { quantity: 9 })).status).toBe(404);
    expect((await other.owner.post(`${base}/${id}/adjustments`, { change: 9 })).status).toBe(404);
    expect((await other.owner.delete(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${id}`)).body.total).toBe(0);
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.post(base, { productId: id, locationId: location, quantity: 1 })).status).toBe(403);
    expect((await viewer.put(`${base}/${id}`, { quantity: 2 })).status).toBe(403);
    expect((await viewer.post(`${base}/${id}/adjustments`, { change: 2 })).status).toBe(403);
    expect((await viewer.delete(`${base}/${id}`)).status).toBe(403);
    expect((await ws.owner.get(`${base}/${id}`)).body.quantity).toBe(1);
  });

  it('stores the answer of a keyed create in its transaction, so a retry after a crash past COMMIT gets it', async () => {
    // The process dying between COMMIT and the answer leaves the key's row as the transaction
    // wrote it. A trigger that refuses any later change of a stored answer stands for that crash.
    const ds = t.app.get(DataSource);
    await ds.query(`CREATE FUNCTION stocks_test_answer_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.response_body IS NOT NULL AND NEW.response_body IS DISTINCT FROM OLD.response_body THEN
          RAISE EXCEPTION 'the answer changed after COMMIT';
        END IF;
        RETURN NEW;
      END $$`);
    await ds.query(`CREATE TRIGGER stocks_test_answer_is_final BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW EXECUTE FUNCTION stocks_test_answer_is_final()`);
    try {
      const productId = await product(ws, 'Keyed');
      const body = { productId, locationId: location, quantity: 3 };
      const send = () => ws.owner.post(base, body).set('Idempotency-Key', 'stock-crash-1');
      const first = await send();
      expect(first.status).toBe(200);
      const again = await send();
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    } finally {
      await ds.query('DROP TRIGGER stocks_test_answer_is_final ON idempotency_keys');
      await ds.query('DROP FUNCTION stocks_test_answer_is_final()');
    }
  });
});
