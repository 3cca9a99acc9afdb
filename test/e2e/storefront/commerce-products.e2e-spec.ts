import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const C = '/commerce-api/catalog/products';

/**
 * The storefront's catalog: the catalog's read path with the caller's visibility (active products;
 * a client whose account has a product catalog sees only it), the commerce view of a product, and
 * facets counted over exactly the listed products.
 */
describe('Commerce products (storefront catalog)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let client: Caller; // account without catalog: every active product
  let catalogClient: Caller; // account limited to the "Retail" catalog
  const id: Record<string, string> = {};

  const made = async (caller: Caller, path: string, body: object) => {
    const res = await caller.post(path, body);
    expect(res.body.errors).toBeUndefined();
    return res.body.id as string;
  };
  const names = async (caller: Caller, body: object) => {
    const res = await caller.post(C, body);
    expect(res.status).toBe(200);
    return (res.body.data as Array<{ name: string }>).map((p) => p.name);
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    id.chairs = await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Chairs' });
    id.tables = await made(ws.owner, '/core-api/catalog/productcategories', { name: 'Tables' });
    id.retail = await made(ws.owner, '/core-api/catalog/catalogs', { name: 'Retail' });
    id.colour = await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Colour' });
    id.width = await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Width' });
    id.outdoor = await made(ws.owner, '/core-api/catalog/products/attributes', { name: 'Outdoor' });
    id.acme = await made(ws.owner, '/core-api/catalog/brands', { name: 'Acme' });
    id.zeta = await made(ws.owner, '/core-api/catalog/brands', { name: 'Zeta' });
    const product = (name: string, body: object) =>
      made(ws.owner, '/core-api/catalog/products', { name, categories: [id.chairs], ...body });
    id.oak = await product('Oak Chair', {
      sku: 'CH-OAK-1',
      barcodes: ['B-OAK'],
      catalogs: [id.retail],
      brandId: id.acme,
      pricing: { salesPrice: 120, purchasePrice: 50 },
      tags: ['internal'],
      attributes: [
        { attributeId: id.colour, values: ['brown'] },
        { attributeId: id.width, values: ['45'] },
        { attributeId: id.outdoor, values: ['false'] },
      ],
    });
    id.pine = await product('Pine Chair', {
      sku: 'CH-PINE-1',
      brandId: id.acme,
      pricing: { salesPrice: 80 },
      attributes: [
        { attributeId: id.colour, values: ['white', 'brown'] },
        { attributeId: id.width, values: ['52.5'] },
      ],
    });
    id.steel = await product('Steel Chair', {
      sku: 'CH-STL-200',
      brandId: id.zeta,
      catalogs: [id.retail],
      pricing: { salesPrice: 60.555 },
      attributes: [
        { attributeId: id.colour, values: ['grey'] },
        { attributeId: id.outdoor, values: ['true'] },
      ],
    });
    id.retired = await product('Retired Chair', {
      sku: 'CH-OLD-1',
      active: false,
      catalogs: [id.retail],
      attributes: [{ attributeId: id.colour, values: ['brown'] }],
    });
    id.table = await made(ws.owner, '/core-api/catalog/products', {
      name: 'Oak Table',
      slug: 'oak-table',
      categories: [id.tables],
      catalogs: [id.retail],
    });
    const filters = await ws.owner.put('/core-api/catalog/products/filters', {
      data: [
        { attributeId: id.width, categoryId: id.chairs, kind: 'Range', displayOrder: 2 },
        {
          attributeId: id.colour,
          categoryId: id.chairs,
          kind: 'List',
          displayOrder: 1,
          title: 'Colour of the seat',
        },
        { attributeId: id.outdoor, kind: 'Boolean', displayOrder: 3 },
      ],
    });
    expect(filters.status).toBe(200);
    const account = async (name: string, productCatalogId?: string) =>
      made(ws.owner, '/core-api/accounts', { displayName: name, productCatalogId });
    client = await ws.client();
    catalogClient = await ws.client();
    for (const [login, accountId] of [
      [client, await account('Everything')],
      [catalogClient, await account('Retail only', id.retail)],
    ] as const) {
      await made(ws.owner, '/core-api/contacts', {
        firstName: 'Shop',
        lastName: login.username,
        clientLoginId: login.userId,
        accounts: [{ accountId }],
      });
    }
  });
  afterAll(() => t.close());

  it('answers the commerce view of an active product by id, slug and barcode', async () => {
    const expected = {
      id: id.oak,
      name: 'Oak Chair',
      slug: 'oak-chair',
      productType: 'SimpleProduct',
      displayOrder: 0,
      showStock: false,
      sku: 'CH-OAK-1',
      gtin: null,
      barcodes: ['B-OAK'],
      introducedAt: null,
      categories: [id.chairs],
      manufacturerId: null,
      brandId: id.acme,
      brand: { id: id.acme, name: 'Acme', imageUrl: null },
      attributes: expect.arrayContaining([{ attributeId: id.colour, values: ['brown'] }]),
      images: [],
      components: [],
      content: null,
      availability: null,
      price: expect.objectContaining({ productId: id.oak, quantity: 1, salesPrice: 120, customerPrice: 120 }),
    };
    for (const path of [`${C}/${id.oak}`, `${C}/slug/oak-chair`, `${C}/barcode/B-OAK`]) {
      for (const caller of [client, catalogClient, ws.owner]) {
        const res = await caller.get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.body).toEqual(expected);
        // nothing internal: no purchase price, catalogs, tags or external references
        expect(Object.keys(res.body).sort()).toEqual(Object.keys(expected).sort());
      }
    }
  });

  it('answers the shopper’s own price of one unit in product reads and lists, for a page in one pricing', async () => {
    const discounted = await ws.client();
    const accountId = await made(ws.owner, '/core-api/accounts', {
      displayName: 'Ten percent',
      commerceSettings: { discountPercentage: 10 },
    });
    await made(ws.owner, '/core-api/contacts', {
      firstName: 'Shop',
      lastName: discounted.username,
      clientLoginId: discounted.userId,
      accounts: [{ accountId }],
    });
    const one = await discounted.get(`${C}/${id.oak}`);
    expect(one.status).toBe(200);
    // The price operation's answer at quantity 1, exactly.
    const priced = await discounted.get(`${C}/price/${id.oak}`);
    expect(one.body.price).toEqual(priced.body);
    expect(one.body.price).toMatchObject({ salesPrice: 120, customerPrice: 108 });
    const page = await discounted.post(C, { sortBy: 'name' });
    const byName = Object.fromEntries(
      (page.body.data as Array<{ name: string; price: { customerPrice: number | null } }>).map((p) => [
        p.name,
        p.price.customerPrice,
      ]),
    );
    expect(byName).toMatchObject({
      'Oak Chair': 108,
      'Pine Chair': 72,
      'Steel Chair': 54.5,
      'Oak Table': null,
    });
    // A user of the workspace sees list prices.
    expect((await ws.owner.get(`${C}/${id.pine}`)).body.price).toMatchObject({ customerPrice: 80 });
    // The Price facet ranges over what the shopper pays (before scripts), not over list prices.
    const priceFacet = async (caller: Caller) =>
      ((await caller.post(`${C}/filters/${id.chairs}`, {})).body as Array<{ kind: string }>).find(
        (f) => f.kind === 'Price',
      );
    expect(await priceFacet(discounted)).toMatchObject({ min: 54.5, max: 108 });
    expect(await priceFacet(ws.owner)).toMatchObject({ min: 60.56, max: 120 });
    // An account that hides prices gets no range.
    await ws.owner.put(`/core-api/accounts/${accountId}`, {
      displayName: 'Ten percent',
      commerceSettings: { discountPercentage: 10, priceVisibility: 'Hidden' },
    });
    expect(await priceFacet(discounted)).toMatchObject({ min: null, max: null });
  });

  it('never shows an inactive product, another catalog’s product to a limited client, or another workspace’s', async () => {
    for (const caller of [client, catalogClient, ws.owner]) {
      expect((await caller.get(`${C}/${id.retired}`)).status).toBe(404);
      expect((await caller.get(`${C}/slug/retired-chair`)).status).toBe(404);
    }
    expect((await client.get(`${C}/${id.pine}`)).status).toBe(200);
    expect((await catalogClient.get(`${C}/${id.pine}`)).status).toBe(404);
    expect((await catalogClient.get(`${C}/slug/pine-chair`)).status).toBe(404);
    expect((await other.owner.get(`${C}/${id.oak}`)).status).toBe(404);
    expect((await other.owner.post(C, { ids: [id.oak] })).body).toEqual({
      data: [],
      total: 0,
      didYouMean: null,
    });
    expect((await ws.owner.get(`${C}/not-a-uuid`)).status).toBe(400);
  });

  it('lists and searches the visible products: take 100 / skip 0 by default, filters, sorting', async () => {
    expect(await names(client, { sortBy: 'Name' })).toEqual([
      'Oak Chair',
      'Oak Table',
      'Pine Chair',
      'Steel Chair',
    ]);
    expect((await client.post(C, {})).body).toMatchObject({ total: 4 });
    expect(await names(catalogClient, { sortBy: 'Name' })).toEqual(['Oak Chair', 'Oak Table', 'Steel Chair']);
    expect(await names(client, { categoryIds: [id.chairs], sortBy: 'Name', sortOrder: 'Desc' })).toEqual([
      'Steel Chair',
      'Pine Chair',
      'Oak Chair',
    ]);
    expect(await names(client, { query: 'oak', sortBy: 'Name' })).toEqual(['Oak Chair', 'Oak Table']);
    expect(await names(catalogClient, { query: 'STL-2' })).toEqual(['Steel Chair']);
    expect(await names(client, { query: 'retired' })).toEqual([]);
    expect(
      await names(client, { attributes: [{ attributeId: id.colour, values: ['brown'] }], sortBy: 'Name' }),
    ).toEqual(['Oak Chair', 'Pine Chair']);
    expect(await names(client, { type: 'SimpleProduct', ids: [id.table, id.retired] })).toEqual([
      'Oak Table',
    ]);
    const page = await client.post(C, { sortBy: 'Name', take: 2, skip: 1 });
    expect(page.body.total).toBe(4);
    expect(page.body.data.map((p: { name: string }) => p.name)).toEqual(['Oak Table', 'Pine Chair']);
    const byId = await client.get(`${C}/${page.body.data[0].id}`);
    expect(page.body.data[0]).toEqual(byId.body);
  });

  it('sorts by the name of any product property, case-insensitively: name, sku, newest, price', async () => {
    const all = ['Oak Chair', 'Oak Table', 'Pine Chair', 'Steel Chair'];
    expect(await names(client, { sortBy: 'name' })).toEqual(all);
    expect(await names(client, { sortBy: 'NAME', sortOrder: 'Desc' })).toEqual([...all].reverse());
    expect(await names(client, { sortBy: 'sku' })).toEqual([
      'Oak Chair',
      'Pine Chair',
      'Steel Chair',
      'Oak Table',
    ]);
    // Created in the order Oak Chair, Pine Chair, Steel Chair, (Retired), Oak Table.
    const newest = ['Oak Table', 'Steel Chair', 'Pine Chair', 'Oak Chair'];
    expect(await names(client, { sortBy: 'createdAt', sortOrder: 'Desc' })).toEqual(newest);
    expect(await names(client, { sortBy: 'newest', sortOrder: 'Desc' })).toEqual(newest);
    // The list price; the unpriced table after the priced ones ascending, before them descending.
    const cheapest = ['Steel Chair', 'Pine Chair', 'Oak Chair', 'Oak Table'];
    expect(await names(client, { sortBy: 'price' })).toEqual(cheapest);
    expect(await names(client, { sortBy: 'salesPrice', sortOrder: 'Desc' })).toEqual([...cheapest].reverse());
    const byOrder = await client.post(C, { sortBy: 'displayOrder' });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.total).toBe(4);
    expect((await client.post(C, { sortBy: 'id' })).status).toBe(200);
  });

  it('serves every sort of the storefront list from an index (EXPLAIN of the statement it runs)', async () => {
    // The list counts every match (`count(*) over ()`), so on a small table the planner reads it
    // all and sorts; what must hold is that an index can give each order. The EXPLAIN runs with
    // sequential scans and sorts disabled: without such an index the plan still holds a Sort.
    const seeded = await t.workspace('Sort plans');
    const ds = t.app.get(DataSource);
    await ds.query(
      `INSERT INTO products (id, workspace_id, name, slug, sku, display_order, sales_price, created_at)
       SELECT gen_random_uuid(), $1, 'Product ' || n, 'product-' || n, 'SKU-' || n, n % 97,
              CASE WHEN n % 10 = 0 THEN NULL ELSE (n % 500) + 0.99 END, now() - n * interval '1 minute'
         FROM generate_series(1, 2000) n`,
      [seeded.id],
    );
    await ds.query('ANALYZE products');
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    const logger = ds.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (sql, params, runner) => {
      if (/count\(\*\) over \(\)/i.test(sql))
        statements.push({ sql, params: (params as unknown[] | undefined) ?? [] });
      return logQuery(sql, params, runner);
    };
    const index: Record<string, string> = {
      DisplayOrder: 'ix_products__display_order',
      Id: 'ix_products__id',
      Name: 'ix_products__name',
      Sku: 'uq_products__sku', // unique: an Incremental Sort orders the ties (null skus) by id
      CreatedAt: 'ix_products__created_at',
      SalesPrice: 'ix_products__sales_price',
    };
    const plans: Array<{ sort: string; plan: string }> = [];
    try {
      for (const sortBy of Object.keys(index))
        for (const sortOrder of ['Asc', 'Desc']) {
          statements.length = 0;
          const res = await seeded.owner.post(C, { sortBy, sortOrder, take: 20 });
          expect(res.status).toBe(200);
          expect(statements).toHaveLength(1);
          const runner = ds.createQueryRunner();
          try {
            await runner.startTransaction();
            await runner.query('SET LOCAL enable_seqscan = off');
            await runner.query('SET LOCAL enable_sort = off');
            const rows: Array<{ 'QUERY PLAN': string }> = await runner.query(
              `EXPLAIN (COSTS OFF) ${statements[0].sql}`,
              statements[0].params,
            );
            plans.push({ sort: `${sortBy} ${sortOrder}`, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
          } finally {
            await runner.rollbackTransaction();
            await runner.release();
          }
        }
    } finally {
      logger.logQuery = logQuery;
    }
    for (const { sort, plan } of plans) {
      const scan = new RegExp(
        `Index (Only )?Scan (Backward )?using ${index[sort.split(' ')[0]]} on products p\\b`,
      );
      expect({ sort, plan }).toEqual({ sort, plan: expect.stringMatching(scan) });
      // Between the page's Limit and that scan no Sort of the products (an Incremental Sort on the
      // presorted key orders ties only); above the Limit only the page's rows are ordered.
      const page = plan.slice(plan.indexOf('Limit'), plan.search(scan));
      expect({ sort, page }).toEqual({ sort, page: expect.not.stringMatching(/(?<!Incremental )\bSort$/m) });
    }
  });

  it('rejects bad list bodies with the field named', async () => {
    expect((await client.post(C, { take: 1001 })).body.errors).toHaveProperty('take');
    expect((await client.post(C, { sortBy: 'Colour' })).body.errors).toHaveProperty('sortBy');
    expect((await client.post(C, { sortBy: 7 })).body.errors).toHaveProperty('sortBy');
    expect((await client.post(C, { type: 'Gadget' })).body.errors).toHaveProperty('type');
    expect((await client.post(C, { categoryIds: ['nope'] })).body.errors).toHaveProperty('categoryIds');
    expect((await client.post(C, { attributes: [{ attributeId: id.colour }] })).body.errors).toHaveProperty([
      'attributes[0].values',
    ]);
    expect((await client.post(C, { ids: new Array(1001).fill(id.oak) })).status).toBe(400);
  });

  it('counts facets over exactly the products the list holds, in SQL', async () => {
    const facets = async (caller: Caller, body: object = {}) => {
      const res = await caller.post(`${C}/filters/${id.chairs}`, body);
      expect(res.status).toBe(200);
      return res.body as Array<{
        kind: string;
        title: string;
        values: unknown[];
        min: number | null;
        max: number | null;
      }>;
    };
    const all = await facets(client);
    expect(all).toEqual([
      {
        kind: 'List',
        attributeId: id.colour,
        title: 'Colour of the seat',
        values: [
          { value: 'brown', label: 'brown', count: 2 },
          { value: 'grey', label: 'grey', count: 1 },
          { value: 'white', label: 'white', count: 1 },
        ],
        min: null,
        max: null,
      },
      { kind: 'Range', attributeId: id.width, title: 'Width', values: [], min: 45, max: 52.5 },
      {
        kind: 'Boolean',
        attributeId: id.outdoor,
        title: 'Outdoor',
        values: [
          { value: 'false', label: 'false', count: 1 },
          { value: 'true', label: 'true', count: 1 },
        ],
        min: null,
        max: null,
      },
      {
        kind: 'Brand',
        attributeId: null,
        title: 'Brand',
        values: [
          { value: id.acme, label: 'Acme', count: 2 },
          { value: id.zeta, label: 'Zeta', count: 1 },
        ],
        min: null,
        max: null,
      },
      { kind: 'Price', attributeId: null, title: 'Price', values: [], min: 60.56, max: 120 },
    ]);
    // Under a filter, every count equals the count of the list with that filter added.
    const brown = { attributes: [{ attributeId: id.colour, values: ['brown'] }] };
    const narrowed = await facets(client, brown);
    const listed = await client.post(C, { categoryIds: [id.chairs], ...brown, take: 0 });
    const brands = narrowed.find((f) => f.kind === 'Brand')!.values as Array<{
      value: string;
      count: number;
    }>;
    expect(brands).toEqual([{ value: id.acme, label: 'Acme', count: listed.body.total }]);
    for (const colour of narrowed[0].values as Array<{ value: string; count: number }>) {
      const withIt = await client.post(C, {
        categoryIds: [id.chairs],
        attributes: [...brown.attributes, { attributeId: id.colour, values: [colour.value] }],
        take: 0,
      });
      expect({ value: colour.value, count: withIt.body.total }).toEqual({
        value: colour.value,
        count: colour.count,
      });
    }
    // The limited client counts its catalog only; a query narrows; inactive products never count.
    const limited = await facets(catalogClient);
    expect(limited.find((f) => f.kind === 'Brand')!.values).toEqual([
      { value: id.acme, label: 'Acme', count: 1 },
      { value: id.zeta, label: 'Zeta', count: 1 },
    ]);
    expect((await facets(client, { query: 'steel' })).find((f) => f.kind === 'Price')).toMatchObject({
      min: 60.56,
      max: 60.56,
    });
    expect((await facets(catalogClient, { catalogId: id.tables }))[0].values).toEqual([]);
  });

  it('answers facets 400 for bad bodies, 404 for an unknown or foreign category', async () => {
    const path = `${C}/filters/${id.chairs}`;
    expect((await client.post(path, { isActive: false })).body.errors).toHaveProperty('isActive');
    expect((await client.post(path, { categoryId: id.tables })).body.errors).toHaveProperty('categoryId');
    expect((await client.post(path, { attributes: 'red' })).body.errors).toHaveProperty('attributes');
    expect((await client.post(`${C}/filters/nope`, {})).status).toBe(400);
    expect((await client.post(`${C}/filters/${id.acme}`, {})).status).toBe(404);
    expect((await other.owner.post(path, {})).status).toBe(404);
  });

  it('is for storefronts: clients reach it, clients stay off the core catalog', async () => {
    expect((await client.post('/core-api/catalog/products/list', {})).status).toBe(403);
    const viewer = await ws.member('Viewer');
    expect((await viewer.post(C, {})).status).toBe(200);
    expect((await viewer.get(`${C}/${id.oak}`)).status).toBe(200);
  });
});

