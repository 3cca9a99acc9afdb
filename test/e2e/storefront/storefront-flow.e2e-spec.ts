import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * A shop front rendered from `/commerce-api` alone, as a storefront developer builds it: the menu
 * (category tree), a category page (header, breadcrumb, its products with texts, stock and the
 * shopper's prices, its facets), a product page, then an order read back by its number — in
 * Dutch, as the shopper's browser asks, with English where Dutch is missing. The catalog is set
 * up through `/core-api` by the shop's staff; the shopper never calls it.
 */
describe('Storefront flow: a shop rendered from /commerce-api alone', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let shopper: Caller;
  const id: Record<string, string> = {};

  const made = async (path: string, body: object) => {
    const res = await ws.owner.post(path, body);
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' });
    id.furniture = await made('/core-api/catalog/productcategories', { name: 'Furniture' });
    id.chairs = await made('/core-api/catalog/productcategories', { name: 'Chairs', parentId: id.furniture });
    await made('/core-api/catalog/productcategories/content', {
      productCategoryId: id.chairs,
      language: 'nl',
      title: 'Stoelen',
      description: 'Alle stoelen',
    });
    id.acme = await made('/core-api/catalog/brands', { name: 'Acme' });
    id.colour = await made('/core-api/catalog/products/attributes', { name: 'Colour' });
    await ws.owner.put('/core-api/catalog/products/filters', {
      data: [{ attributeId: id.colour, categoryId: id.chairs, kind: 'List', displayOrder: 1 }],
    });
    const chair = (name: string, salesPrice: number, colour: string, extra: object = {}) =>
      made('/core-api/catalog/products', {
        name,
        categories: [id.chairs],
        brandId: id.acme,
        pricing: { salesPrice },
        attributes: [{ attributeId: id.colour, values: [colour] }],
        ...extra,
      });
    id.oak = await chair('Oak Chair', 120, 'brown', {
      showStock: true,
      images: [{ url: 'https://images.example.com/oak.jpg', alt: 'Oak chair' }],
    });
    id.pine = await chair('Pine Chair', 80, 'white');
    for (const [language, title] of [
      ['en', 'Oak chair'],
      ['nl', 'Eiken stoel'],
    ])
      await made('/core-api/catalog/products/content', {
        productId: id.oak,
        language,
        title,
        description: `${title}, solid wood`,
      });
    await made('/core-api/catalog/products/content', {
      productId: id.pine,
      language: 'en',
      title: 'Pine chair',
    });
    id.shop = await made('/core-api/inventory/locations', { name: 'Shop', isStockLocation: true });
    await made('/core-api/inventory/stocks', { productId: id.oak, locationId: id.shop, quantity: 4 });
    shopper = await ws.customer({ commerceSettings: { discountPercentage: 10 } });
  });
  afterAll(() => t.close());

  it('renders the menu, a category page, a product page and an order', async () => {
    const nl = (path: string) => shopper.get(path).set('Accept-Language', 'nl-BE,nl;q=0.9,en;q=0.5');

    // The menu: the visible tree, Dutch where the shop wrote Dutch.
    const menu = await nl('/commerce-api/catalog/categories');
    expect(menu.status).toBe(200);
    expect(menu.headers['content-language']).toBe('nl');
    const furniture = (
      menu.body as Array<{ id: string; children: Array<{ slug: string; content: unknown }> }>
    ).find((c) => c.id === id.furniture)!;
    expect(furniture.children).toEqual([
      expect.objectContaining({
        slug: 'chairs',
        productCount: 2,
        content: expect.objectContaining({ title: 'Stoelen' }),
      }),
    ]);

    // The category page: its header and breadcrumb by slug, …
    const header = await nl('/commerce-api/catalog/categories/slug/chairs');
    expect(header.body).toMatchObject({
      id: id.chairs,
      content: { title: 'Stoelen', description: 'Alle stoelen', language: 'nl' },
      path: [{ id: id.furniture, name: 'Furniture' }],
    });
    // … its products with texts (Dutch, else English), stock and the shopper's own price, …
    const page = await shopper
      .post('/commerce-api/catalog/products', { categoryIds: [id.chairs], sortBy: 'price', take: 20 })
      .set('Accept-Language', 'nl');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    const [pine, oak] = page.body.data as Array<{ slug: string }>;
    expect(pine).toMatchObject({
      name: 'Pine Chair',
      content: { title: 'Pine chair', language: 'en' },
      brand: { id: id.acme, name: 'Acme' },
      availability: null,
      price: { salesPrice: 80, customerPrice: 72 },
    });
    expect(oak).toMatchObject({
      content: { title: 'Eiken stoel', language: 'nl' },
      images: [expect.objectContaining({ url: 'https://images.example.com/oak.jpg', alt: 'Oak chair' })],
      availability: {
        inStock: 4,
        locations: [expect.objectContaining({ locationId: id.shop, quantity: 4 })],
      },
      price: { customerPrice: 108, vat: expect.any(Object) },
    });
    // … and its facets, named, the price range being what this shopper pays.
    const facets = await shopper.post(`/commerce-api/catalog/products/filters/${id.chairs}`, {});
    expect(facets.body).toEqual([
      expect.objectContaining({
        kind: 'List',
        title: 'Colour',
        values: [
          { value: 'brown', label: 'brown', count: 1 },
          { value: 'white', label: 'white', count: 1 },
        ],
      }),
      expect.objectContaining({ kind: 'Brand', values: [{ value: id.acme, label: 'Acme', count: 2 }] }),
      expect.objectContaining({ kind: 'Price', min: 72, max: 108 }),
    ]);

    // The product page, by the slug the list gave.
    const product = await nl(`/commerce-api/catalog/products/slug/${oak.slug}`);
    expect(product.body).toEqual(oak);

    // The order, and the shopper reading it back by its number as typed.
    const order = await shopper.post('/commerce-api/salesorders', {
      channel: 'webshop',
      lines: [{ productId: id.oak, quantity: 2 }],
    });
    expect(order.status).toBe(200);
    const back = await shopper.get(
      `/commerce-api/salesorders/order-number/${(order.body.orderNumber as string).toLowerCase()}`,
    );
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      id: order.body.id,
      orderNumber: order.body.orderNumber,
      lines: [expect.objectContaining({ productId: id.oak, quantity: 2, unitPrice: 108, totalExclVat: 216 })],
    });
  });
});
