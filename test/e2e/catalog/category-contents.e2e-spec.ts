import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/catalog/productcategories/content';

describe('Category display contents', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let category: string;
  let second: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    // a new workspace supports its default language (en); add Dutch
    expect(
      (await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' }))
        .status,
    ).toBe(200);
    const supported = (
      await ws.owner.get('/core-api/internationalization/languages/supported')
    ).body.data.map((l: { languageCode: string }) => l.languageCode);
    expect(supported).toEqual(expect.arrayContaining(['en', 'nl']));
    expect(supported).not.toContain('de');
    category = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Lamps' })).body.id;
    second = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Chairs' })).body.id;
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes a content (and is not read as a category id)', async () => {
    const created = await ws.owner.post(base, {
      productCategoryId: category,
      language: 'en',
      title: 'Lamps',
      descriptionFormat: 'Html',
      excerpt: 'Light up',
      description: '<p>All lamps</p>',
      externalReference: 'content-1',
      seo: { metaTitle: 'Buy lamps', keywords: ['lamp', 'light'] },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'content-1',
      productCategoryId: category,
      language: 'en',
      title: 'Lamps',
      descriptionFormat: 'Html',
      excerpt: 'Light up',
      description: '<p>All lamps</p>',
      seo: { metaTitle: 'Buy lamps', metaDescription: null, keywords: ['lamp', 'light'] },
    });
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    expect((await viewer.get(base)).body).toMatchObject({ total: 1, data: [{ id }] });

    const updated = await ws.owner.put(`${base}/${id}`, {
      id,
      title: 'All lamps',
      description: '# Lamps',
      language: 'nl',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'All lamps',
      descriptionFormat: 'Markdown',
      description: '# Lamps',
      excerpt: null,
      language: 'en', // fixed at creation
      externalReference: null,
      seo: { metaTitle: null, metaDescription: null, keywords: [] },
    });
    expect(updated.headers.etag).toBe('"2"');

    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual([
      'ProductCategoryDisplayContentCreated',
      'ProductCategoryDisplayContentDescriptionFormatUpdated',
      'ProductCategoryDisplayContentDescriptionUpdated',
      'ProductCategoryDisplayContentExcerptUpdated',
      'ProductCategoryDisplayContentExternalReferenceUpdated',
      'ProductCategoryDisplayContentSeoUpdated',
      'ProductCategoryDisplayContentTitleUpdated',
    ]);

    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
  });

  it('allows one content per category and language (409), in supported languages only (400)', async () => {
    expect(
      (await ws.owner.post(base, { productCategoryId: second, language: 'en', title: 'Chairs' })).status,
    ).toBe(200);
    const dup = await ws.owner.post(base, {
      productCategoryId: second,
      language: 'en',
      title: 'Chairs again',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toHaveProperty('language');
    expect(
      (await ws.owner.post(base, { productCategoryId: second, language: 'nl', title: 'Stoelen' })).status,
    ).toBe(200);
    const unsupported = await ws.owner.post(base, {
      productCategoryId: second,
      language: 'de',
      title: 'Stühle',
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.errors).toHaveProperty('language');
  });

  it('filters by ids, external references, languages and categories, sorted by title', async () => {
    const a = (
      await ws.owner.post(base, {
        productCategoryId: category,
        language: 'nl',
        title: 'b-Lampen',
        externalReference: 'f-1',
      })
    ).body;
    const b = (await ws.owner.post(base, { productCategoryId: category, language: 'en', title: 'A-Lamps' }))
      .body;
    const byCategory = await viewer.get(`${base}?product_category_ids=${category}&SortBy=Title`);
    expect(byCategory.body.data.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect(
      (await viewer.get(`${base}?product_category_ids=${category}&languages=nl`)).body.data.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([a.id]);
    expect(
      (await viewer.get(`${base}?external_references=f-1`)).body.data.map((c: { id: string }) => c.id),
    ).toEqual([a.id]);
    expect(
      (await viewer.get(`${base}?ids=${a.id},${b.id}&SortOrder=Desc`)).body.data.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([a.id, b.id]);
    expect((await viewer.get(`${base}?Query=lampen`)).body.total).toBe(1);
    expect((await viewer.get(`${base}?SortBy=Language`)).status).toBe(400);
    expect((await viewer.get(`${base}?product_category_ids=x`)).status).toBe(400);
  });

  it('answers 400 naming each bad field', async () => {
    const bad = await ws.owner.post(base, {
      productCategoryId: 'nope',
      title: '',
      descriptionFormat: 'Text',
      excerpt: 5,
      seo: { keywords: 'a' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'descriptionFormat',
      'excerpt',
      'language',
      'productCategoryId',
      'seo.keywords',
      'title',
    ]);
    const missingCategory = await ws.owner.post(base, {
      productCategoryId: '00000000-0000-4000-8000-000000000000',
      language: 'en',
      title: 'x',
    });
    expect(missingCategory.status).toBe(400);
    expect(missingCategory.body.errors).toHaveProperty('productCategoryId');
    expect(
      (
        await ws.owner.post(base, {
          productCategoryId: category,
          language: 'en',
          title: 't',
          description: 'x'.repeat(65536),
        })
      ).body.errors,
    ).toHaveProperty('description');
  });

  it('hides other workspaces and is deleted with its category', async () => {
    const lonely = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Lonely' })).body.id;
    const content = (
      await ws.owner.post(base, { productCategoryId: lonely, language: 'en', title: 'Lonely' })
    ).body.id;
    expect((await other.owner.get(`${base}/${content}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${content}`, { title: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`${base}/${content}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${content}`)).body.total).toBe(0);
    const foreign = await other.owner.post(base, {
      productCategoryId: lonely,
      language: 'en',
      title: 'Theirs',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('productCategoryId');

    expect((await ws.owner.delete(`/core-api/catalog/productcategories/${lonely}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${content}`)).status).toBe(404);
  });

  it('lets Viewers read but not write', async () => {
    const content = (await ws.owner.get(`${base}?product_category_ids=${second}`)).body.data[0].id;
    expect((await viewer.get(`${base}/${content}`)).status).toBe(200);
    expect((await viewer.post(base, { productCategoryId: second, language: 'en', title: 'v' })).status).toBe(
      403,
    );
    expect((await viewer.put(`${base}/${content}`, { title: 'v' })).status).toBe(403);
    expect((await viewer.delete(`${base}/${content}`)).status).toBe(403);
  });
});
