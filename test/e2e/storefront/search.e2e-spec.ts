import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const C = '/commerce-api/catalog/products';

/**
 * Search people can use on the storefront list: typos (trigram word similarity), words stemmed in
 * each content's language, `sortBy: relevance` and "did you mean", within the caller's visibility.
 */
describe('Storefront product search', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let catalogClient: Caller; // account limited to the "Retail" catalog
  const id: Record<string, string> = {};

  const made = async (caller: Caller, path: string, body: object) => {
    const res = await caller.post(path, body);
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const search = async (body: object, caller: Caller = ws.owner) => {
    const res = await caller.post(C, body);
    expect(res.status).toBe(200);
    return {
      names: (res.body.data as Array<{ name: string }>).map((p) => p.name),
      total: res.body.total as number,
      didYouMean: res.body.didYouMean as string | null,
    };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    const nl = await ws.owner.post('/core-api/internationalization/languages/supported', {
      languageCode: 'nl',
    });
    expect(nl.status).toBe(200);
    id.retail = await made(ws.owner, '/core-api/catalog/catalogs', { name: 'Retail' });
    const product = (name: string, body: object = {}) =>
      made(ws.owner, '/core-api/catalog/products', { name, ...body });
    id.seating = await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Seating' });
    const seating = { categories: [id.seating] };
    id.dining = await product('Dining chair', {
      sku: 'DC-1',
      displayOrder: 5,
      pricing: { salesPrice: 100 },
      ...seating,
    });
    id.armchair = await product('Oak armchair', { sku: 'AC-1', displayOrder: 1 });
    id.chairs = await product('Garden chairs set', {
      sku: 'GC-1',
      displayOrder: 2,
      catalogs: [id.retail],
      pricing: { salesPrice: 50 },
      ...seating,
    });
    id.chest = await product('Pine chest', {
      sku: 'PC-1',
      catalogs: [id.retail],
      pricing: { salesPrice: 10 },
      ...seating,
    });
    id.zitmeubel = await product('Zitmeubel Eik', { sku: 'ZM-1' });
    id.bank = await product('Lounge bank', { sku: 'LB-1' });
    const content = (productId: string, language: string, title: string, description?: string) =>
      made(ws.owner, '/core-api/catalog/products/content', { productId, language, title, description });
    // Dutch content: "stoel" (singular) and "stoelen" (plural) in the texts, not in the names.
    await content(id.zitmeubel, 'nl', 'Eiken stoel', 'Een stevige stoel voor de eettafel');
    await content(id.bank, 'nl', 'Loungebank', 'Past bij alle stoelen');
    await content(id.bank, 'en', 'Lounge sofa', 'Seats three people');
    await content(id.dining, 'en', 'Dining chair', 'Solid oak');
    catalogClient = await ws.client();
    const accountId = await made(ws.owner, '/core-api/accounts', {
      displayName: 'Retail only',
      productCatalogId: id.retail,
    });
    await made(ws.owner, '/core-api/contacts', {
      firstName: 'Shop',
      lastName: catalogClient.username,
      clientLoginId: catalogClient.userId,
      accounts: [{ accountId }],
    });
  });
  afterAll(() => t.close());

  it('finds "Dining chair" for the typo "chiar" through the suggested "chair"', async () => {
    const found = await search({ query: 'chiar', sortBy: 'relevance' });
    expect(found.didYouMean).toBe('chair');
    // The products of the corrected words (as prefixes): not "Pine chest", similar only by trigrams.
    expect(found.names.sort()).toEqual(['Dining chair', 'Garden chairs set']);
    expect(found.total).toBe(2);
    const typo = await search({ query: 'dinnig chiar', sortBy: 'relevance' });
    expect(typo).toEqual({ names: ['Dining chair'], total: 1, didYouMean: 'dining chair' });
    // A substring still finds what it always found, with the word it is part of suggested.
    expect(await search({ query: 'ining' })).toEqual({
      names: ['Dining chair'],
      total: 1,
      didYouMean: 'dining',
    });
  });

  it('keeps a typo’s "did you mean" between searches, exact after a product appears, is renamed or goes', async () => {
    const none = { names: [], total: 0, didYouMean: null };
    // Asked twice: the second answer is the kept one.
    expect(await search({ query: 'lampp' })).toEqual(none);
    expect(await search({ query: 'lampp' })).toEqual(none);
    const lamp = await made(ws.owner, '/core-api/catalog/products', { name: 'Floor lamp' });
    const found = { names: ['Floor lamp'], total: 1, didYouMean: 'lamp' };
    expect(await search({ query: 'lampp' })).toEqual(found);
    expect(await search({ query: 'lampp' })).toEqual(found);
    // Within a category: kept apart from the whole shop's.
    expect(await search({ query: 'lampp', categoryIds: [id.seating] })).toEqual(none);
    const put = await ws.owner.put(`/core-api/catalog/products/${lamp}`, {
      name: 'Floor light',
      categories: [id.seating],
    });
    expect(put.status).toBe(200);
    expect(await search({ query: 'lampp' })).toEqual(none);
    expect(await search({ query: 'ligth', categoryIds: [id.seating] })).toEqual({
      names: ['Floor light'],
      total: 1,
      didYouMean: 'light',
    });
    expect((await ws.owner.delete(`/core-api/catalog/products/${lamp}`)).status).toBe(200);
    expect(await search({ query: 'ligth', categoryIds: [id.seating] })).toEqual(none);
  });

  it('stems words in the content’s language, both ways (Dutch and English)', async () => {
    expect((await search({ query: 'stoelen' })).names).toEqual(
      expect.arrayContaining(['Zitmeubel Eik', 'Lounge bank']),
    );
    expect((await search({ query: 'stoel' })).names.sort()).toEqual(['Lounge bank', 'Zitmeubel Eik']);
    expect((await search({ query: 'sofas' })).names).toEqual(['Lounge bank']);
    expect((await search({ query: 'seat' })).names).toEqual(['Lounge bank']);
    // Found by words: no suggestion.
    expect((await search({ query: 'stoelen' })).didYouMean).toBeNull();
  });

  it('searches a content’s words as soon as it is written, changed or removed', async () => {
    const productId = await made(ws.owner, '/core-api/catalog/products', { name: 'Plain item' });
    const contentId = await made(ws.owner, '/core-api/catalog/products/content', {
      productId,
      language: 'nl',
      title: 'Houten kruk',
    });
    expect((await search({ query: 'krukken' })).names).toEqual(['Plain item']);
    const read = await ws.owner.get(`/core-api/catalog/products/content/${contentId}`);
    const put = await ws.owner.put(`/core-api/catalog/products/content/${contentId}`, {
      ...read.body,
      title: 'Houten ladder',
    });
    expect(put.status).toBe(200);
    expect((await search({ query: 'krukken' })).names).toEqual([]);
    expect((await search({ query: 'ladders' })).names).toEqual(['Plain item']);
    // A second content of the product adds its words; removing the first keeps the second's.
    await made(ws.owner, '/core-api/catalog/products/content', {
      productId,
      language: 'en',
      title: 'Wooden steps',
    });
    expect((await search({ query: 'step' })).names).toEqual(['Plain item']);
    expect((await ws.owner.delete(`/core-api/catalog/products/content/${contentId}`)).status).toBe(200);
    expect((await search({ query: 'ladders' })).names).toEqual([]);
    expect((await search({ query: 'step' })).names).toEqual(['Plain item']);
    await ws.owner.delete(`/core-api/catalog/products/${productId}`);
  });

  it('matches English plurals and singulars: names by prefix, English contents stemmed', async () => {
    expect((await search({ query: 'chair', sortBy: 'name' })).names).toEqual([
      'Dining chair',
      'Garden chairs set',
    ]);
    // "Dining chair" has an English content ("chairs" → chair); the name alone matches by prefix only.
    expect((await search({ query: 'chairs', sortBy: 'name' })).names).toEqual([
      'Dining chair',
      'Garden chairs set',
    ]);
    expect((await search({ query: 'chairs', sortBy: 'relevance' })).names).toEqual([
      'Garden chairs set',
      'Dining chair',
    ]);
  });

  it('orders by relevance: whole words, then prefixes, then stemmed contents; ties by id', async () => {
    const exact = await search({ query: 'chair', sortBy: 'Relevance' });
    expect(exact.names).toEqual(['Dining chair', 'Garden chairs set']);
    const byDisplayOrder = await search({ query: 'chair', sortBy: 'displayOrder' });
    expect(byDisplayOrder.names).toEqual(['Garden chairs set', 'Dining chair']);
    const stemmed = await search({ query: 'eik', sortBy: 'relevance' });
    // "Zitmeubel Eik" holds the word in its name; its Dutch title "Eiken stoel" would only add a stem.
    expect(stemmed.names[0]).toBe('Zitmeubel Eik');
    // Without a query, relevance is the display order.
    const without = await search({ sortBy: 'relevance' });
    expect(without.names).toEqual((await search({ sortBy: 'displayOrder' })).names);
    expect(without.didYouMean).toBeNull();
  });

  it('answers a query that matches nothing with no products and no suggestion', async () => {
    expect(await search({ query: 'xylophone' })).toEqual({ names: [], total: 0, didYouMean: null });
  });

  it('keeps fuzzy matches and suggestions inside the client’s catalog', async () => {
    const limited = await search({ query: 'chiar', sortBy: 'relevance' }, catalogClient);
    expect(limited.names).not.toContain('Dining chair');
    expect(limited.names.every((n) => ['Garden chairs set', 'Pine chest'].includes(n))).toBe(true);
    // "dining" is only in a product outside the catalog: never suggested to this client.
    const dining = await search({ query: 'dinnig' }, catalogClient);
    expect(dining).toEqual({ names: [], total: 0, didYouMean: null });
    expect((await search({ query: 'dinnig' })).didYouMean).toBe('dining');
  });

  it('counts the facets of a typo over exactly the listed products, within the client’s catalog', async () => {
    const price = async (caller: Caller) => {
      const res = await caller.post(`${C}/filters/${id.seating}`, { query: 'chiar' });
      expect(res.status).toBe(200);
      const facet = (res.body as Array<{ kind: string; min: number | null; max: number | null }>).find(
        (f) => f.kind === 'Price',
      );
      return facet && { min: facet.min, max: facet.max };
    };
    // "Dining chair" and "Garden chairs set" (through "chair"), not "Pine chest" (10).
    expect(await price(ws.owner)).toEqual({ min: 50, max: 100 });
    expect(await price(catalogClient)).toEqual({ min: 50, max: 50 });
  });

  it('refuses an unknown sortBy with a 400 naming sortBy', async () => {
    const res = await ws.owner.post(C, { query: 'chair', sortBy: 'popularity' });
    expect(res.status).toBe(400);
    expect(res.body.errors.sortBy).toBeDefined();
  });

  it('offers relevance and didYouMean on the core list too', async () => {
    const res = await ws.owner.post('/core-api/catalog/products/list', {
      query: 'chiar',
      sortBy: 'relevance',
    });
    expect(res.status).toBe(200);
    expect(res.body.didYouMean).toBe('chair');
    expect(res.body.data.map((p: { name: string }) => p.name)).toContain('Dining chair');
  });
});