describe('An inactive product does not exist for a shopper', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let shopper: Caller;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    // A shopper with a customer: an order's lines are judged (one without a customer is a 409).
    shopper = await ws.customer();
  });
  afterAll(() => t.close());

  /** An answer with the product's own id/sku/slug/barcode written as `X`, and no per-request parts. */
  const shape = (res: { status: number; body: unknown }, ...values: string[]) => {
    let text = JSON.stringify(res.body);
    for (const v of values) text = text.split(v).join('X');
    const body = JSON.parse(text) as Record<string, unknown>;
    delete body.instance;
    delete body.requestId;
    return { status: res.status, body };
  };

  it('answers an inactive product exactly as a product that never existed, on every commerce operation', async () => {
    const made = await ws.owner.post('/core-api/catalog/products', {
      name: 'Retired chair',
      sku: 'RETIRED-1',
      active: false,
      slug: 'retired-chair',
      barcodes: ['B-RETIRED'],
      pricing: { salesPrice: 10 },
    });
    expect(made.status).toBe(200);
    const inactive = {
      id: made.body.id as string,
      sku: 'RETIRED-1',
      slug: 'retired-chair',
      barcode: 'B-RETIRED',
    };
    const unknown = { id: randomUUID(), sku: 'NEVER-1', slug: 'never-chair', barcode: 'B-NEVER' };
    const asks = (p: typeof inactive) => [
      shopper.get(`/commerce-api/catalog/products/${p.id}`),
      shopper.get(`/commerce-api/catalog/products/slug/${p.slug}`),
      shopper.get(`/commerce-api/catalog/products/barcode/${p.barcode}`),
      shopper.get(`/commerce-api/catalog/products/price/${p.id}`),
      shopper.post('/commerce-api/catalog/products/prices', [
        { identifier: p.id, quantity: 1 },
        { identifier: p.sku, quantity: 1 },
      ]),
      shopper.post('/commerce-api/salesorders', {
        channel: 'web',
        lines: [{ productId: p.id, quantity: 1 }],
      }),
      shopper.post('/commerce-api/salesorders', { channel: 'web', lines: [{ sku: p.sku, quantity: 1 }] }),
    ];
    const seen = await Promise.all(asks(inactive));
    const never = await Promise.all(asks(unknown));
    for (const [i, res] of seen.entries()) {
      expect(shape(res, ...Object.values(inactive))).toEqual(shape(never[i], ...Object.values(unknown)));
    }
    expect(seen.map((r) => r.status)).toEqual([404, 404, 404, 404, 200, 400, 400]);
  });
});
