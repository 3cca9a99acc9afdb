import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** Core and commerce price operations: who is priced, which products, bad input, permissions. */
describe('Prices', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let client: Caller;
  let catalogClient: Caller;
  let hammer: { id: string };
  let saw: { id: string };
  let retired: { id: string };
  let onRequest: { id: string };
  let foreign: { id: string };
  let acme: { id: string };
  let bolt: { id: string };
  let vat: Record<string, string>;

  const product = async (body: object) => {
    const res = await ws.owner.post('/core-api/catalog/products', body);
    expect(res.status).toBe(200);
    return res.body as { id: string };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    const codes = await ws.owner.get('/core-api/vatcodes');
    vat = Object.fromEntries(
      (codes.body.data as Array<{ code: string; id: string }>).map((c) => [c.code, c.id]),
    );
    const wholesale = (await ws.owner.post('/core-api/catalog/catalogs', { name: 'Wholesale' })).body;
    hammer = await product({
      name: 'Hammer',
      sku: 'HAM-1',
      catalogs: [wholesale.id],
      pricing: {
        salesPrice: 20,
        purchasePrice: 11,
        suggestedRetailPrice: 29.95,
        tiers: [{ minQuantity: 10, salesPrice: 18 }],
      },
    });
    saw = await product({ name: 'Saw', sku: 'SAW-1', pricing: { salesPrice: 35.5, vatCodeId: vat.Reduced } });
    retired = await product({ name: 'Old saw', sku: 'OLD-1', active: false, pricing: { salesPrice: 5 } });
    onRequest = await product({ name: 'Custom', sku: 'CUS-1', catalogs: [wholesale.id] });
    foreign = (
      await other.owner.post('/core-api/catalog/products', {
        name: 'Foreign',
        sku: 'FOR-1',
        pricing: { salesPrice: 1 },
      })
    ).body;
    acme = (
      await ws.owner.post('/core-api/accounts', {
        displayName: 'Acme',
        commerceSettings: { discountPercentage: 10 },
      })
    ).body;
    bolt = (
      await ws.owner.post('/core-api/accounts', {
        displayName: 'Bolt',
        productCatalogId: wholesale.id,
        commerceSettings: { discountPercentage: 25, vatLiable: false },
      })
    ).body;
    // Client logins priced through their contact's primary account.
    client = await ws.client();
    catalogClient = await ws.client();
    for (const [login, account] of [
      [client, acme],
      [catalogClient, bolt],
    ] as const) {
      const contact = await ws.owner.post('/core-api/contacts', {
        firstName: 'Shop',
        lastName: login.username,
        clientLoginId: login.userId,
        accounts: [{ accountId: account.id }],
      });
      expect(contact.status).toBe(200);
    }
  });
  afterAll(() => t.close());

  describe('core', () => {
    it('prices one product: per account discount and quantity tier, with VAT', async () => {
      const list = await viewer.get(`/core-api/catalog/products/price/${hammer.id}`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        productId: hammer.id,
        sku: 'HAM-1',
        quantity: 1,
        salesPrice: 20,
        purchasePrice: 11,
        suggestedRetailPrice: 29.95,
        listPrice: 20,
        discountPercentage: 0,
        customerPrice: 20,
        customerId: null,
        shouldRequestPrice: false,
        messages: [],
        vat: {
          vatCodeId: vat.Standard,
          code: 'Standard',
          rate: 21,
          pricesIncludeVat: false,
          customerPriceVatAmount: 4.2,
          customerPriceInclVat: 24.2,
        },
        total: { quantity: 1, totalExclVat: 20, vatAmount: 4.2, totalInclVat: 24.2 },
      });
      const forAcme = await viewer.get(
        `/core-api/catalog/products/price/${hammer.id}?quantity=12&customerId=${acme.id}`,
      );
      expect(forAcme.body).toMatchObject({
        listPrice: 18,
        customerPrice: 16.2,
        discountPercentage: 10,
        customerId: acme.id,
      });
      expect(forAcme.body.total).toEqual({
        quantity: 12,
        totalExclVat: 194.4,
        vatAmount: 40.82,
        totalInclVat: 235.22,
      });
      const forBolt = await viewer.get(
        `/core-api/catalog/products/price/${hammer.id}?quantity=12&customerId=${bolt.id}`,
      );
      // 25 % off, not VAT liable: rate 0.
      expect(forBolt.body).toMatchObject({
        customerPrice: 13.5,
        vat: { rate: 0, customerPriceVatAmount: 0 },
      });
      const none = await viewer.get(`/core-api/catalog/products/price/${onRequest.id}`);
      expect(none.body).toMatchObject({ salesPrice: null, customerPrice: null, shouldRequestPrice: true });
      // Inactive products still have a core price.
      expect((await viewer.get(`/core-api/catalog/products/price/${retired.id}`)).body.customerPrice).toBe(5);
    });

    it('prices several products and totals items; static paths are not taken for an id', async () => {
      const prices = await viewer.get(
        `/core-api/catalog/products/prices?ids=${hammer.id},${saw.id}&quantity=10&customerId=${acme.id}`,
      );
      expect(prices.status).toBe(200);
      expect(
        prices.body.map((p: { productId: string; customerPrice: number }) => [p.productId, p.customerPrice]),
      ).toEqual([
        [hammer.id, 16.2],
        [saw.id, 31.95],
      ]);
      const total = await viewer.get(
        `/core-api/catalog/products/prices/total?items=${hammer.id}:2&items=${saw.id}:1.5&customerId=${acme.id}`,
      );
      expect(total.status).toBe(200);
      // 18.00 × 2 = 36.00 (+21 % 7.56); 31.95 × 1.5 = 47.925 → 47.93 (+9 % 4.31)
      expect(total.body).toMatchObject({
        totalExclVat: 83.93,
        vatAmount: 11.87,
        totalInclVat: 95.8,
        shouldRequestPrice: false,
      });
      expect(total.body.items).toHaveLength(2);
      const withUnpriced = await viewer.get(
        `/core-api/catalog/products/prices/total?items=${hammer.id}:1,${onRequest.id}:1`,
      );
      expect(withUnpriced.body).toMatchObject({ totalExclVat: null, shouldRequestPrice: true });
    });

    it('answers 400 naming the field for bad input, 404 for an unknown product', async () => {
      for (const quantity of ['0', '-1', 'abc', '1.00001', '1e3', ''])
        expect(
          (await viewer.get(`/core-api/catalog/products/price/${hammer.id}?quantity=${quantity}`)).body
            .errors,
        ).toHaveProperty('quantity');
      expect((await viewer.get(`/core-api/catalog/products/price/not-a-uuid`)).body.errors).toHaveProperty(
        'id',
      );
      expect((await viewer.get(`/core-api/catalog/products/price/${foreign.id}`)).status).toBe(404);
      const otherAccount = (await other.owner.post('/core-api/accounts', { displayName: 'Theirs' })).body;
      const bad = await viewer.get(
        `/core-api/catalog/products/price/${hammer.id}?customerId=${otherAccount.id}`,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('customerId');
      expect((await viewer.get('/core-api/catalog/products/prices')).body.errors).toHaveProperty('ids');
      expect(
        (await viewer.get(`/core-api/catalog/products/prices?ids=${foreign.id}`)).body.errors,
      ).toHaveProperty('ids');
      const tooMany = Array.from({ length: 201 }, () => hammer.id).join(',');
      expect((await viewer.get(`/core-api/catalog/products/prices?ids=${tooMany}`)).status).toBe(400);
      for (const item of [`${hammer.id}`, `${hammer.id}:0`, `${hammer.id}:x`, `x:1`])
        expect(
          Object.keys(
            (await viewer.get(`/core-api/catalog/products/prices/total?items=${item}`)).body.errors,
          ),
        ).toEqual([expect.stringMatching(/^items/)]);
      const unknown = await viewer.get(
        `/core-api/catalog/products/prices/total?items=${hammer.id}:1&items=${foreign.id}:1`,
      );
      expect(unknown.body.errors).toHaveProperty(['items[1]']);
    });

    it('keeps clients off the core prices', async () => {
      expect((await client.get(`/core-api/catalog/products/price/${hammer.id}`)).status).toBe(403);
      expect((await t.http.get(`/core-api/catalog/products/price/${hammer.id}`)).status).toBe(401);
    });
  });

  describe('commerce', () => {
    it('prices for the client login’s account, only active products of its catalog', async () => {
      const acmePrice = await client.get(`/commerce-api/catalog/products/price/${hammer.id}?quantity=10`);
      expect(acmePrice.status).toBe(200);
      expect(acmePrice.body).toEqual({
        productId: hammer.id,
        sku: 'HAM-1',
        quantity: 10,
        salesPrice: 20,
        suggestedRetailPrice: 29.95,
        customerPrice: 16.2,
        shouldRequestPrice: false,
        messages: [],
        vat: expect.objectContaining({ rate: 21 }),
        total: { quantity: 10, totalExclVat: 162, vatAmount: 34.02, totalInclVat: 196.02 },
      });
      expect(acmePrice.body).not.toHaveProperty('purchasePrice');
      // Quantity defaults to 1.
      expect((await client.get(`/commerce-api/catalog/products/price/${hammer.id}`)).body.customerPrice).toBe(
        18,
      );
      expect(
        (await catalogClient.get(`/commerce-api/catalog/products/price/${hammer.id}`)).body.customerPrice,
      ).toBe(15);
      // Outside Bolt's catalog, inactive, another workspace's: 404.
      expect((await catalogClient.get(`/commerce-api/catalog/products/price/${saw.id}`)).status).toBe(404);
      expect((await client.get(`/commerce-api/catalog/products/price/${retired.id}`)).status).toBe(404);
      expect((await client.get(`/commerce-api/catalog/products/price/${foreign.id}`)).status).toBe(404);
      // A client cannot price for another account.
      expect(
        (await client.get(`/commerce-api/catalog/products/price/${hammer.id}?customerId=${bolt.id}`)).status,
      ).toBe(400);
      // A user: list prices, or the account it names.
      expect((await viewer.get(`/commerce-api/catalog/products/price/${hammer.id}`)).body.customerPrice).toBe(
        20,
      );
      expect(
        (await viewer.get(`/commerce-api/catalog/products/price/${hammer.id}?customerId=${bolt.id}`)).body
          .customerPrice,
      ).toBe(15);
    });

    it('shows a hidden-prices account’s shoppers no prices (commerce only)', async () => {
      const secret = (
        await ws.owner.post('/core-api/accounts', {
          displayName: 'Secret',
          commerceSettings: { discountPercentage: 5, priceVisibility: 'Hidden' },
        })
      ).body;
      expect(secret.commerceSettings.priceVisibility).toBe('Hidden');
      const shopper = await ws.client();
      await ws.owner.post('/core-api/contacts', {
        firstName: 'Hidden',
        lastName: 'Prices',
        clientLoginId: shopper.userId,
        accounts: [{ accountId: secret.id }],
      });
      const one = await shopper.get(`/commerce-api/catalog/products/price/${hammer.id}`);
      expect(one.body).toMatchObject({
        salesPrice: null,
        customerPrice: null,
        shouldRequestPrice: true,
        total: { totalExclVat: null },
      });
      const batch = await shopper.post('/commerce-api/catalog/products/prices', [{ identifier: 'HAM-1' }]);
      expect(batch.body[0]).toMatchObject({ customerPrice: null, shouldRequestPrice: true, error: null });
      // Staff still see the account's price.
      const core = await viewer.get(`/core-api/catalog/products/price/${hammer.id}?customerId=${secret.id}`);
      expect(core.body.customerPrice).toBe(19);
      const bad = await ws.owner.post('/core-api/accounts', {
        displayName: 'Bad',
        commerceSettings: { priceVisibility: 'Sometimes' },
      });
      expect(bad.body.errors).toHaveProperty(['commerceSettings.priceVisibility']);
    });

    it('prices a batch by id or sku, with per-item errors', async () => {
      const res = await catalogClient.post('/commerce-api/catalog/products/prices', [
        { identifier: hammer.id, quantity: 10 },
        { identifier: 'HAM-1' },
        { identifier: 'CUS-1', quantity: 2 },
        { identifier: 'SAW-1', quantity: 1 },
        { identifier: 'NOPE' },
        { identifier: foreign.id },
        { identifier: 'OLD-1' },
      ]);
      expect(res.status).toBe(200);
      expect(
        res.body.map(
          (r: { identifier: string; customerPrice: number | null; error: { status: number } | null }) => [
            r.identifier,
            r.customerPrice,
            r.error?.status ?? null,
          ],
        ),
      ).toEqual([
        [hammer.id, 13.5, null],
        ['HAM-1', 15, null],
        ['CUS-1', null, null],
        ['SAW-1', null, 404],
        ['NOPE', null, 404],
        [foreign.id, null, 404],
        ['OLD-1', null, 404],
      ]);
      expect(res.body[2]).toMatchObject({ shouldRequestPrice: true, productId: onRequest.id });
    });

    it('rejects bad batches: not an array, over 500 items, bad quantities', async () => {
      const notArray = await client.post('/commerce-api/catalog/products/prices', { identifier: 'HAM-1' });
      expect(notArray.status).toBe(400);
      const tooMany = await client.post(
        '/commerce-api/catalog/products/prices',
        Array.from({ length: 501 }, () => ({ identifier: 'HAM-1' })),
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors).toHaveProperty('body');
      const bad = await client.post('/commerce-api/catalog/products/prices', [
        { identifier: 'HAM-1', quantity: 0 },
        { identifier: '', quantity: 1 },
        { identifier: 'HAM-1', quantity: 'many' },
        'x',
      ]);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        '[0].quantity',
        '[1].identifier',
        '[2].quantity',
        '[3]',
      ]);
      expect(
        (await client.get(`/commerce-api/catalog/products/price/${hammer.id}?quantity=-2`)).body.errors,
      ).toHaveProperty('quantity');
      const empty = await client.post('/commerce-api/catalog/products/prices', []);
      expect(empty.body).toEqual([]);
    });
  });

  describe('VAT codes', () => {
    it('lists the codes a workspace starts with; products reference them', async () => {
      const list = await viewer.get('/core-api/vatcodes?SortBy=DisplayOrder');
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(4);
      expect(
        list.body.data.map((c: { code: string; rate: number; isDefault: boolean }) => [
          c.code,
          c.rate,
          c.isDefault,
        ]),
      ).toEqual([
        ['Standard', 21, true],
        ['Reduced', 9, false],
        ['Zero', 0, false],
        ['Exempt', 0, false],
      ]);
      const theirs = (await other.owner.get('/core-api/vatcodes?Query=Reduced')).body.data[0];
      expect(theirs.id).not.toBe(vat.Reduced);
      const bad = await ws.owner.post('/core-api/catalog/products', {
        name: 'X',
        pricing: { vatCodeId: theirs.id },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty(['pricing.vatCodeId']);
      expect((await client.get('/core-api/vatcodes')).status).toBe(403);
      expect((await viewer.get('/core-api/vatcodes?Take=5000')).status).toBe(400);
    });

    it('seeds codes into a workspace created through the API', async () => {
      const created = await ws.owner.post('/core-api/workspaces', { name: 'Fresh' });
      expect(created.status).toBe(200);
      const fresh = await t.login(ws.owner.userId, 'User', created.body.id, ws.owner.username);
      expect((await fresh.get('/core-api/vatcodes')).body.total).toBe(4);
    });
  });
});
