import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const P = '/core-api/catalog/products';

/** Products: create/read/update/delete, lookups, validation, uniqueness under concurrency, isolation, roles, activities. */
describe('Products (core)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let refs: {
    category: string;
    category2: string;
    catalog: string;
    attribute: string;
    brand: string;
    manufacturer: string;
  };

  const made = async (caller: Caller, path: string, body: object) => {
    const res = await caller.post(path, body);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    refs = {
      category: await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Chairs' }),
      category2: await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Garden' }),
      catalog: await made(ws.owner, '/core-api/catalog/catalogs', { name: 'Retail' }),
      attribute: await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Colour' }),
      brand: await made(ws.owner, '/core-api/catalog/brands', { name: 'Acme' }),
      manufacturer: await made(ws.owner, '/core-api/catalog/manufacturers', { name: 'Acme Works' }),
    };
  });
  afterAll(() => t.close());

  it('creates a product with every member, reads it by id, sku, gtin, barcode and slug', async () => {
    const body = {
      name: 'Garden Chair Deluxe',
      productType: 'SimpleProduct',
      sku: 'GC-1000',
      gtin: '8712345678906',
      barcodes: ['BC-1', 'BC-2'],
      productCode: 'PC1',
      searchCode: 'chair',
      introducedAt: '2026-03-01',
      active: true,
      displayOrder: 5,
      showStock: true,
      tags: ['outdoor', 'summer'],
      externalReferences: ['erp:1'],
      externalReference: 'ext-1',
      categories: [refs.category, refs.category2],
      catalogs: [refs.catalog],
      brandId: refs.brand,
      manufacturerId: refs.manufacturer,
      attributes: [{ attributeId: refs.attribute, values: ['green', 'blue'] }],
      images: [{ url: 'https://cdn.example.test/chair.jpg', alt: 'A chair' }],
      pricing: {
        salesPrice: 12.345,
        purchasePrice: 7.1,
        suggestedRetailPrice: null,
        tiers: [
          { minQuantity: 10, salesPrice: 11.5 },
          { minQuantity: 5, salesPrice: 12 },
        ],
      },
    };
    const created = await ws.owner.post(P, body);
    expect(created.status).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'ext-1',
      name: 'Garden Chair Deluxe',
      productType: 'SimpleProduct',
      slug: 'garden-chair-deluxe',
      sku: 'GC-1000',
      gtin: '8712345678906',
      barcodes: ['BC-1', 'BC-2'],
      productCode: 'PC1',
      searchCode: 'chair',
      introducedAt: '2026-03-01',
      active: true,
      displayOrder: 5,
      showStock: true,
      tags: ['outdoor', 'summer'],
      externalReferences: ['erp:1'],
      categories: [refs.category, refs.category2],
      catalogs: [refs.catalog],
      manufacturerId: refs.manufacturer,
      brandId: refs.brand,
      attributes: [{ attributeId: refs.attribute, values: ['green', 'blue'] }],
      images: [
        {
          id: expect.any(String),
          url: 'https://cdn.example.test/chair.jpg',
          displayOrder: 0,
          alt: 'A chair',
        },
      ],
      pricing: {
        salesPrice: 12.35,
        purchasePrice: 7.1,
        suggestedRetailPrice: null,
        vatCodeId: null,
        tiers: [
          { minQuantity: 5, salesPrice: 12 },
          { minQuantity: 10, salesPrice: 11.5 },
        ],
      },
      components: [],
    });
    const id = created.body.id;
    for (const path of [
      `${P}/${id}`,
      `${P}/sku/GC-1000`,
      `${P}/gtin/8712345678906`,
      `${P}/barcode/BC-2`,
      `${P}/slug/garden-chair-deluxe`,
    ]) {
      const got = await viewer.get(path);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(created.body);
    }
    expect((await viewer.get(`${P}/sku/nope`)).status).toBe(404);
    expect((await viewer.get(`${P}/barcode/nope`)).status).toBe(404);
  });

  it('answers every field, null or [] when empty, with defaults', async () => {
    const res = await ws.owner.post(P, { name: 'Bare' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      productType: 'SimpleProduct',
      slug: 'bare',
      sku: null,
      gtin: null,
      barcodes: [],
      productCode: null,
      searchCode: null,
      introducedAt: null,
      active: true,
      displayOrder: 0,
      showStock: false,
      tags: [],
      externalReferences: [],
      categories: [],
      catalogs: [],
      manufacturerId: null,
      brandId: null,
      attributes: [],
      images: [],
      components: [],
      externalReference: null,
      pricing: {
        salesPrice: null,
        purchasePrice: null,
        suggestedRetailPrice: null,
        vatCodeId: null,
        tiers: [],
      },
    });
  });

  it('generates unique slugs from the name and keeps the slug on an update without one', async () => {
    const a = await ws.owner.post(P, { name: 'Ünïcode Lamp!' });
    const b = await ws.owner.post(P, { name: 'Unicode lamp' });
    expect(a.body.slug).toBe('unicode-lamp');
    expect(b.body.slug).toBe('unicode-lamp-2');
    const updated = await ws.owner.put(`${P}/${b.body.id}`, { name: 'Renamed lamp' });
    expect(updated.body.slug).toBe('unicode-lamp-2');
    const chosen = await ws.owner.put(`${P}/${b.body.id}`, { name: 'Renamed lamp', slug: 'my-lamp' });
    expect(chosen.body.slug).toBe('my-lamp');
    const taken = await ws.owner.post(P, { name: 'x', slug: 'my-lamp' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toHaveProperty('slug');
  });

  it('transliterates names of other scripts into the generated slug, findable by it', async () => {
    const german = await ws.owner.post(P, { name: 'Straße Stühle' });
    const russian = await ws.owner.post(P, { name: 'Кресло' });
    expect(german.body.slug).toBe('strasse-stuhle');
    expect(russian.body.slug).toBe('kreslo');
    expect((await ws.owner.get(`${P}/slug/kreslo`)).body.id).toBe(russian.body.id);
  });

  it('replaces the whole product on PUT and records one activity per changed property', async () => {
    const created = await ws.owner.post(P, {
      name: 'Table',
      sku: 'TB-1',
      tags: ['a'],
      barcodes: ['TB-BC'],
      categories: [refs.category],
      pricing: { salesPrice: 100 },
      images: [{ url: 'https://cdn.example.test/t.jpg' }],
    });
    const id = created.body.id;
    const image = created.body.images[0];
    const updated = await ws.owner.put(`${P}/${id}`, {
      id,
      name: 'Table XL',
      tags: ['a', 'b'],
      images: [{ id: image.id, alt: 'Table' }],
      pricing: { salesPrice: 101.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.etag).toBe('"2"');
    expect(updated.body).toMatchObject({
      name: 'Table XL',
      sku: null,
      barcodes: [],
      categories: [],
      tags: ['a', 'b'],
      images: [{ id: image.id, url: image.url, displayOrder: 0, alt: 'Table' }],
      pricing: { salesPrice: 101.5, tiers: [] },
    });
    // the barcode is free again
    expect((await ws.owner.post(P, { name: 'Other table', barcodes: ['TB-BC'] })).status).toBe(200);

    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=100`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'ProductBarcodesUpdated',
      'ProductCategoriesUpdated',
      'ProductCreated',
      'ProductImagesUpdated',
      'ProductNameUpdated',
      'ProductPricingUpdated',
      'ProductSkuUpdated',
      'ProductTagsUpdated',
    ]);
    const name = activities.body.data.find((a: { type: string }) => a.type === 'ProductNameUpdated');
    expect(name.data).toEqual({ property: 'name', oldValue: 'Table', newValue: 'Table XL' });

    // only an owned row changes: the version still moves on
    const again = await ws.owner.put(`${P}/${id}`, { ...updated.body, id, barcodes: ['TB-NEW'] });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe('"3"');
    const stale = await ws.owner.put(`${P}/${id}`).set('If-Match', '"2"').send({ name: 'x' });
    expect(stale.status).toBe(412);
    const wrongId = await ws.owner.put(`${P}/${id}`, { id: refs.brand, name: 'x' });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.errors).toHaveProperty('id');
  });

  it('stores components for Configurable/Grouped/Bundled products only, never itself or a missing product', async () => {
    const part = await ws.owner.post(P, { name: 'Leg' });
    const top = await ws.owner.post(P, { name: 'Top' });
    const bundle = await ws.owner.post(P, {
      name: 'Desk kit',
      productType: 'BundledProduct',
      components: [
        { productId: part.body.id, quantity: 4 },
        { productId: top.body.id, displayOrder: 9 },
      ],
    });
    expect(bundle.status).toBe(200);
    expect(bundle.body.components).toEqual([
      { productId: part.body.id, quantity: 4, displayOrder: 0 },
      { productId: top.body.id, quantity: 1, displayOrder: 9 },
    ]);
    const simple = await ws.owner.post(P, { name: 'x', components: [{ productId: part.body.id }] });
    expect(simple.status).toBe(400);
    expect(simple.body.errors).toHaveProperty('components');
    const self = await ws.owner.put(`${P}/${bundle.body.id}`, {
      name: 'Desk kit',
      productType: 'BundledProduct',
      components: [{ productId: bundle.body.id }],
    });
    expect(self.status).toBe(400);
    expect(self.body.errors).toHaveProperty('components');
    const foreign = await other.owner.post(P, { name: 'Foreign' });
    const missing = await ws.owner.post(P, {
      name: 'x',
      productType: 'GroupedProduct',
      components: [{ productId: foreign.body.id }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('components');
    // a product used as a component cannot be deleted
    expect((await ws.owner.delete(`${P}/${part.body.id}`)).status).toBe(409);
    expect((await ws.owner.delete(`${P}/${bundle.body.id}`)).status).toBe(200);
    expect((await ws.owner.delete(`${P}/${part.body.id}`)).status).toBe(200);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const res = await ws.owner.post(P, {
      name: '',
      productType: 'Car',
      sku: 5,
      introducedAt: '2026-13-01',
      active: 'yes',
      displayOrder: 1.5,
      tags: [''],
      barcodes: ['A', 'A'],
      brandId: 'not-a-uuid',
      pricing: { salesPrice: -1, tiers: [{ minQuantity: 0, salesPrice: 1 }] },
      attributes: [{ attributeId: refs.attribute }],
      images: [{ alt: 'no url' }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'active',
      'attributes[0].values',
      'brandId',
      'displayOrder',
      'introducedAt',
      'name',
      'pricing.salesPrice',
      'pricing.tiers[0].minQuantity',
      'productType',
      'sku',
      'tags',
    ]);
    const rules = await ws.owner.post(P, {
      name: 'x',
      barcodes: ['A', 'A'],
      images: [{ alt: 'no url' }],
      pricing: {
        tiers: [
          { minQuantity: 2, salesPrice: 1 },
          { minQuantity: 2, salesPrice: 2 },
        ],
      },
    });
    expect(rules.status).toBe(400);
    expect(Object.keys(rules.body.errors).sort()).toEqual(['barcodes', 'images[0].url', 'pricing.tiers']);
    expect((await ws.owner.post(P, { name: 'x'.repeat(256) })).body.errors).toHaveProperty('name');
    expect((await ws.owner.post(P, {})).body.errors).toHaveProperty('name');
    const list = await ws.owner.post(`${P}/list`, { skus: ['5'] });
    expect(list.body.total).toBe(0);
  });

  it('answers 400 for references to what is not in the workspace', async () => {
    const foreignBrand = await made(other.owner, '/core-api/catalog/brands', { name: 'Foreign' });
    const foreignCategory = await made(other.owner, '/core-api/catalog/productcategories', {
      name: 'Foreign',
    });
    for (const [field, body] of [
      ['brandId', { brandId: foreignBrand }],
      ['manufacturerId', { manufacturerId: refs.brand }],
      ['categories', { categories: [refs.category, foreignCategory] }],
      ['catalogs', { catalogs: [refs.category] }],
      ['attributes', { attributes: [{ attributeId: refs.brand, values: ['x'] }] }],
    ] as const) {
      const res = await ws.owner.post(P, { name: 'ref', ...body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it('gives one 200 and 409s to 20 simultaneous creates with one sku, and with one barcode', async () => {
    const skuRuns = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ws.owner.post(P, { name: `Race ${i}`, sku: 'RACE-SKU' })),
    );
    expect(skuRuns.filter((r) => r.status === 200)).toHaveLength(1);
    expect(skuRuns.filter((r) => r.status === 409)).toHaveLength(19);
    expect(skuRuns.find((r) => r.status === 409)!.body.errors).toHaveProperty('sku');

    const barcodeRuns = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ws.owner.post(P, { name: `Race b${i}`, barcodes: [`own-${i}`, 'RACE-BC'] }),
      ),
    );
    expect(barcodeRuns.filter((r) => r.status === 200)).toHaveLength(1);
    expect(barcodeRuns.filter((r) => r.status === 409)).toHaveLength(19);
    expect(barcodeRuns.find((r) => r.status === 409)!.body.errors).toHaveProperty('barcodes');

    const slugRuns = await Promise.all(
      Array.from({ length: 10 }, () => ws.owner.post(P, { name: 'Same name race' })),
    );
    expect(slugRuns.every((r) => r.status === 200)).toBe(true);
    expect(new Set(slugRuns.map((r) => r.body.slug)).size).toBe(10);

    expect((await ws.owner.post(P, { name: 'dup gtin', gtin: 'G-1' })).status).toBe(200);
    const gtin = await ws.owner.post(P, { name: 'dup gtin 2', gtin: 'G-1' });
    expect(gtin.status).toBe(409);
    expect(gtin.body.errors).toHaveProperty('gtin');
    // another workspace may use the same values
    expect(
      (await other.owner.post(P, { name: 'Race', sku: 'RACE-SKU', barcodes: ['RACE-BC'], gtin: 'G-1' }))
        .status,
    ).toBe(200);
  });

  it('hides other workspaces: 404 on member paths and lookups, absent from lists', async () => {
    const mine = await ws.owner.post(P, { name: 'Private', sku: 'PRIV-1', barcodes: ['PRIV-BC'] });
    const id = mine.body.id;
    expect((await other.owner.get(`${P}/${id}`)).status).toBe(404);
    expect((await other.owner.put(`${P}/${id}`, { name: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`${P}/${id}`)).status).toBe(404);
    expect((await other.owner.get(`${P}/sku/PRIV-1`)).status).toBe(404);
    expect((await other.owner.get(`${P}/barcode/PRIV-BC`)).status).toBe(404);
    expect((await other.owner.post(`${P}/list`, { ids: [id] })).body).toEqual({
      data: [],
      total: 0,
      didYouMean: null,
    });
    expect((await ws.owner.get(`${P}/not-a-uuid`)).status).toBe(400);
  });

  it('lets Viewers read and list but not write', async () => {
    const mine = await ws.owner.post(P, { name: 'Viewed' });
    expect((await viewer.get(`${P}/${mine.body.id}`)).status).toBe(200);
    expect((await viewer.post(`${P}/list`, {})).status).toBe(200);
    expect((await viewer.post(P, { name: 'nope' })).status).toBe(403);
    expect((await viewer.put(`${P}/${mine.body.id}`, { name: 'nope' })).status).toBe(403);
    expect((await viewer.delete(`${P}/${mine.body.id}`)).status).toBe(403);
    expect(
      (await viewer.put(`${P}/bulk`, { productIds: [mine.body.id], set: { active: false } })).status,
    ).toBe(403);
    const client = await ws.client();
    expect((await client.get(`${P}/${mine.body.id}`)).status).toBe(403);
  });

  it('deletes with an empty 200 and a ProductDeleted activity', async () => {
    const mine = await ws.owner.post(P, { name: 'Doomed', barcodes: ['DOOM'] });
    const res = await ws.owner.delete(`${P}/${mine.body.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await ws.owner.get(`${P}/${mine.body.id}`)).status).toBe(404);
    expect((await ws.owner.get(`${P}/barcode/DOOM`)).status).toBe(404);
    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${mine.body.id}`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'ProductCreated',
      'ProductDeleted',
    ]);
  });
  it('names every bad field when products are put in or taken out of categories of another workspace', async () => {
    const mine = await made(ws.owner, P, { name: 'Bench' });
    const theirProduct = await made(other.owner, P, { name: 'Their bench' });
    const theirCategory = await made(other.owner, '/core-api/catalog/productcategories', { name: 'Theirs' });
    for (const send of [ws.owner.put.bind(ws.owner), ws.owner.delete.bind(ws.owner)]) {
      const both = await send(`${P}/categories`, {
        productIds: [mine, theirProduct],
        categoryIds: [refs.category, theirCategory],
      });
      expect(both.status).toBe(400);
      expect(Object.keys(both.body.errors).sort()).toEqual(['categoryIds', 'productIds']);
      expect(both.body.errors.productIds[0]).toContain(theirProduct);
      expect(both.body.errors.categoryIds[0]).toContain(theirCategory);
    }
    expect((await ws.owner.get(`${P}/${mine}`)).body.categories).toEqual([]);
  });

  it('answers a bulk update without set with a 400 naming set (it was a 500)', async () => {
    const fresh = await t.workspace();
    const res = await fresh.owner.put('/core-api/catalog/products/bulk', {
      productIds: ['5718afc0-df7b-4fee-9e9d-b2c15a577103'],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('set');
  });
});
