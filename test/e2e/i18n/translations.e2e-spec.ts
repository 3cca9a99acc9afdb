import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeChatCompletions } from '../../support/fake-chat-completions';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const translate = '/core-api/ai/translations';
const missing = '/core-api/catalog/products/content/translate/missing';
const contents = '/core-api/catalog/products/content';

describe('AI translations', () => {
  const fake = new FakeChatCompletions();
  let t: TestApp;
  let ws: WorkspaceFixture;
  let member: Caller;
  let viewer: Caller;

  beforeAll(async () => {
    const url = await fake.start();
    t = await startApp({
      TRANSLATION_API_URL: url,
      TRANSLATION_MODEL: 'fake-model',
      TRANSLATION_API_KEY: 'sk-e2e',
    });
    ws = await t.workspace();
    member = await ws.member('Member');
    viewer = await ws.member('Viewer');
    for (const languageCode of ['nl', 'de'])
      expect(
        (await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode })).status,
      ).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  describe('POST /core-api/ai/translations', () => {
    it('translates texts through the configured OpenAI-compatible API', async () => {
      const res = await member.post(translate, {
        texts: ['Red shirt', '', 'Soft cotton'],
        sourceLanguage: 'en',
        targetLanguage: 'nl',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        sourceLanguage: 'en',
        targetLanguage: 'nl',
        translations: ['[nl] Red shirt', '', '[nl] Soft cotton'],
      });
      expect(fake.requests.at(-1)).toMatchObject({
        authorization: 'Bearer sk-e2e',
        model: 'fake-model',
        texts: ['Red shirt', 'Soft cotton'],
      });
    });

    it('sends large inputs in batches', async () => {
      const before = fake.requests.length;
      const texts = Array.from({ length: 100 }, (_, i) => `text ${i} ${'x'.repeat(500)}`);
      const res = await member.post(translate, { texts, sourceLanguage: 'en', targetLanguage: 'de' });
      expect(res.status).toBe(200);
      expect(res.body.translations[99]).toBe(`[de] ${texts[99]}`);
      expect(fake.requests.length - before).toBeGreaterThanOrEqual(2);
    });

    it('refuses bad input with 400 naming the field', async () => {
      const cases: Array<[object, string]> = [
        [{ texts: [], sourceLanguage: 'en', targetLanguage: 'nl' }, 'texts'],
        [{ texts: new Array(101).fill('a'), sourceLanguage: 'en', targetLanguage: 'nl' }, 'texts'],
        [{ texts: ['x'.repeat(65536)], sourceLanguage: 'en', targetLanguage: 'nl' }, 'texts'],
        [{ texts: [1], sourceLanguage: 'en', targetLanguage: 'nl' }, 'texts'],
        [{ texts: ['a'], sourceLanguage: 'xx', targetLanguage: 'nl' }, 'sourceLanguage'],
        [{ texts: ['a'], sourceLanguage: 'en' }, 'targetLanguage'],
      ];
      for (const [body, field] of cases) {
        const res = await member.post(translate, body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toHaveProperty(field);
      }
    });

    it('answers 502 when the service answers something unusable, 503 when it refuses the key', async () => {
      fake.mode = 'garbage';
      expect(
        (await member.post(translate, { texts: ['a'], sourceLanguage: 'en', targetLanguage: 'nl' })).status,
      ).toBe(502);
      fake.mode = 'unauthorized';
      const res = await member.post(translate, { texts: ['a'], sourceLanguage: 'en', targetLanguage: 'nl' });
      expect(res.status).toBe(503);
      expect(res.body.detail).toContain('TRANSLATION_API_KEY');
      fake.mode = 'ok';
    });

    it('answers 403 for Viewers and client logins, 401 without a token', async () => {
      const body = { texts: ['a'], sourceLanguage: 'en', targetLanguage: 'nl' };
      expect((await viewer.post(translate, body)).status).toBe(403);
      expect((await (await ws.client()).post(translate, body)).status).toBe(403);
      expect((await t.http.post(translate).send(body)).status).toBe(401);
    });
  });

  describe('POST /core-api/catalog/products/content/translate/missing', () => {
    const product = async (caller: Caller, name: string) =>
      (await caller.post('/core-api/catalog/products', { name, sku: `${name}-${Math.random()}` })).body
        .id as string;
    const content = (
      caller: Caller,
      productId: string,
      language: string,
      title: string,
      extra: object = {},
    ) => caller.post(contents, { productId, language, title, ...extra });

    it('creates the missing contents by translating the source, and reports what failed', async () => {
      const shirt = await product(member, 'shirt');
      const mug = await product(member, 'mug');
      const bare = await product(member, 'bare');
      const broken = await product(member, 'broken');
      await content(member, shirt, 'en', 'Red shirt', {
        descriptionFormat: 'Html',
        excerpt: 'Soft',
        description: '<p>Cotton</p>',
        seo: { metaTitle: 'Shirt', keywords: ['red', 'shirt'] },
      });
      await content(member, mug, 'en', 'Mug');
      await content(member, broken, 'en', 'FAIL mug');
      const dutchMug = (await content(member, mug, 'nl', 'Mok')).body.id as string;

      const res = await member.post(missing, {
        sourceLanguage: 'en',
        targetLanguages: ['nl', 'de'],
        productIds: [shirt, mug, bare, broken],
      });
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(3);
      expect(res.body.createdIds).toHaveLength(3);
      expect(res.body.skipped).toBe(0);
      expect(res.body.failed).toEqual(
        expect.arrayContaining([
          { productId: bare, language: 'nl', reason: 'The product has no display content in en.' },
          { productId: bare, language: 'de', reason: 'The product has no display content in en.' },
          expect.objectContaining({ productId: broken, language: 'nl' }),
          expect.objectContaining({ productId: broken, language: 'de' }),
        ]),
      );
      expect(res.body.failed).toHaveLength(4);

      const dutch = (await member.get(`${contents}?product_ids=${shirt}&languages=nl`)).body.data[0];
      expect(dutch).toMatchObject({
        title: '[nl] Red shirt',
        descriptionFormat: 'Html',
        excerpt: '[nl] Soft',
        description: '[nl] <p>Cotton</p>',
        seo: { metaTitle: '[nl] Shirt', metaDescription: null, keywords: ['[nl] red', '[nl] shirt'] },
      });
      // The existing Dutch mug content is untouched; the German one is new.
      expect((await member.get(`${contents}/${dutchMug}`)).body.title).toBe('Mok');
      expect((await member.get(`${contents}?product_ids=${mug}&languages=de`)).body.data[0].title).toBe(
        '[de] Mug',
      );
      const acts = await ws.owner.get('/core-api/activities?types=ProductDisplayContentCreated');
      expect(acts.body.total).toBeGreaterThanOrEqual(7);

      // Run again: nothing is missing any more (but the products without a source).
      const again = await member.post(missing, {
        sourceLanguage: 'en',
        targetLanguages: ['nl'],
        productIds: [shirt, mug],
      });
      expect(again.body).toEqual({ created: 0, createdIds: [], skipped: 0, failed: [] });
    });

    it('takes the products of categories', async () => {
      const own = await t.workspace('Categories');
      await own.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'fr' });
      const category = (await own.owner.post('/core-api/catalog/productcategories', { name: 'Cups' })).body
        .id;
      const cup = await product(own.owner, 'cup');
      expect(
        (
          await own.owner.put('/core-api/catalog/products/categories', {
            productIds: [cup],
            categoryIds: [category],
          })
        ).status,
      ).toBe(200);
      await content(own.owner, cup, 'en', 'Cup');
      const res = await own.owner.post(missing, {
        sourceLanguage: 'en',
        targetLanguages: ['fr'],
        productCategoryIds: [category],
      });
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(1);
    });

    it('refuses bad input with 400 naming the field, and other workspaces’ ids', async () => {
      const other = await t.workspace('Foreign');
      const theirs = await product(other.owner, 'theirs');
      const mine = await product(member, 'mine');
      const cases: Array<[object, string]> = [
        [{ sourceLanguage: 'en', targetLanguages: ['nl'] }, 'productIds'],
        [{ sourceLanguage: 'en', targetLanguages: ['nl'], productIds: [theirs] }, 'productIds'],
        [
          { sourceLanguage: 'en', targetLanguages: ['nl'], productCategoryIds: [theirs] },
          'productCategoryIds',
        ],
        [{ sourceLanguage: 'fr', targetLanguages: ['nl'], productIds: [mine] }, 'sourceLanguage'],
        [{ sourceLanguage: 'en', targetLanguages: ['fr'], productIds: [mine] }, 'targetLanguages'],
        [{ sourceLanguage: 'en', targetLanguages: ['en'], productIds: [mine] }, 'targetLanguages'],
        [{ sourceLanguage: 'en', targetLanguages: [], productIds: [mine] }, 'targetLanguages'],
        [{ sourceLanguage: 'en', targetLanguages: ['nl'], productIds: ['not-a-uuid'] }, 'productIds'],
        [
          { sourceLanguage: 'en', targetLanguages: ['nl'], productIds: new Array(1001).fill(mine) },
          'productIds',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await member.post(missing, body);
        expect([field, res.status]).toEqual([field, 400]);
        expect(res.body.errors).toHaveProperty(field);
      }
      expect((await member.get(`${contents}?product_ids=${theirs}`)).body.total).toBe(0);
    });
  });
});

/** A second app, started after the first is closed (one app at a time per test process). */
describe('AI translations without a configured service', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startApp();
  });
  afterAll(() => bare.close());

  it('answers 503 saying how to configure it when no service is configured', async () => {
    const other = await bare.workspace();
    const res = await other.owner.post(translate, {
      texts: ['a'],
      sourceLanguage: 'en',
      targetLanguage: 'nl',
    });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.detail).toContain('TRANSLATION_API_URL');
    expect(res.body.detail).toContain('TRANSLATION_MODEL');
  });

  it('answers 503 without a translation service, 403 for Viewers', async () => {
    const other = await bare.workspace();
    const id = (await other.owner.post('/core-api/catalog/products', { name: 'p', sku: 'p' })).body.id;
    await other.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' });
    const res = await other.owner.post(missing, {
      sourceLanguage: 'en',
      targetLanguages: ['nl'],
      productIds: [id],
    });
    expect(res.status).toBe(503);
    expect(res.body.detail).toContain('TRANSLATION_API_URL');
    const viewer = await other.member('Viewer');
    expect(
      (await viewer.post(missing, { sourceLanguage: 'en', targetLanguages: ['nl'], productIds: [id] }))
        .status,
    ).toBe(403);
  });
});
