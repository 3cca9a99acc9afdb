import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { seedCatalogTaxonomyDemo } from '../../../src/seed/catalog-taxonomy-demo';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const base = '/core-api/catalog/productcategories';

describe('Product categories', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
  });
  afterAll(() => t.close());

  const create = async (body: object, caller: Caller = ws.owner) => {
    const res = await caller.post(base, body);
    expect(res.status).toBe(200);
    return res.body as { id: string; slug: string; parentId: string | null };
  };

  it('creates, reads, lists, updates and deletes a category', async () => {
    const created = await ws.owner.post(base, {
      name: 'Garden & Outdoor',
      externalReference: 'cat-1',
      displayOrder: 3,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'cat-1',
      name: 'Garden & Outdoor',
      slug: 'garden-outdoor',
      active: true,
      displayOrder: 3,
      image: null,
      images: [],
      parentId: null,
      visibility: { showInMenu: true, showInSearch: true },
    });
    expect(created.headers.etag).toBe('"1"');
    const id = created.body.id;

    expect((await viewer.get(`${base}/${id}`)).body.name).toBe('Garden & Outdoor');
    expect((await viewer.get(`${base}/slug/garden-outdoor`)).body.id).toBe(id);

    const updated = await ws.owner.put(`${base}/${id}`, {
      id,
      name: 'Garden',
      active: false,
      image: 'http://localhost/files/x.png',
      images: ['https://cdn.example.com/a.jpg'],
      visibility: { showInMenu: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Garden',
      slug: 'garden-outdoor', // omitted on update: kept
      active: false,
      displayOrder: 0,
      externalReference: null,
      image: 'http://localhost/files/x.png',
      images: ['https://cdn.example.com/a.jpg'],
      visibility: { showInMenu: false, showInSearch: true },
    });
    expect(updated.headers.etag).toBe('"2"');

    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${id}`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'ProductCategoryActiveUpdated',
      'ProductCategoryCreated',
      'ProductCategoryDisplayOrderUpdated',
      'ProductCategoryExternalReferenceUpdated',
      'ProductCategoryImageUpdated',
      'ProductCategoryImagesUpdated',
      'ProductCategoryNameUpdated',
      'ProductCategoryVisibilityUpdated',
    ]);

    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=ProductCategoryDeleted`))
      .body.total;
    expect(types).toBe(1);
  });

  it('transliterates names of other scripts into the generated slug', async () => {
    expect((await create({ name: 'Straße Stühle' })).slug).toBe('strasse-stuhle');
    const chairs = await create({ name: 'Кресла' });
    expect(chairs.slug).toBe('kresla');
    expect((await ws.owner.get(`${base}/slug/kresla`)).body.id).toBe(chairs.id);
  });

  it('generates unique slugs with a suffix and refuses a duplicate explicit slug with 409', async () => {
    const a = await create({ name: 'Shoes' });
    const b = await create({ name: 'shoes!' });
    const c = await create({ name: 'SHOES' });
    expect([a.slug, b.slug, c.slug]).toEqual(['shoes', 'shoes-2', 'shoes-3']);
    const dup = await ws.owner.post(base, { name: 'Other shoes', slug: 'shoes-2' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toHaveProperty('slug');
    const renamed = await ws.owner.put(`${base}/${c.id}`, { name: 'Shoes', slug: 'shoes' });
    expect(renamed.status).toBe(409);
    // slugs are per workspace
    expect((await create({ name: 'Shoes' }, other.owner)).slug).toBe('shoes');
  });

  it('filters by ids, external references, parents and menu visibility, and sorts', async () => {
    const root = await create({ name: 'Zeta root', displayOrder: 1, externalReference: 'filter-root' });
    const child1 = await create({ name: 'alpha child', parentId: root.id, displayOrder: 2 });
    const child2 = await create({
      name: 'Beta child',
      parentId: root.id,
      displayOrder: 1,
      visibility: { showInMenu: false },
    });

    const children = await viewer.get(`${base}?parent_ids=${root.id}&SortBy=Name`);
    expect(children.body.data.map((c: { id: string }) => c.id)).toEqual([child1.id, child2.id]);
    expect(children.body.total).toBe(2);
    const byOrder = await viewer.get(`${base}?parent_ids=${root.id}&SortBy=DisplayOrder&SortOrder=Desc`);
    expect(byOrder.body.data.map((c: { id: string }) => c.id)).toEqual([child1.id, child2.id]);
    const hidden = await viewer.get(`${base}?parent_ids=${root.id}&visibility_show_in_menu=false`);
    expect(hidden.body.data.map((c: { id: string }) => c.id)).toEqual([child2.id]);
    const byRef = await viewer.get(`${base}?external_references=filter-root`);
    expect(byRef.body.data.map((c: { id: string }) => c.id)).toEqual([root.id]);
    const byIds = await viewer.get(`${base}?ids=${child1.id},${child2.id}&Query=BETA`);
    expect(byIds.body).toMatchObject({ total: 1, data: [{ id: child2.id }] });

    expect((await viewer.get(`${base}?SortBy=Slug`)).status).toBe(400);
    expect((await viewer.get(`${base}?visibility_show_in_menu=maybe`)).body.errors).toHaveProperty(
      'visibility_show_in_menu',
    );
    expect((await viewer.get(`${base}?parent_ids=nope`)).body.errors).toHaveProperty('parent_ids');
  });

  it('answers the whole hierarchy as nested children', async () => {
    const fresh = await t.workspace('Tree');
    const post = async (body: object) => (await fresh.owner.post(base, body)).body as { id: string };
    const b = await post({ name: 'B', displayOrder: 2 });
    const a = await post({ name: 'A', displayOrder: 1 });
    const a1 = await post({ name: 'A1', parentId: a.id });
    const a1x = await post({ name: 'A1x', parentId: a1.id });
    const a2 = await post({ name: 'A2', parentId: a.id, displayOrder: -1 });
    const tree = await fresh.owner.get(`${base}/hierarchy`);
    expect(tree.status).toBe(200);
    expect(tree.body.total).toBe(5);
    const shape = (nodes: Array<{ id: string; children: unknown[] }>): unknown =>
      nodes.map((n) => ({
        id: n.id,
        children: shape(n.children as Array<{ id: string; children: unknown[] }>),
      }));
    expect(shape(tree.body.data)).toEqual([
      {
        id: a.id,
        children: [
          { id: a2.id, children: [] },
          { id: a1.id, children: [{ id: a1x.id, children: [] }] },
        ],
      },
      { id: b.id, children: [] },
    ]);
    expect(tree.body.data[0]).toMatchObject({ name: 'A', slug: 'a', visibility: { showInMenu: true } });
  });

  it('refuses a parent cycle (including itself) with 400 naming parentId, and deleting a category with children with 409', async () => {
    const top = await create({ name: 'Cycle top' });
    const mid = await create({ name: 'Cycle mid', parentId: top.id });
    const low = await create({ name: 'Cycle low', parentId: mid.id });
    const self = await ws.owner.put(`${base}/${top.id}`, { name: 'Cycle top', parentId: top.id });
    expect(self.status).toBe(400);
    expect(self.body.errors).toHaveProperty('parentId');
    const cycle = await ws.owner.put(`${base}/${top.id}`, { name: 'Cycle top', parentId: low.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors).toHaveProperty('parentId');
    // moving a leaf elsewhere is fine
    expect((await ws.owner.put(`${base}/${low.id}`, { name: 'Cycle low', parentId: top.id })).status).toBe(
      200,
    );

    const busy = await ws.owner.delete(`${base}/${top.id}`);
    expect(busy.status).toBe(409);
    expect((await ws.owner.get(`${base}/${top.id}`)).status).toBe(200);
    expect((await ws.owner.delete(`${base}/${low.id}`)).status).toBe(200);
    expect((await ws.owner.delete(`${base}/${mid.id}`)).status).toBe(200);
    expect((await ws.owner.delete(`${base}/${top.id}`)).status).toBe(200);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = (await ws.owner.get(base)).body.total;
    const res = await ws.owner.post(base, {
      name: '',
      slug: 'Not A Slug',
      active: 'yes',
      displayOrder: 1.5,
      image: 'not a url',
      images: ['ftp://x'],
      parentId: 'nope',
      visibility: { showInMenu: 'no' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'active',
        'displayOrder',
        'image',
        'images',
        'name',
        'parentId',
        'slug',
        'visibility.showInMenu',
      ].sort(),
    );
    expect((await ws.owner.post(base, { name: 'x'.repeat(256) })).body.errors).toHaveProperty('name');
    const missingParent = await ws.owner.post(base, {
      name: 'Orphan',
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missingParent.status).toBe(400);
    expect(missingParent.body.errors).toHaveProperty('parentId');
    expect((await ws.owner.get(base)).body.total).toBe(before);
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
    const mine = await create({ name: 'Id mismatch' });
    expect(
      (await ws.owner.put(`${base}/${mine.id}`, { id: other.id, name: 'x' })).body.errors,
    ).toHaveProperty('id');
  });

  it('hides other workspaces: 404 on member paths, absent from lists, 400 as a parent', async () => {
    const mine = await create({ name: 'Private category' });
    expect((await other.owner.get(`${base}/${mine.id}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${mine.id}`, { name: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`${base}/${mine.id}`)).status).toBe(404);
    expect((await other.owner.get(`${base}/slug/${mine.slug}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${mine.id}`)).body.total).toBe(0);
    expect(
      (await other.owner.get(`${base}/hierarchy`)).body.data.some((n: { id: string }) => n.id === mine.id),
    ).toBe(false);
    const foreignParent = await other.owner.post(base, { name: 'Child', parentId: mine.id });
    expect(foreignParent.status).toBe(400);
    expect(foreignParent.body.errors).toHaveProperty('parentId');
    expect((await ws.owner.get(`${base}/slug/no-such-slug`)).status).toBe(404);
  });

  it('lets Viewers read but not write', async () => {
    const mine = await create({ name: 'Viewer target' });
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.get(`${base}/hierarchy`)).status).toBe(200);
    expect((await viewer.post(base, { name: 'v' })).status).toBe(403);
    expect((await viewer.put(`${base}/${mine.id}`, { name: 'v' })).status).toBe(403);
    expect((await viewer.delete(`${base}/${mine.id}`)).status).toBe(403);
    expect((await viewer.post(`${base}/images`).attach('images', png, 'a.png')).status).toBe(403);
    const member = await ws.member('Member');
    expect((await member.post(base, { name: 'By a member' })).status).toBe(200);
  });

  it('uploads several images by content and answers their URLs', async () => {
    const ok = await ws.owner
      .post(`${base}/images`)
      .attach('images', png, { filename: 'a.png', contentType: 'image/png' })
      .attach('images', png, { filename: 'b.bin', contentType: 'application/octet-stream' });
    expect(ok.status).toBe(200);
    expect(ok.body.fileUris).toHaveLength(2);
    for (const uri of ok.body.fileUris) expect(uri).toMatch(/^http:\/\/localhost\/files\/.+\.png$/);
    const served = await t.http.get(new URL(ok.body.fileUris[1]).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const notImage = await ws.owner
      .post(`${base}/images`)
      .attach('images', png, 'a.png')
      .attach('images', svg, { filename: 'x.png', contentType: 'image/png' });
    expect(notImage.status).toBe(415);
    const text = await ws.owner.post(`${base}/images`).attach('images', Buffer.from('hello'), 'x.jpg');
    expect(text.status).toBe(415);
    const tooBig = await ws.owner
      .post(`${base}/images`)
      .attach('images', Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), 'big.png');
    expect(tooBig.status).toBe(413);
    const none = await ws.owner.post(`${base}/images`).field('other', 'x');
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('images');
  });

  it('seeds the demo taxonomy through the services', async () => {
    const demo = await t.workspace('Demo');
    await seedCatalogTaxonomyDemo(
      t.app,
      new RequestContext(demo.id, { id: demo.owner.userId, type: 'User' }, 'Owner'),
    );
    const tree = (await demo.owner.get(`${base}/hierarchy`)).body;
    expect(tree.total).toBe(20);
    expect(tree.data.map((n: { name: string }) => n.name)).toEqual([
      'Furniture',
      'Lighting',
      'Garden',
      'Textiles',
    ]);
    expect(
      (await demo.owner.get('/core-api/catalog/productcategories/content?languages=en')).body.total,
    ).toBe(20);
    expect((await demo.owner.get('/core-api/catalog/brands')).body.total).toBe(10);
    expect((await demo.owner.get('/core-api/catalog/manufacturers')).body.total).toBe(4);
    expect((await demo.owner.get('/core-api/catalog/catalogs')).body.total).toBe(3);
    const attributes = (await demo.owner.get('/core-api/catalog/products/attributes')).body;
    expect(attributes.total).toBe(15);
    expect(attributes.data.every((a: { categoryIds: string[] }) => a.categoryIds.length > 0)).toBe(true);
    expect((await demo.owner.get('/core-api/catalog/products/filters')).body.total).toBe(6);
  });

  it('gives simultaneous creates of one name distinct slugs', async () => {
    const fresh = await t.workspace('Concurrent');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fresh.owner.post(base, { name: 'Lamps' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const slugs = answers.map((a) => a.body.slug as string).sort();
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain('lamps');
    expect(slugs).toContain('lamps-10');
  });

  it('documents the taxonomy operations in the OpenAPI document', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    for (const path of [
      base,
      `${base}/{id}`,
      `${base}/hierarchy`,
      `${base}/slug/{slug}`,
      `${base}/images`,
      `${base}/content`,
      `${base}/content/{id}`,
      '/core-api/catalog/products/attributes/{id}',
      '/core-api/catalog/products/filters',
      '/core-api/catalog/brands/{id}/image',
      '/core-api/catalog/manufacturers/{id}',
      '/core-api/catalog/catalogs/{id}',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.components.schemas.ProductCategoryNode.properties.children.items.$ref).toBe(
      '#/components/schemas/ProductCategoryNode',
    );
    expect(doc.paths[`${base}/images`].post.requestBody.content).toHaveProperty(['multipart/form-data']);
  });
});
