import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * What one storefront order create and one storefront read ask of the database: each product is
 * read once, nothing twice on the way from the storefront through pricing to the order writer;
 * the shopper (contact and pricing account), the default currency, the VAT codes and the scripts
 * version come from notified caches once warm. Counted at the DataSource's query
 * logger, which every statement (query builder, hand-written, prepared) passes.
 */
describe('Storefront order create: statements', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let shopper: Caller;
  let ds: DataSource;
  let productId: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    ds = t.app.get(DataSource);
    shopper = await ws.client();
    const account = (
      await ws.owner.post('/core-api/accounts', {
        displayName: 'Counted BV',
        commerceSettings: { discountPercentage: 10 },
      })
    ).body.id;
    await ws.owner.post('/core-api/contacts', {
      firstName: 'Counted',
      lastName: 'Shopper',
      clientLoginId: shopper.userId,
      accounts: [{ accountId: account }],
    });
    for (const sku of ['C-1', 'C-2']) {
      const created = await ws.owner.post('/core-api/catalog/products', {
        name: sku,
        sku,
        pricing: { salesPrice: 5 },
      });
      expect(created.status).toBe(200);
      productId = created.body.id;
    }
  });
  afterAll(() => t.close());

  const statementsOf = async (send: () => Promise<{ status: number }>): Promise<string[]> => {
    const seen: string[] = [];
    const logger = ds.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (sql, params, runner) => {
      seen.push(sql.replace(/\s+/g, ' ').trim());
      return logQuery(sql, params, runner);
    };
    try {
      expect((await send()).status).toBe(200);
    } finally {
      logger.logQuery = logQuery;
    }
    return seen;
  };

  it('reads the shopper’s account and each product once', async () => {
    const order = () =>
      shopper.post('/commerce-api/salesorders', {
        channel: 'webshop',
        lines: [
          { sku: 'C-1', quantity: 2 },
          { sku: 'C-2', quantity: 1 },
        ],
      });
    await statementsOf(order); // warms the session cache and the prepared statements
    const seen = await statementsOf(order);
    const reading = (table: string) =>
      seen.filter(
        (sql) => /^(WITH|SELECT)\b/i.test(sql) && new RegExp(`\\b(FROM|JOIN) "?${table}"?\\b`, 'i').test(sql),
      );
    // the shopper (contact and account) comes from the ShopperCache once warm
    expect(reading('accounts')).toHaveLength(0);
    expect(reading('contacts')).toHaveLength(0);
    expect(reading('products')).toHaveLength(1);
    // the products (the shopper, the currency, the VAT codes and scripts come from caches); then
    // BEGIN, the activity, the order with its lines and number, COMMIT (no webhook wants the
    // activity: no outbox statement)
    expect(seen).toHaveLength(5);
    // The counter row is locked by the order's one writing statement, right before COMMIT.
    const counter = seen.findIndex((sql) => /\bsales_settings\b/.test(sql));
    expect(seen.filter((sql) => /\bsales_settings\b/.test(sql))).toHaveLength(1);
    expect(seen[counter]).toMatch(/INSERT INTO sales_order_lines[\s\S]*INSERT INTO sales_orders/);
    expect(seen.slice(counter + 1)).toEqual(['COMMIT']);
  });

  // The shopper (contact and account), the VAT codes and scripts version and the session come from
  // notified caches once warm: a storefront read or price is its own one statement. On a server a
  // late copy of an earlier change's notification (every pooled connection LISTENs) may empty a
  // cache between the warm-up and the counted request: the pair is then made again (a cache that
  // never answers still fails every try).
  const warmThenCount = async (send: () => Promise<{ status: number }>) => {
    let seen: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      await statementsOf(send);
      seen = await statementsOf(send);
      if (!seen.some((sql) => /\bauth_sessions\b/.test(sql))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  };

  it('reads a storefront product in one statement', async () => {
    const seen = await warmThenCount(() => shopper.get(`/commerce-api/catalog/products/${productId}`));
    expect(seen).toHaveLength(1);
  });

  it('reads a storefront page and a search in one statement each', async () => {
    const page = await warmThenCount(() => shopper.post('/commerce-api/catalog/products', { take: 10 }));
    expect(page).toHaveLength(1);
    const search = await warmThenCount(() =>
      shopper.post('/commerce-api/catalog/products', { query: 'C-1', take: 10 }),
    );
    expect(search).toHaveLength(1);
  });

  it('counts a category page’s facets in one statement and serves the category tree from its cache', async () => {
    const category = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Counted' })).body
      .id;
    const colour = (await ws.owner.post('/core-api/catalog/products/attributes', { name: 'Colour' })).body.id;
    await ws.owner.put('/core-api/catalog/products/filters', {
      data: [{ attributeId: colour, categoryId: category, kind: 'List' }],
    });
    await ws.owner.post('/core-api/catalog/products', {
      name: 'Counted chair',
      categories: [category],
      pricing: { salesPrice: 5 },
      attributes: [{ attributeId: colour, values: ['red'] }],
    });
    const facets = await warmThenCount(() =>
      shopper.post(`/commerce-api/catalog/products/filters/${category}`, {}),
    );
    expect(facets).toHaveLength(1);
    const tree = await warmThenCount(() => shopper.get('/commerce-api/catalog/categories'));
    expect(tree).toHaveLength(0);
  });

  it('prices a product for the shopper in one statement', async () => {
    const one = await warmThenCount(() => shopper.get(`/commerce-api/catalog/products/price/${productId}`));
    expect(one).toHaveLength(1);
    const several = await warmThenCount(() =>
      shopper.post('/commerce-api/catalog/products/prices', [
        { identifier: 'C-1', quantity: 2 },
        { identifier: productId, quantity: 1 },
      ]),
    );
    expect(several).toHaveLength(1);
  });
});
