import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const C = '/commerce-api/catalog/products';
const P = '/core-api/catalog/products';

/**
 * A category page of one category is read from the category's listing: the copies of the
 * products' active, display order, brand and unit price at quantity 1 that the links carry, kept
 * by database triggers (migration CategoryListing). Whatever writes the products, their tiers or
 * their links — the API, a bulk operation, plain SQL, many requests at once — the listing answers
 * exactly what the general path (the products themselves) answers.
 */
describe('Category listing (a category page without visiting its products)', () => {
  let t: TestApp;
  let ds: DataSource;
  let ws: WorkspaceFixture;
  let shopper: Caller;
  let chairs: string;
  let empty: string;
  let acme: string;
  const ids: Record<string, string> = {};

  const product = async (name: string, displayOrder: number, salesPrice: number, extra: object = {}) => {
    const res = await ws.owner.post(P, {
      name,
      displayOrder,
      categories: [chairs],
      pricing: { salesPrice },
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  /** The page through the listing (one category) and through the general path (a second, empty category). */
  const both = async (caller: Caller, path: string, body: object = {}) => {
    const listing = await caller.post(path, { categoryIds: [chairs], ...body });
    const general = await caller.post(path, { categoryIds: [chairs, empty], ...body });
    expect(listing.status).toBe(200);
    expect(general.status).toBe(200);
    const names = (res: typeof listing) => (res.body.data as Array<{ name: string }>).map((p) => p.name);
    expect({ names: names(listing), total: listing.body.total }).toEqual({
      names: names(general),
      total: general.body.total,
    });
    return { names: names(listing), total: listing.body.total as number };
  };
  const priceFacet = async () => {
    const res = await shopper.post(`${C}/filters/${chairs}`, {});
    expect(res.status).toBe(200);
    return (res.body as Array<{ kind: string; min: number | null; max: number | null }>).find(
      (f) => f.kind === 'Price',
    );
  };
  const brandFacet = async () => {
    const res = await shopper.post(`${C}/filters/${chairs}`, {});
    return (res.body as Array<{ kind: string; values: unknown[] }>).find((f) => f.kind === 'Brand')!.values;
  };
  /** Links whose copies differ from their products (must be none). */
  const stale = async () =>
    Number(
      (
        await ds.query(
          `SELECT count(*) AS n FROM product_category_links kl
             JOIN products p ON p.workspace_id = kl.workspace_id AND p.id = kl.product_id
            WHERE kl.workspace_id = $1 AND (kl.product_active IS DISTINCT FROM p.active
               OR kl.product_display_order IS DISTINCT FROM p.display_order
               OR kl.product_brand_id IS DISTINCT FROM p.brand_id
               OR kl.product_unit_price IS DISTINCT FROM product_unit_price_at_one(p.workspace_id, p.id, p.sales_price))`,
          [ws.id],
        )
      )[0].n,
    );

  beforeAll(async () => {
    t = await startApp();
    ds = t.app.get(DataSource);
    ws = await t.workspace();
    chairs = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Chairs' })).body.id;
    empty = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Empty' })).body.id;
    acme = (await ws.owner.post('/core-api/catalog/brands', { name: 'Acme' })).body.id;
    ids.oak = await product('Oak', 30, 120);
    ids.pine = await product('Pine', 10, 80);
    ids.teak = await product('Teak', 20, 200);
    ids.old = await product('Old', 5, 10, { active: false });
    shopper = await ws.customer({ commerceSettings: { discountPercentage: 10 } });
  });
  afterAll(() => t.close());

  it('answers the category page in display order with the general path’s rows and total', async () => {
    expect(await both(shopper, C)).toEqual({ names: ['Pine', 'Teak', 'Oak'], total: 3 });
    // The core list sees inactive products too.
    expect(await both(ws.owner, `${P}/list`)).toEqual({ names: ['Old', 'Pine', 'Teak', 'Oak'], total: 4 });
    expect(await both(shopper, C, { sortOrder: 'Desc', take: 2 })).toEqual({
      names: ['Oak', 'Teak'],
      total: 3,
    });
    expect(await both(shopper, C, { skip: 2 })).toEqual({ names: ['Oak'], total: 3 });
    expect(await both(shopper, C, { skip: 5 })).toEqual({ names: [], total: 3 });
    expect(await both(shopper, C, { sortBy: 'relevance' })).toEqual({
      names: ['Pine', 'Teak', 'Oak'],
      total: 3,
    });
  });

  it('follows a product’s display order, active flag, brand, price and tiers, as the API writes them', async () => {
    const read = (await ws.owner.get(`${P}/${ids.oak}`)).body;
    const put = await ws.owner.put(`${P}/${ids.oak}`, {
      ...read,
      displayOrder: 1,
      brandId: acme,
      pricing: { salesPrice: 100, tiers: [{ minQuantity: 1, salesPrice: 50 }] },
    });
    expect(put.status).toBe(200);
    expect((await both(shopper, C)).names).toEqual(['Oak', 'Pine', 'Teak']);
    expect(await brandFacet()).toEqual([{ value: acme, label: 'Acme', count: 1 }]);
    // Oak's tier at 1 (50) less 10 % is the cheapest; Teak's 200 less 10 % the dearest.
    expect(await priceFacet()).toMatchObject({ min: 45, max: 180 });
    const pine = (await ws.owner.get(`${P}/${ids.pine}`)).body;
    expect((await ws.owner.put(`${P}/${ids.pine}`, { ...pine, active: false })).status).toBe(200);
    expect(await both(shopper, C)).toEqual({ names: ['Oak', 'Teak'], total: 2 });
    const oak = (await ws.owner.get(`${P}/${ids.oak}`)).body;
    expect(
      (await ws.owner.put(`${P}/${ids.oak}`, { ...oak, pricing: { salesPrice: 100, tiers: [] } })).status,
    ).toBe(200);
    expect(await priceFacet()).toMatchObject({ min: 90, max: 180 });
    expect(await stale()).toBe(0);
  });

  it('follows writes that bypass the API (plain SQL) and links added or moved', async () => {
    await ds.query(
      `UPDATE products SET display_order = 0, active = true WHERE workspace_id = $1 AND id = $2`,
      [ws.id, ids.old],
    );
    expect((await both(shopper, C)).names).toEqual(['Old', 'Oak', 'Teak']);
    await ds.query(
      `INSERT INTO product_price_tiers (id, workspace_id, product_id, min_quantity, sales_price)
       VALUES (gen_random_uuid(), $1, $2, 1, 1)`,
      [ws.id, ids.teak],
    );
    expect(await priceFacet()).toMatchObject({ min: 0.9 });
    await ds.query(`DELETE FROM product_price_tiers WHERE workspace_id = $1 AND product_id = $2`, [
      ws.id,
      ids.teak,
    ]);
    expect(await priceFacet()).toMatchObject({ min: 9, max: 180 });
    // A product joins the category through the bulk category operation; another one leaves it.
    const bulk = await ws.owner.put(`${P}/categories`, {
      productIds: [ids.pine],
      categoryIds: [chairs],
    });
    expect([200, 204]).toContain(bulk.status);
    expect(await stale()).toBe(0);
    expect(await both(ws.owner, `${P}/list`)).toMatchObject({ total: 4 });
  });

  it('stays exact under concurrent writes of products, tiers and links', async () => {
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) => product(`Race ${i}`, 100 + i, 10 + i)),
    );
    const writes = many.flatMap((id, i) => [
      (async () => {
        const body = (await ws.owner.get(`${P}/${id}`)).body;
        return ws.owner.put(`${P}/${id}`, {
          ...body,
          displayOrder: 200 - i,
          active: i % 2 === 0,
          pricing: { salesPrice: 30 + i, tiers: i % 3 === 0 ? [{ minQuantity: 1, salesPrice: 5 }] : [] },
        });
      })(),
      ws.owner.put(`${P}/categories`, { productIds: [id], categoryIds: [chairs, empty] }),
    ]);
    const answers = await Promise.all(writes);
    for (const res of answers) expect(res.status).toBeLessThan(500);
    expect(await stale()).toBe(0);
    await both(shopper, C, { take: 100 });
    await both(ws.owner, `${P}/list`, { take: 100 });
  });

  it('keeps a catalog-limited client on the general path, and another workspace out', async () => {
    const retail = (await ws.owner.post('/core-api/catalog/catalogs', { name: 'Retail' })).body.id;
    const limited = await ws.customer({ productCatalogId: retail });
    expect((await limited.post(C, { categoryIds: [chairs] })).body).toMatchObject({ data: [], total: 0 });
    const other = await t.workspace('Other');
    const res = await other.owner.post(`${P}/list`, { categoryIds: [chairs] });
    expect(res.body).toMatchObject({ data: [], total: 0 });
    expect((await other.owner.post(`${C}/filters/${chairs}`, {})).status).toBe(404);
  });
});
