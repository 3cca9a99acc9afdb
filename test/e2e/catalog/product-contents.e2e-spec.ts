import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProductEntity } from '../../../src/catalog/products/product.entity';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { seedCatalogContentsDemo } from '../../../src/seed/catalog-contents-demo';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const path = '/core-api/catalog/products/content';

describe('Product display contents', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let productA: string;
  let productB: string;
  let otherProduct: string;

  /** A product row of the workspace (the products API is not what this file tests). */
  const product = async (workspaceId: string, name: string): Promise<string> => {
    const id = randomUUID();
    await t.app.get(DataSource).manager.insert(ProductEntity, {
      id,
      workspaceId,
      name,
      slug: `${name}-${id.slice(0, 8)}`,
      sku: `SKU-${id.slice(0, 8)}`,
    });
    return id;
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    expect(
      (await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' }))
        .status,
    ).toBe(200);
    productA = await product(ws.id, 'chair');
    productB = await product(ws.id, 'table');
    otherProduct = await product(other.id, 'lamp');
  });
  afterAll(() => t.close());

  it('stores Html descriptions sanitised: no script, event handler or javascript: link reaches a storefront', async () => {
    const created = await member.post(path, {
      productId: productB,
      language: 'nl',
      title: 'Tafel',
      descriptionFormat: 'Html',
      excerpt: '<b>Eik</b><img src=x onerror="alert(1)">',
      description:
        '<p onclick="steal()">Massief <a href="javascript:alert(1)">eiken</a></p><script>alert(2)</script>',
    });
    expect(created.status).toBe(200);
    expect(created.body.description).toBe('<p>Massief <a>eiken</a></p>');
    expect(created.body.excerpt).toBe('<b>Eik</b><img src="x" />');
    const markdown = await member.put(`${path}/${created.body.id}`, {
      title: 'Tafel',
      descriptionFormat: 'Markdown',
      description: 'Plain <text> & *markdown*',
    });
    expect(markdown.body.description).toBe('Plain <text> & *markdown*');
    expect((await member.delete(`${path}/${created.body.id}`)).status).toBe(200);
  });

  it('creates, reads, lists, replaces and deletes a display content, recording activities', async () => {
    const created = await member.post(path, {
      productId: productA,
      language: 'en',
      title: 'Oak chair',
      descriptionFormat: 'Html',
      excerpt: 'A chair',
      description: '<p>Solid oak</p>',
      seo: { metaTitle: 'Oak chair | Shop', keywords: ['oak', 'chair'] },
      externalReference: 'pdc-1',
    });
    expect(created.status).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'pdc-1',
      productId: productA,
      language: 'en',
      title: 'Oak chair',
      descriptionFormat: 'Html',
      excerpt: 'A chair',
      description: '<p>Solid oak</p>',
      seo: { metaTitle: 'Oak chair | Shop', metaDescription: null, keywords: ['oak', 'chair'] },
    });
    const id = created.body.id;

    const got = await viewer.get(`${path}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const updated = await member.put(`${path}/${id}`, { id, title: 'Oak chair, natural' });
    expect(updated.status).toBe(200);
    expect(updated.headers.etag).toBe('"2"');
    expect(updated.body).toMatchObject({
      productId: productA,
      language: 'en',
      title: 'Oak chair, natural',
      descriptionFormat: 'Markdown',
      excerpt: null,
      description: null,
      externalReference: null,
      seo: { metaTitle: null, metaDescription: null, keywords: [] },
    });

    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${id}`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'ProductDisplayContentCreated',
      'ProductDisplayContentDescriptionFormatUpdated',
      'ProductDisplayContentDescriptionUpdated',
      'ProductDisplayContentExcerptUpdated',
      'ProductDisplayContentExternalReferenceUpdated',
      'ProductDisplayContentSeoUpdated',
      'ProductDisplayContentTitleUpdated',
    ]);

    const deleted = await member.delete(`${path}/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await member.get(`${path}/${id}`)).status).toBe(404);
    const afterDelete = await ws.owner.get(
      `/core-api/activities?entity_ids=${id}&types=ProductDisplayContentDeleted`,
    );
    expect(afterDelete.body.data.map((a: { type: string }) => a.type)).toContain(
      'ProductDisplayContentDeleted',
    );
  });

  it('lists with filters (ids, external_references, languages, product_ids), SortBy Title and paging', async () => {
    const make = async (productId: string, language: string, title: string, externalReference?: string) => {
      const res = await member.post(path, { productId, language, title, externalReference });
      expect(res.status).toBe(200);
      return res.body.id as string;
    };
    const a = await make(productB, 'en', 'Beta table', 'list-a');
    const b = await make(productB, 'nl', 'Alfa tafel');
    const c = await make(productA, 'nl', 'Gamma stoel');

    const all = await viewer.get(`${path}?product_ids=${productB},${productA}&SortBy=Title`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((x: { id: string }) => x.id)).toEqual([b, a, c]);

    const desc = await viewer.get(
      `${path}?product_ids=${productB}&product_ids=${productA}&SortOrder=Desc&Take=1&Skip=1`,
    );
    expect(desc.body).toEqual({ data: [expect.objectContaining({ id: a })], total: 3 });

    expect(
      (await viewer.get(`${path}?languages=nl`)).body.data.map((x: { id: string }) => x.id).sort(),
    ).toEqual([b, c].sort());
    expect((await viewer.get(`${path}?external_references=list-a`)).body).toEqual({
      data: [expect.objectContaining({ id: a })],
      total: 1,
    });
    expect((await viewer.get(`${path}?ids=${c}`)).body.data.map((x: { id: string }) => x.id)).toEqual([c]);
    expect((await viewer.get(`${path}?query=TAFEL`)).body.data.map((x: { id: string }) => x.id)).toEqual([b]);
  });

  it('sorts by title case-insensitively, as category display contents do', async () => {
    const product = await productOf('case');
    const ids: Record<string, string> = {};
    for (const [language, title] of [
      ['en', 'alfa'],
      ['nl', 'Beta'],
    ] as const) {
      const res = await member.post(path, { productId: product, language, title });
      expect(res.status).toBe(200);
      ids[title] = res.body.id as string;
    }
    const sorted = await viewer.get(`${path}?product_ids=${product}&SortBy=Title`);
    expect(sorted.body.data.map((x: { id: string }) => x.id)).toEqual([ids.alfa, ids.Beta]);
    const desc = await viewer.get(`${path}?product_ids=${product}&SortBy=Title&SortOrder=Desc`);
    expect(desc.body.data.map((x: { id: string }) => x.id)).toEqual([ids.Beta, ids.alfa]);
  });

  it('answers 409 naming language for a second content of one product and language', async () => {
    const product = await productOf('dup');
    expect((await member.post(path, { productId: product, language: 'en', title: 'First' })).status).toBe(
      200,
    );
    const again = await member.post(path, { productId: product, language: 'en', title: 'Second' });
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.body.errors).toEqual({ language: ['is already in use'] });
    expect((await member.post(path, { productId: product, language: 'nl', title: 'Tweede' })).status).toBe(
      200,
    );
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const bad = await member.post(path, {
      productId: 'not-a-uuid',
      language: '',
      title: 'x'.repeat(256),
      descriptionFormat: 'Pdf',
      excerpt: 5,
      description: 'y'.repeat(65536),
      seo: { keywords: 'oak' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'description',
      'descriptionFormat',
      'excerpt',
      'language',
      'productId',
      'seo.keywords',
      'title',
    ]);
    expect((await member.post(path, { productId: productA, language: 'en' })).body.errors).toHaveProperty(
      'title',
    );

    const unsupported = await member.post(path, {
      productId: productA,
      language: 'de',
      title: 'Eichenstuhl',
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.errors).toHaveProperty('language');

    const missingProduct = await member.post(path, {
      productId: randomUUID(),
      language: 'en',
      title: 'Ghost',
    });
    expect(missingProduct.status).toBe(400);
    expect(missingProduct.body.errors).toHaveProperty('productId');

    // An unknown id is a 404 before the body is judged; a known one gets the 400.
    expect((await member.put(`${path}/${randomUUID()}`, { title: '' })).status).toBe(404);
    const stored = await member.post(path, { productId: productA, language: 'en', title: 'Oak chair' });
    expect(stored.status).toBe(200);
    const putBad = await member.put(`${path}/${stored.body.id}`, { title: '' });
    expect(putBad.status).toBe(400);
    expect(putBad.body.errors).toHaveProperty('title');
    expect((await member.delete(`${path}/${stored.body.id}`)).status).toBe(200);
    expect((await member.get(`${path}/not-a-uuid`)).status).toBe(400);
    expect((await member.get(`${path}?languages=de`)).body.total).toBe(0);
  });

  it('answers 400 when the body id differs from the path, 404 for an unknown id, 412 for a stale If-Match', async () => {
    const created = await member.post(path, {
      productId: await productOf('etag'),
      language: 'en',
      title: 'Etag',
    });
    const id = created.body.id;
    const mismatch = await member.put(`${path}/${id}`, { id: randomUUID(), title: 'X' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toHaveProperty('id');
    // The shared update-id member validates like any other: a non-uuid is a bad field, the same id is fine.
    const notUuid = await member.put(`${path}/${id}`, { id: 'not-a-uuid', title: 'X' });
    expect(notUuid.status).toBe(400);
    expect(Object.keys(notUuid.body.errors)).toEqual(['id']);
    expect((await member.put(`${path}/${id}`, { id, title: 'Same id' })).status).toBe(200);
    expect((await member.get(`${path}/${randomUUID()}`)).status).toBe(404);
    expect((await member.put(`${path}/${randomUUID()}`, { title: 'X' })).status).toBe(404);
    expect((await member.delete(`${path}/${randomUUID()}`)).status).toBe(404);
    expect((await member.put(`${path}/${id}`, { title: 'Y' }).set('If-Match', '"9"')).status).toBe(412);
  });

  it('keeps other workspaces out: 404 on member paths, absent from lists, their product a bad field', async () => {
    const mine = await member.post(path, {
      productId: await productOf('iso'),
      language: 'en',
      title: 'Mine',
    });
    const id = mine.body.id;
    expect((await other.owner.get(`${path}/${id}`)).status).toBe(404);
    expect((await other.owner.put(`${path}/${id}`, { title: 'Theirs' })).status).toBe(404);
    expect((await other.owner.delete(`${path}/${id}`)).status).toBe(404);
    expect((await other.owner.get(`${path}?ids=${id}`)).body).toEqual({ data: [], total: 0 });
    const foreign = await member.post(path, { productId: otherProduct, language: 'en', title: 'Foreign' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('productId');
    expect((await member.get(`${path}/${id}`)).body.title).toBe('Mine');
  });

  it('lets a Viewer read but not write (403)', async () => {
    const created = await member.post(path, {
      productId: await productOf('viewer'),
      language: 'en',
      title: 'Readable',
    });
    const id = created.body.id;
    expect((await viewer.get(`${path}/${id}`)).status).toBe(200);
    expect((await viewer.post(path, { productId: productA, language: 'nl', title: 'Nope' })).status).toBe(
      403,
    );
    expect((await viewer.put(`${path}/${id}`, { title: 'Nope' })).status).toBe(403);
    expect((await viewer.delete(`${path}/${id}`)).status).toBe(403);
    expect((await viewer.get(`${path}/${id}`)).body.title).toBe('Readable');
  });

  it('goes with its product', async () => {
    const productId = await productOf('cascade');
    const created = await member.post(path, { productId, language: 'en', title: 'Short-lived' });
    await t.app.get(DataSource).manager.delete(ProductEntity, { id: productId });
    expect((await member.get(`${path}/${created.body.id}`)).status).toBe(404);
  });

  it('seeds demo contents for three of every four products, once', async () => {
    const demo = await t.workspace('Demo');
    const ids: string[] = [];
    for (const name of ['a-one', 'b-two', 'c-three', 'd-four', 'e-five'])
      ids.push(await product(demo.id, name));
    const ctx = new RequestContext(demo.id, { id: demo.owner.userId, type: 'User' }, 'Owner');
    await seedCatalogContentsDemo(t.app, ctx);
    await seedCatalogContentsDemo(t.app, ctx);
    const list = await demo.owner.get(`${path}?SortBy=Title`);
    expect(list.body.total).toBe(4);
    expect(list.body.data.map((c: { productId: string }) => c.productId)).toEqual([
      ids[0],
      ids[1],
      ids[2],
      ids[4],
    ]);
    expect(list.body.data[0]).toMatchObject({
      language: 'en',
      title: 'a-one',
      descriptionFormat: 'Markdown',
      seo: { metaTitle: 'a-one | Demo shop' },
    });
  });

  const productOf = (name: string) => product(ws.id, name);
});
