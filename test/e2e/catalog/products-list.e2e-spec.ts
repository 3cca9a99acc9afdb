import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const P = '/core-api/catalog/products';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** POST products/list (every filter, search, sorting, paging), used tags, bulk update, categories, image upload. */
describe('Products (core): list, tags, bulk, categories, images', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let chairs: string;
  let tables: string;
  let catalog: string;
  let colour: string;
  let size: string;
  const ids: Record<string, string> = {};

  const made = async (caller: Caller, path: string, body: object) => {
    const res = await caller.post(path, body);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const list = async (body: object, caller: Caller = ws.owner) => {
    const res = await caller.post(`${P}/list`, body);
    expect(res.status).toBe(200);
    return res.body as { data: Array<{ id: string; name: string }>; total: number };
  };
  const names = async (body: object) => (await list({ sortBy: 'Name', ...body })).data.map((p) => p.name);
  const upload = (caller: Caller, id: string, files: Array<[Buffer, string]>) => {
    const req = t.http.post(`${P}/${id}/images`).set('Authorization', `Bearer ${caller.token}`);
    for (const [buffer, name] of files) req.attach('images', buffer, name);
    return req;
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    chairs = await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Chairs' });
    tables = await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Tables' });
    catalog = await made(ws.owner, '/core-api/catalog/catalogs', { name: 'B2B' });
    colour = await made(ws.owner, '/core-api/catalog/products/attributes', {
      name: 'Colour',
      categoryIds: [chairs],
    });
    size = await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Size' });
    const products = [
      {
        name: 'Oak Dining Chair',
        sku: 'CH-OAK-100',
        gtin: 'G-1',
        barcodes: ['B-1'],
        displayOrder: 3,
        tags: ['wood', 'indoor'],
        categories: [chairs],
        catalogs: [catalog],
        attributes: [{ attributeId: colour, values: ['brown'] }],
        images: [{ url: 'https://cdn.example.test/1.jpg' }],
      },
      {
        name: 'Steel Bar Chair',
        sku: 'CH-STL-200',
        displayOrder: 1,
        tags: ['metal', 'indoor'],
        categories: [chairs],
        attributes: [{ attributeId: size, values: ['L'] }],
      },
      {
        name: 'Oak Table',
        sku: 'TB-OAK-300',
        displayOrder: 2,
        tags: ['wood'],
        categories: [tables],
        catalogs: [catalog],
        productType: 'GroupedProduct',
      },
      {
        name: 'Garden Bench',
        sku: 'BN-GRD-400',
        displayOrder: 4,
        attributes: [{ attributeId: colour, values: ['green', 'white'] }],
      },
    ];
    for (const p of products) ids[p.name] = await made(ws.owner, P, p);
    await made(other.owner, P, { name: 'Oak Dining Chair', sku: 'CH-OAK-100' });
  });
  afterAll(() => t.close());

  it('lists by display order by default, with the total, paged, and sorted by Name or Id', async () => {
    const all = await list({});
    expect(all.total).toBe(4);
    expect(all.data.map((p) => p.name)).toEqual([
      'Steel Bar Chair',
      'Oak Table',
      'Oak Dining Chair',
      'Garden Bench',
    ]);
    const page = await list({ take: 2, skip: 1, sortBy: 'Name', sortOrder: 'Desc' });
    expect(page).toEqual({
      data: [
        expect.objectContaining({ name: 'Oak Table' }),
        expect.objectContaining({ name: 'Oak Dining Chair' }),
      ],
      total: 4,
      didYouMean: null,
    });
    expect((await list({ skip: 10 })).total).toBe(4);
    const byId = await list({ sortBy: 'Id' });
    expect(byId.data.map((p) => p.id)).toEqual([...byId.data.map((p) => p.id)].sort());
    expect(all.data[0]).toHaveProperty('pricing');
    expect(all.data.find((p) => p.name === 'Oak Dining Chair')).toMatchObject({
      barcodes: ['B-1'],
      categories: [chairs],
      catalogs: [catalog],
    });
  });

  it('filters by ids, skus, gtins, barcodes, slugs, type, catalog, categories and attributes', async () => {
    expect(await names({ ids: [ids['Oak Table'], ids['Garden Bench']] })).toEqual([
      'Garden Bench',
      'Oak Table',
    ]);
    expect(await names({ skus: ['CH-STL-200'] })).toEqual(['Steel Bar Chair']);
    expect(await names({ gtins: ['G-1'] })).toEqual(['Oak Dining Chair']);
    expect(await names({ barcodes: ['B-1', 'nope'] })).toEqual(['Oak Dining Chair']);
    expect(await names({ slugs: ['oak-table'] })).toEqual(['Oak Table']);
    expect(await names({ type: 'GroupedProduct' })).toEqual(['Oak Table']);
    expect(await names({ catalogId: catalog })).toEqual(['Oak Dining Chair', 'Oak Table']);
    expect(await names({ categoryIds: [chairs] })).toEqual(['Oak Dining Chair', 'Steel Bar Chair']);
    expect(await names({ categoryIds: [chairs, tables] })).toHaveLength(3);
    expect(await names({ attributes: [{ attributeId: colour, values: ['white', 'red'] }] })).toEqual([
      'Garden Bench',
    ]);
    expect(await names({ attributes: [{ attributeId: colour, values: [] }] })).toEqual([
      'Garden Bench',
      'Oak Dining Chair',
    ]);
    expect(
      await names({
        attributes: [
          { attributeId: colour, values: [] },
          { attributeId: size, values: ['L'] },
        ],
      }),
    ).toEqual([]);
    expect(await names({ categoryIds: [chairs], query: 'oak' })).toEqual(['Oak Dining Chair']);
  });

  it('searches words by prefix and skus and names by any part', async () => {
    expect(await names({ query: 'Oa' })).toEqual(['Oak Dining Chair', 'Oak Table']);
    expect(await names({ query: 'oak chai' })).toEqual(['Oak Dining Chair']);
    expect(await names({ query: 'STL-2' })).toEqual(['Steel Bar Chair']);
    expect(await names({ query: 'ch-oak-100' })).toEqual(['Oak Dining Chair']);
    expect(await names({ query: 'ining' })).toEqual(['Oak Dining Chair']);
    expect(await names({ query: '%' })).toEqual([]);
    expect(await names({ query: "oak' & | ! :*" })).toEqual(['Oak Dining Chair', 'Oak Table']);
  });

  it('filters by missing images, description and attributes (the product issue rules)', async () => {
    expect(await names({ isMissingImages: false })).toEqual(['Oak Dining Chair']);
    expect(await names({ isMissingImages: true })).toEqual(['Garden Bench', 'Oak Table', 'Steel Bar Chair']);
    // Chairs require Colour: the steel chair has none
    expect(await names({ isMissingAttributes: true })).toEqual(['Steel Bar Chair']);
    expect(await names({ isMissingAttributes: false })).toEqual([
      'Garden Bench',
      'Oak Dining Chair',
      'Oak Table',
    ]);
    expect(await names({ isMissingDescription: true })).toHaveLength(4);
    const content = await ws.owner.post(`${P}/content`, {
      productId: ids['Oak Table'],
      language: 'en',
      title: 'Oak table',
      description: 'Solid oak.',
    });
    expect(content.status).toBe(200);
    expect(await names({ isMissingDescription: false })).toEqual(['Oak Table']);
    expect(await names({ isMissingDescription: true, isMissingImages: true })).toEqual([
      'Garden Bench',
      'Steel Bar Chair',
    ]);
  });

  it('answers 400 for bad list bodies, and hides other workspaces', async () => {
    for (const body of [
      { sortBy: 'Price' },
      { take: 1001 },
      { type: 'Car' },
      { ids: ['x'] },
      { isMissingImages: 'yes' },
      { attributes: [{ attributeId: colour }] },
    ]) {
      const res = await ws.owner.post(`${P}/list`, body);
      expect(res.status).toBe(400);
    }
    expect((await list({ skus: ['CH-OAK-100'] }, other.owner)).data).toHaveLength(1);
    expect((await list({ categoryIds: [chairs] }, other.owner)).total).toBe(0);
    expect((await list({}, viewer)).total).toBe(4);
  });

  it('answers the used tags with counts', async () => {
    const res = await viewer.get(`${P}/tags`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { value: 'indoor', count: 2 },
        { value: 'metal', count: 1 },
        { value: 'wood', count: 2 },
      ],
      total: 3,
    });
    const byCount = await viewer.get(`${P}/tags?SortBy=Count&SortOrder=Desc&Take=1`);
    expect(byCount.body).toEqual({ data: [{ value: 'indoor', count: 2 }], total: 3 });
    expect((await viewer.get(`${P}/tags?query=WOO`)).body.data).toEqual([{ value: 'wood', count: 2 }]);
    expect((await other.owner.get(`${P}/tags`)).body).toEqual({ data: [], total: 0 });
    expect((await viewer.get(`${P}/tags?SortBy=Nope`)).status).toBe(400);
  });

  it('bulk-updates products in one transaction with activities per changed product', async () => {
    const target = [ids['Oak Table'], ids['Garden Bench']];
    const res = await ws.owner.put(`${P}/bulk`, {
      productIds: target,
      set: { active: false, addTags: ['sale'], removeTags: ['wood'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, productIds: expect.arrayContaining(target) });
    const table = (await ws.owner.get(`${P}/${ids['Oak Table']}`)).body;
    expect(table).toMatchObject({ active: false, tags: ['sale'] });
    const again = await ws.owner.put(`${P}/bulk`, { productIds: target, set: { active: false } });
    expect(again.body).toEqual({ updated: 0, productIds: [] });
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${ids['Oak Table']}`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toEqual(expect.arrayContaining(['ProductActiveUpdated', 'ProductTagsUpdated']));
    const foreign = await made(other.owner, P, { name: 'Foreign' });
    const bad = await ws.owner.put(`${P}/bulk`, {
      productIds: [ids['Oak Table'], foreign],
      set: { active: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('productIds');
    expect((await ws.owner.get(`${P}/${ids['Oak Table']}`)).body.active).toBe(false);
    const badBrand = await ws.owner.put(`${P}/bulk`, { productIds: target, set: { brandId: foreign } });
    expect(badBrand.body.errors).toHaveProperty(['set.brandId']);
    expect((await ws.owner.put(`${P}/bulk`, { productIds: [], set: {} })).status).toBe(400);
  });

  it('assigns products to categories and removes them again', async () => {
    const body = { productIds: [ids['Oak Table'], ids['Garden Bench']], categoryIds: [chairs] };
    const added = await ws.owner.put(`${P}/categories`, body);
    expect(added.status).toBe(200);
    expect(added.body.updated).toBe(2);
    expect((await ws.owner.get(`${P}/${ids['Oak Table']}`)).body.categories).toEqual([tables, chairs]);
    expect((await ws.owner.put(`${P}/categories`, body)).body.updated).toBe(0);
    const removed = await ws.owner.delete(`${P}/categories`, body);
    expect(removed.body.updated).toBe(2);
    expect((await ws.owner.get(`${P}/${ids['Oak Table']}`)).body.categories).toEqual([tables]);
    const types = (
      await ws.owner.get(
        `/core-api/activities?entity_ids=${ids['Garden Bench']}&types=ProductCategoriesUpdated`,
      )
    ).body;
    expect(types.total).toBe(2);
    const foreignCategory = await made(other.owner, '/core-api/catalog/productcategories', { name: 'X' });
    const bad = await ws.owner.put(`${P}/categories`, {
      productIds: [ids['Oak Table']],
      categoryIds: [foreignCategory],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('categoryIds');
    expect((await viewer.put(`${P}/categories`, body)).status).toBe(403);
  });

  it('uploads several images, serves them, and keeps them through a PUT that lists them', async () => {
    const id = ids['Steel Bar Chair'];
    const res = await upload(ws.owner, id, [
      [png, 'a.png'],
      [png, 'b.png'],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.images).toHaveLength(2);
    expect(res.body.images[1]).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^http:\/\/localhost\/files\/.+\.png$/),
      displayOrder: 1,
      alt: null,
    });
    const served = await t.http.get(new URL(res.body.images[0].url).pathname);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    const activity = (await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=ProductImagesAdded`))
      .body;
    expect(activity.total).toBe(1);

    const kept = await ws.owner.put(`${P}/${id}`, {
      ...res.body,
      images: [{ id: res.body.images[1].id, alt: 'Second' }],
    });
    expect(kept.body.images).toEqual([{ ...res.body.images[1], displayOrder: 0, alt: 'Second' }]);
    const unknown = await ws.owner.put(`${P}/${id}`, {
      ...res.body,
      images: [{ id: res.body.images[0].id }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty(['images[0].id']);
    expect((await t.http.get(new URL(res.body.images[0].url).pathname)).status).toBe(404);
  });

  it('refuses uploads that are not raster images (415), too large (413), missing (400), elsewhere (404) or by Viewers (403)', async () => {
    const id = ids['Garden Bench'];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(ws.owner, id, [[svg, 'x.svg']])).status).toBe(415);
    expect((await upload(ws.owner, id, [[Buffer.from('just text'), 'x.png']])).status).toBe(415);
    expect(
      (
        await upload(ws.owner, id, [
          [png, 'ok.png'],
          [svg, 'x.svg'],
        ])
      ).status,
    ).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(ws.owner, id, [[big, 'big.png']])).status).toBe(413);
    const none = await t.http
      .post(`${P}/${id}/images`)
      .set('Authorization', `Bearer ${ws.owner.token}`)
      .field('x', 'y');
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('images');
    expect((await upload(other.owner, id, [[png, 'a.png']])).status).toBe(404);
    expect((await upload(viewer, id, [[png, 'a.png']])).status).toBe(403);
    expect((await ws.owner.get(`${P}/${id}`)).body.images).toEqual([]);
  });
});
