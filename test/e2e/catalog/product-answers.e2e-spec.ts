import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

const P = '/core-api/catalog/products';
const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The product answer is built by PostgreSQL in one statement (product-reads.ts). These products are
 * the awkward ones for that: many of every owned row, ties in display order, decimals that round
 * half away from zero, text that JSON must escape, and nothing at all. Every lookup, the list and
 * the write answers must give the same, fully expected, answer.
 */
describe('Product answers (one statement)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  const ids: Record<string, string> = {};

  const made = async (path: string, body: object) => {
    const res = await ws.owner.post(path, body);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  /** Every way to read the product gives `expected`, with the version as ETag. */
  const readsGive = async (expected: Record<string, unknown>, version: number) => {
    const paths = [
      `${P}/${expected.id as string}`,
      `${P}/slug/${encodeURIComponent(expected.slug as string)}`,
    ];
    if (expected.sku) paths.push(`${P}/sku/${encodeURIComponent(expected.sku as string)}`);
    if (expected.gtin) paths.push(`${P}/gtin/${encodeURIComponent(expected.gtin as string)}`);
    for (const barcode of expected.barcodes as string[])
      paths.push(`${P}/barcode/${encodeURIComponent(barcode)}`);
    for (const path of paths) {
      const got = await ws.owner.get(path);
      expect({ path, status: got.status }).toEqual({ path, status: 200 });
      expect(got.body).toEqual(expected);
      expect(got.headers.etag).toBe(`"${version}"`);
    }
    const listed = await ws.owner.post(`${P}/list`, { ids: [expected.id] });
    expect(listed.body).toEqual({ data: [expected], total: 1, didYouMean: null });
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    for (let i = 0; i < 12; i++)
      ids[`category${i}`] = await made('/core-api/catalog/productcategories', { name: `C${i}` });
    for (let i = 0; i < 4; i++)
      ids[`catalog${i}`] = await made('/core-api/catalog/catalogs', { name: `K${i}` });
    for (let i = 0; i < 8; i++)
      ids[`attribute${i}`] = await made('/core-api/catalog/products/attributes', { name: `A${i}` });
    for (let i = 0; i < 6; i++) ids[`part${i}`] = await made(P, { name: `Part ${i}` });
  });
  afterAll(() => t.close());

  it('answers a product with nothing but a name: every list [], every value null', async () => {
    const created = await ws.owner.post(P, { name: 'Nothing' });
    expect(created.status).toBe(200);
    const expected = {
      id: created.body.id,
      workspace: ws.id,
      createdAt: expect.stringMatching(isoMillis),
      modifiedAt: expect.stringMatching(isoMillis),
      externalReference: null,
      name: 'Nothing',
      productType: 'SimpleProduct',
      slug: 'nothing',
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
      pricing: {
        salesPrice: null,
        purchasePrice: null,
        suggestedRetailPrice: null,
        vatCodeId: null,
        tiers: [],
      },
      components: [],
    };
    expect(created.body).toEqual(expected);
    await readsGive(created.body, 1);
  });

  it('answers a product with many of everything, in the documented orders, decimals rounded at the edge', async () => {
    const categories = [5, 0, 11, 3, 7, 1, 9, 2, 10, 4, 8, 6].map((i) => ids[`category${i}`]);
    const barcodes = Array.from({ length: 40 }, (_, i) => `BC-${String(39 - i).padStart(2, '0')}`);
    const body = {
      name: 'Ünïcode "quoted" \\ back\\slash \u00e9\u{1F600} tab\there',
      productType: 'BundledProduct',
      sku: 'SKU/with spaces & ü',
      gtin: '00012345678905',
      barcodes,
      productCode: '',
      searchCode: 'x'.repeat(255),
      introducedAt: '1999-12-31',
      active: false,
      displayOrder: -2147483648,
      showStock: true,
      tags: ['b', 'a', 'b-2', 'ünï'],
      externalReferences: ['erp:1', 'shop:"2"'],
      externalReference: 'ext \u2028 line separator',
      categories,
      catalogs: [ids.catalog3, ids.catalog0, ids.catalog2],
      attributes: Array.from({ length: 8 }, (_, i) => ({
        attributeId: ids[`attribute${i}`],
        values: i % 2 ? ['z', 'a', 'm'] : [],
      })),
      images: [
        { url: 'https://cdn.example.test/c.jpg', alt: null, displayOrder: 1 },
        { url: 'https://cdn.example.test/a.jpg', alt: 'first "alt"', displayOrder: 0 },
        { url: 'https://cdn.example.test/b.jpg', alt: 'second', displayOrder: 1 },
      ],
      pricing: {
        salesPrice: 1.005,
        purchasePrice: 2.675,
        suggestedRetailPrice: 9999999.995,
        tiers: [
          { minQuantity: 0.0001, salesPrice: 0.0049 },
          { minQuantity: 1234.5678, salesPrice: 0.005 },
          { minQuantity: 10, salesPrice: 0.0149 },
          { minQuantity: 2.5, salesPrice: 0 },
        ],
      },
      components: [
        { productId: ids.part3, quantity: 0.0001, displayOrder: 2 },
        { productId: ids.part1, quantity: 1234.5678, displayOrder: 0 },
        { productId: ids.part5, displayOrder: 1 },
      ],
    };
    const created = await ws.owner.post(P, body);
    expect(created.body.errors).toBeUndefined();
    const imageIds = created.body.images.map((i: { id: string }) => i.id);
    const expected = {
      id: created.body.id,
      workspace: ws.id,
      createdAt: expect.stringMatching(isoMillis),
      modifiedAt: expect.stringMatching(isoMillis),
      externalReference: body.externalReference,
      name: body.name,
      productType: 'BundledProduct',
      slug: expect.any(String),
      sku: body.sku,
      gtin: body.gtin,
      barcodes: [...barcodes].sort(),
      productCode: '',
      searchCode: body.searchCode,
      introducedAt: '1999-12-31',
      active: false,
      displayOrder: -2147483648,
      showStock: true,
      tags: body.tags,
      externalReferences: body.externalReferences,
      categories,
      catalogs: [ids.catalog3, ids.catalog0, ids.catalog2].sort(),
      manufacturerId: null,
      brandId: null,
      attributes: body.attributes
        .map((a) => ({ attributeId: a.attributeId, values: a.values }))
        .sort((x, y) => (x.attributeId < y.attributeId ? -1 : 1)),
      images: [
        {
          id: expect.any(String),
          url: 'https://cdn.example.test/a.jpg',
          displayOrder: 0,
          alt: 'first "alt"',
        },
        // a tie in displayOrder (and creation time: one transaction) is broken by the id
        ...[
          { id: imageIds[1], url: 'https://cdn.example.test/c.jpg', displayOrder: 1, alt: null },
          { id: imageIds[2], url: 'https://cdn.example.test/b.jpg', displayOrder: 1, alt: 'second' },
        ]
          .map((image) => ({
            ...image,
            id: created.body.images.find((i: { url: string }) => i.url === image.url).id,
          }))
          .sort((x, y) => (x.id < y.id ? -1 : 1)),
      ],
      pricing: {
        salesPrice: 1.01,
        purchasePrice: 2.68,
        suggestedRetailPrice: 10000000,
        vatCodeId: null,
        tiers: [
          { minQuantity: 0.0001, salesPrice: 0 },
          { minQuantity: 2.5, salesPrice: 0 },
          { minQuantity: 10, salesPrice: 0.01 },
          { minQuantity: 1234.5678, salesPrice: 0.01 },
        ],
      },
      components: [
        { productId: ids.part1, quantity: 1234.5678, displayOrder: 0 },
        { productId: ids.part5, quantity: 1, displayOrder: 1 },
        { productId: ids.part3, quantity: 0.0001, displayOrder: 2 },
      ],
    };
    expect(created.body).toEqual(expected);
    expect(new Set(imageIds).size).toBe(3);
    await readsGive(created.body, 1);

    // An update answers the same way, and the next read agrees with it.
    const updated = await ws.owner.put(`${P}/${created.body.id}`, {
      ...body,
      images: created.body.images,
      categories: categories.slice(0, 2),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...created.body,
      categories: categories.slice(0, 2),
      modifiedAt: expect.any(String),
    });
    await readsGive(updated.body, 2);
  });

  it('lists pages whose every entry is the product answer, in order, with the total', async () => {
    const page = await ws.owner.post(`${P}/list`, { sortBy: 'Name', take: 3, skip: 1 });
    expect(page.status).toBe(200);
    const all = await ws.owner.post(`${P}/list`, { sortBy: 'Name', take: 1000 });
    expect(page.body).toEqual({ data: all.body.data.slice(1, 4), total: all.body.total, didYouMean: null });
    for (const product of page.body.data) {
      const got = await ws.owner.get(`${P}/${product.id}`);
      expect(got.body).toEqual(product);
    }
    const past = await ws.owner.post(`${P}/list`, { take: 5, skip: 1000 });
    expect(past.body).toEqual({ data: [], total: all.body.total, didYouMean: null });
    const none = await ws.owner.post(`${P}/list`, { take: 0 });
    expect(none.body).toEqual({ data: [], total: all.body.total, didYouMean: null });
  });
});
