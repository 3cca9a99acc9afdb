import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const P = '/commerce-api/catalog/products';
const K = '/commerce-api/catalog/categories';
const B = '/commerce-api/catalog/brands';
const A = '/commerce-api/catalog/attributes';

/**
 * What a shop front renders from /commerce-api: the workspace's default language and the
 * request's language (explicit `language`, Accept-Language, the default), product content, brand
 * and stock, the visible category tree, brands and attributes — every count under the caller's
 * visibility (active products; a client whose account has a catalog only that catalog's).
 */
describe('Storefront taxonomy, languages and content', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let client: Caller; // every active product
  let catalogClient: Caller; // the "Retail" catalog only
  const id: Record<string, string> = {};

  const made = async (caller: Caller, path: string, body: object) => {
    const res = await caller.post(path, body);
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const category = (name: string, body: object = {}) =>
    made(ws.owner, '/core-api/catalog/productcategories', { name, ...body });

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    for (const languageCode of ['nl', 'de'])
      expect(
        (await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode })).status,
      ).toBe(200);
    id.retail = await made(ws.owner, '/core-api/catalog/catalogs', { name: 'Retail' });
    id.furniture = await category('Furniture', { displayOrder: 1 });
    id.chairs = await category('Chairs', { parentId: id.furniture, displayOrder: 2 });
    id.benches = await category('Benches', { parentId: id.furniture, displayOrder: 2 });
    id.stools = await category('Stools', { parentId: id.furniture, displayOrder: 1 });
    id.lamps = await category('Lamps', { displayOrder: 0 });
    id.hiddenRoot = await category('Hidden', { visibility: { showInMenu: false } });
    id.underHidden = await category('Under hidden', { parentId: id.hiddenRoot });
    id.inactive = await category('Retired', { parentId: id.furniture, active: false });
    id.acme = await made(ws.owner, '/core-api/catalog/brands', { name: 'Acme' });
    id.zeta = await made(ws.owner, '/core-api/catalog/brands', { name: 'Zeta' });
    id.unused = await made(ws.owner, '/core-api/catalog/brands', { name: 'Unused' });
    id.colour = await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Colour' });
    id.width = await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Width' });
    const product = (name: string, body: object) =>
      made(ws.owner, '/core-api/catalog/products', { name, ...body });
    id.oak = await product('Oak Chair', {
      categories: [id.chairs],
      catalogs: [id.retail],
      brandId: id.acme,
      showStock: true,
      attributes: [
        { attributeId: id.colour, values: ['brown'] },
        { attributeId: id.width, values: ['45'] },
      ],
    });
    id.pine = await product('Pine Chair', {
      categories: [id.chairs],
      brandId: id.acme,
      attributes: [{ attributeId: id.colour, values: ['white', 'brown'] }],
    });
    id.steel = await product('Steel Stool', {
      categories: [id.stools],
      catalogs: [id.retail],
      brandId: id.zeta,
      attributes: [{ attributeId: id.colour, values: ['grey'] }],
    });
    id.old = await product('Old Chair', {
      categories: [id.chairs],
      catalogs: [id.retail],
      brandId: id.zeta,
      active: false,
      attributes: [{ attributeId: id.colour, values: ['brown'] }],
    });
    id.warehouse = await made(ws.owner, '/core-api/inventory/locations', {
      name: 'Warehouse',
      displayOrder: 2,
      isStockLocation: true,
    });
    id.shop = await made(ws.owner, '/core-api/inventory/locations', {
      name: 'Shop',
      displayOrder: 1,
      isStockLocation: true,
      isPickupLocation: true,
    });
    await made(ws.owner, '/core-api/inventory/locations', { name: 'Office', isStockLocation: false });
    await made(ws.owner, '/core-api/inventory/stocks', {
      productId: id.oak,
      locationId: id.warehouse,
      quantity: 7.5,
    });
    await made(ws.owner, '/core-api/inventory/stocks', {
      productId: id.pine,
      locationId: id.shop,
      quantity: 3,
    });
    for (const [language, title] of [
      ['en', 'Oak chair'],
      ['nl', 'Eiken stoel'],
    ])
      await made(ws.owner, '/core-api/catalog/products/content', {
        productId: id.oak,
        language,
        title,
        excerpt: `${title} excerpt`,
        seo: { metaTitle: title, keywords: ['oak'] },
      });
    await made(ws.owner, '/core-api/catalog/productcategories/content', {
      productCategoryId: id.chairs,
      language: 'de',
      title: 'Stühle',
    });
    const account = (name: string, productCatalogId?: string) =>
      made(ws.owner, '/core-api/accounts', { displayName: name, productCatalogId });
    client = await ws.client();
    catalogClient = await ws.client();
    for (const [login, accountId] of [
      [client, await account('Everything')],
      [catalogClient, await account('Retail only', id.retail)],
    ] as const)
      await made(ws.owner, '/core-api/contacts', {
        firstName: 'Shop',
        lastName: login.username,
        clientLoginId: login.userId,
        accounts: [{ accountId }],
      });
  });
  afterAll(() => t.close());

  describe('the workspace default language', () => {
    it('is shown, set only to a supported language, and cannot be removed while it is the default', async () => {
      const fresh = await t.workspace('Languages');
      const shown = await fresh.owner.get('/core-api/workspaces');
      expect(shown.body.data[0]).toMatchObject({ defaultLanguage: 'en' });
      const notSupported = await fresh.owner.put('/core-api/workspaces', {
        name: 'Languages',
        defaultLanguage: 'nl',
      });
      expect(notSupported.status).toBe(400);
      expect(Object.keys(notSupported.body.errors)).toEqual(['defaultLanguage']);
      const unknown = await fresh.owner.put('/core-api/workspaces', {
        name: 'Languages',
        defaultLanguage: 'xx',
      });
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.errors)).toEqual(['defaultLanguage']);
      await fresh.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' });
      const set = await fresh.owner.put('/core-api/workspaces', { name: 'Languages', defaultLanguage: 'nl' });
      expect(set.status).toBe(200);
      expect(set.body.defaultLanguage).toBe('nl');
      // Omitted on update, or null: it stays.
      expect((await fresh.owner.put('/core-api/workspaces', { name: 'Renamed' })).body.defaultLanguage).toBe(
        'nl',
      );
      const nulled = await fresh.owner.put('/core-api/workspaces', {
        name: 'Renamed',
        defaultLanguage: null,
      });
      expect([nulled.status, nulled.body.defaultLanguage]).toEqual([200, 'nl']);
      const removal = await fresh.owner.delete('/core-api/internationalization/languages/supported', {
        languageCode: 'nl',
      });
      expect(removal.status).toBe(409);
      expect(
        (
          await fresh.owner
            .delete('/core-api/internationalization/languages/supported')
            .send({ languageCode: 'en' })
        ).status,
      ).toBe(200);
      const viewer = await fresh.member('Viewer');
      expect((await viewer.put('/core-api/workspaces', { name: 'X', defaultLanguage: 'nl' })).status).toBe(
        403,
      );
      // The storefront follows the new default (the languages' cache is notified).
      const product = await made(fresh.owner, '/core-api/catalog/products', { name: 'Thing' });
      const read = await fresh.owner.get(`${P}/${product}`);
      expect(read.headers['content-language']).toBe('nl');
    });
  });

  describe('the request language and product content', () => {
    it('takes `language`, else the best of Accept-Language, else the default, and falls back to the default’s content', async () => {
      const explicit = await client.get(`${P}/${id.oak}?language=nl`).set('Accept-Language', 'de');
      expect(explicit.status).toBe(200);
      expect(explicit.headers['content-language']).toBe('nl');
      expect(explicit.body.content).toEqual({
        title: 'Eiken stoel',
        excerpt: 'Eiken stoel excerpt',
        description: null,
        descriptionFormat: 'Markdown',
        seo: { metaTitle: 'Eiken stoel', metaDescription: null, keywords: ['oak'] },
        language: 'nl',
      });
      const accepted = await client
        .get(`${P}/slug/oak-chair`)
        .set('Accept-Language', 'fr;q=1, nl-BE;q=0.8, en;q=0.5');
      expect(accepted.headers['content-language']).toBe('nl');
      expect(accepted.body.content.title).toBe('Eiken stoel');
      // German is supported but the product has no German text: the default language's.
      const fallback = await client.get(`${P}/${id.oak}`).set('Accept-Language', 'de-AT');
      expect(fallback.headers['content-language']).toBe('de');
      expect(fallback.body.content).toMatchObject({ title: 'Oak chair', language: 'en' });
      // An Accept-Language the workspace does not support falls back to the default.
      const unsupported = await client.get(`${P}/${id.oak}`).set('Accept-Language', 'fr, es;q=0.5');
      expect(unsupported.headers['content-language']).toBe('en');
      expect((await client.get(`${P}/${id.pine}`)).body.content).toBeNull();
      // An explicit language the workspace does not support is a 400 naming it.
      for (const res of [
        await client.get(`${P}/${id.oak}?language=fr`),
        await client.post(P, { language: 'fr' }),
        await client.get(`${K}?language=fr`),
        // Not one code: a repeated parameter, a number, a long string.
        await client.get(`${P}/${id.oak}?language=nl&language=en`),
        await client.post(P, { language: 5 }),
        await client.post(`${P}/filters/${id.chairs}`, { language: ['nl'] }),
        await client.get(`${K}?language=${'n'.repeat(500)}`),
      ]) {
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors)).toEqual(['language']);
      }
      const list = await client.post(P, { language: 'nl', sortBy: 'Name' });
      expect(list.headers['content-language']).toBe('nl');
      const oak = list.body.data.find((p: { id: string }) => p.id === id.oak);
      expect(oak.content.title).toBe('Eiken stoel');
      expect(oak).toEqual(explicit.body);
    });

    it('carries the brand, and the stock per stock location only when the product shows it', async () => {
      const oak = (await client.get(`${P}/${id.oak}`)).body;
      expect(oak.brand).toEqual({ id: id.acme, name: 'Acme', imageUrl: null });
      expect(oak.availability).toEqual({
        inStock: 7.5,
        locations: [
          { locationId: id.shop, name: 'Shop', quantity: 0, isPickupLocation: true },
          { locationId: id.warehouse, name: 'Warehouse', quantity: 7.5, isPickupLocation: false },
        ],
      });
      const pine = (await client.get(`${P}/${id.pine}`)).body;
      expect(pine.showStock).toBe(false);
      expect(pine.availability).toBeNull();
    });
  });

  describe('categories', () => {
    it('answers the visible tree by displayOrder then name, with contents and counts under the caller’s visibility', async () => {
      const tree = await client.get(K).set('Accept-Language', 'de');
      expect(tree.status).toBe(200);
      expect(tree.headers['content-language']).toBe('de');
      const shape = (nodes: Array<{ name: string; productCount: number; children: unknown[] }>): unknown =>
        nodes.map((n) => [n.name, n.productCount, shape(n.children as typeof nodes)]);
      expect(shape(tree.body)).toEqual([
        ['Lamps', 0, []],
        [
          'Furniture',
          0,
          [
            ['Stools', 1, []],
            ['Benches', 0, []],
            ['Chairs', 2, []],
          ],
        ],
      ]);
      const chairs = tree.body[1].children[2];
      expect(chairs).toMatchObject({
        id: id.chairs,
        slug: 'chairs',
        parentId: id.furniture,
        image: null,
        images: [],
      });
      expect(chairs.content).toMatchObject({ title: 'Stühle', language: 'de' });
      expect(tree.body[0].content).toBeNull();
      // The catalog client counts only the Retail catalog's active products.
      const limited = await catalogClient.get(K);
      expect(shape(limited.body)).toEqual([
        ['Lamps', 0, []],
        [
          'Furniture',
          0,
          [
            ['Stools', 1, []],
            ['Benches', 0, []],
            ['Chairs', 1, []],
          ],
        ],
      ]);
      expect((await other.owner.get(K)).body).toEqual([]);
    });

    it('follows every change at once: a product deactivated, a category hidden, new content (the tree is cached)', async () => {
      const own = await t.workspace('Tree changes');
      const root = await made(own.owner, '/core-api/catalog/productcategories', { name: 'Root' });
      const leaf = await made(own.owner, '/core-api/catalog/productcategories', {
        name: 'Leaf',
        parentId: root,
      });
      const thing = await made(own.owner, '/core-api/catalog/products', {
        name: 'Thing',
        categories: [leaf],
      });
      const counts = async () =>
        (
          (await own.owner.get(K)).body as Array<{
            name: string;
            children: Array<{ name: string; productCount: number; content: unknown }>;
          }>
        ).map((r) => [r.name, r.children.map((c) => [c.name, c.productCount, c.content === null])]);
      expect(await counts()).toEqual([['Root', [['Leaf', 1, true]]]]);
      expect(await counts()).toEqual([['Root', [['Leaf', 1, true]]]]);
      expect(
        (
          await own.owner.put(`/core-api/catalog/products/${thing}`, {
            name: 'Thing',
            categories: [leaf],
            active: false,
          })
        ).status,
      ).toBe(200);
      expect(await counts()).toEqual([['Root', [['Leaf', 0, true]]]]);
      await made(own.owner, '/core-api/catalog/productcategories/content', {
        productCategoryId: leaf,
        language: 'en',
        title: 'Leaf!',
      });
      expect(await counts()).toEqual([['Root', [['Leaf', 0, false]]]]);
      expect(
        (
          await own.owner.put(`/core-api/catalog/productcategories/${leaf}`, {
            name: 'Leaf',
            parentId: root,
            visibility: { showInMenu: false },
          })
        ).status,
      ).toBe(200);
      expect(await counts()).toEqual([['Root', []]]);
    });

    it('answers one category by id and slug with its breadcrumb and children; hidden ones are 404', async () => {
      const byId = await catalogClient.get(`${K}/${id.chairs}?language=de`);
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({
        id: id.chairs,
        name: 'Chairs',
        productCount: 1,
        path: [{ id: id.furniture, name: 'Furniture', slug: 'furniture' }],
        children: [],
        content: { title: 'Stühle' },
      });
      const bySlug = await client.get(`${K}/slug/furniture`);
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.path).toEqual([]);
      expect(
        bySlug.body.children.map((c: { name: string; productCount: number }) => [c.name, c.productCount]),
      ).toEqual([
        ['Stools', 1],
        ['Benches', 0],
        ['Chairs', 2],
      ]);
      for (const path of [id.hiddenRoot, id.underHidden, id.inactive].map((c) => `${K}/${c}`))
        expect((await client.get(path)).status).toBe(404);
      expect((await client.get(`${K}/slug/under-hidden`)).status).toBe(404);
      expect((await other.owner.get(`${K}/${id.chairs}`)).status).toBe(404);
      expect((await client.get(`${K}/not-a-uuid`)).status).toBe(400);
    });
  });

  describe('brands and attributes', () => {
    it('lists brands of visible products with counts, paged by name', async () => {
      const all = await client.get(B);
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        data: [
          { id: id.acme, name: 'Acme', imageUrl: null, description: null, website: null, productCount: 2 },
          { id: id.zeta, name: 'Zeta', imageUrl: null, description: null, website: null, productCount: 1 },
        ],
        total: 2,
      });
      const limited = await catalogClient.get(`${B}?SortOrder=Desc`);
      expect(
        limited.body.data.map((b: { name: string; productCount: number }) => [b.name, b.productCount]),
      ).toEqual([
        ['Zeta', 1],
        ['Acme', 1],
      ]);
      expect((await client.get(`${B}?Take=1&Skip=1`)).body).toMatchObject({
        data: [{ name: 'Zeta' }],
        total: 2,
      });
      expect((await client.get(`${B}?Skip=5`)).body).toEqual({ data: [], total: 2 });
      expect((await client.get(`${B}?Query=ze`)).body.total).toBe(1);
      const bad = await client.get(`${B}?Take=5000`);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['Take']);
      expect((await catalogClient.get(`${B}/${id.zeta}`)).body.productCount).toBe(1);
      expect((await client.get(`${B}/${id.unused}`)).status).toBe(404);
      expect((await other.owner.get(`${B}/${id.acme}`)).status).toBe(404);
    });

    it('lists the attributes with the values of visible products and counts, optionally of one category', async () => {
      const all = await client.get(A);
      expect(all.status).toBe(200);
      expect(all.body).toEqual([
        {
          id: id.colour,
          name: 'Colour',
          values: [
            { value: 'brown', label: 'brown', count: 2 },
            { value: 'grey', label: 'grey', count: 1 },
            { value: 'white', label: 'white', count: 1 },
          ],
        },
        { id: id.width, name: 'Width', values: [{ value: '45', label: '45', count: 1 }] },
      ]);
      const limited = await catalogClient.get(`${A}?categoryId=${id.stools}`);
      expect(limited.body).toEqual([
        { id: id.colour, name: 'Colour', values: [{ value: 'grey', label: 'grey', count: 1 }] },
      ]);
      const bad = await client.get(`${A}?categoryId=nope`);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['categoryId']);
      expect((await other.owner.get(A)).body).toEqual([]);
    });
  });
});
