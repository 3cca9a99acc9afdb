import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/commerce-api/salesorders';

describe('Sales orders (commerce)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let alice: Caller;
  let bob: Caller;
  let aliceContact: string;
  let widget: string;
  let inactive: string;
  let foreign: string;

  /** A client login whose contact's primary account gets `discount` percent. */
  const shopper = async (name: string, discount: number) => {
    const client = await ws.client();
    const account = (
      await ws.owner.post('/core-api/accounts', {
        displayName: `${name} BV`,
        commerceSettings: { discountPercentage: discount },
      })
    ).body.id;
    const contact = (
      await ws.owner.post('/core-api/contacts', {
        firstName: name,
        lastName: 'Shopper',
        clientLoginId: client.userId,
        accounts: [{ accountId: account }],
      })
    ).body.id;
    return { client, account, contact };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    const a = await shopper('Alice', 20);
    alice = a.client;
    aliceContact = a.contact;
    bob = (await shopper('Bob', 0)).client;
    widget = (
      await ws.owner.post('/core-api/catalog/products', {
        name: 'Widget',
        sku: 'W-1',
        pricing: { salesPrice: 10 },
      })
    ).body.id;
    inactive = (
      await ws.owner.post('/core-api/catalog/products', {
        name: 'Old',
        active: false,
        pricing: { salesPrice: 1 },
      })
    ).body.id;
    foreign = (
      await other.owner.post('/core-api/catalog/products', { name: 'Theirs', pricing: { salesPrice: 1 } })
    ).body.id;
  });
  afterAll(() => t.close());

  it('places an order priced for the client’s account, never at the client’s prices', async () => {
    const placed = await alice.post(base, {
      channel: 'webshop',
      deliveryMethod: 'Delivery',
      currency: 'EUR',
      externalReference: 'cart-1',
      description: 'Leave at the door',
      billingAddress: { name: 'Alice', city: 'Delft', country: 'NL' },
      lines: [
        { productId: widget, quantity: 2, unitPrice: 0.01, price: 0.01 },
        { sku: 'W-1', quantity: 1 },
      ],
      totals: { totalInclVat: 0 },
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ id: expect.any(String), orderNumber: 'SO-000001' });
    const got = await alice.get(`${base}/${placed.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: placed.body.id,
      orderNumber: 'SO-000001',
      channel: 'webshop',
      orderedAt: expect.any(String),
      deliveryMethod: 'Delivery',
      orderingStatus: 'Draft',
      externalReference: 'cart-1',
      description: 'Leave at the door',
      currency: 'EUR',
      orderedById: aliceContact,
      pickupLocationId: null,
      billingAddress: {
        name: 'Alice',
        street: null,
        houseNumber: null,
        postalCode: null,
        city: 'Delft',
        region: null,
        country: 'NL',
      },
      shippingAddress: null,
      // 10 − 20 % = 8.00; 3 units = 24.00; 21 % VAT = 5.04
      totals: { totalExclVat: 24, totalVat: 5.04, totalInclVat: 29.04 },
      lines: [
        expect.objectContaining({
          productId: widget,
          sku: 'W-1',
          name: 'Widget',
          quantity: 2,
          unitPrice: 8,
          totalExclVat: 16,
        }),
        expect.objectContaining({
          productId: widget,
          quantity: 1,
          unitPrice: 8,
          vatRate: 21,
          totalInclVat: 9.68,
        }),
      ],
    });
    expect((await alice.get(`${base}/order-number/SO-000001`)).body).toEqual(got.body);
    // As people type it: case does not matter.
    expect((await alice.get(`${base}/order-number/so-000001`)).body).toEqual(got.body);
    const core = (await ws.owner.get(`/core-api/salesorders/${placed.body.id}`)).body;
    expect(core).toMatchObject({
      clientLoginId: alice.userId,
      orderedById: aliceContact,
      channel: 'webshop',
    });
    expect(core.debtorId).toEqual(expect.any(String));
  });

  it('shows a client only its own orders (404 for another’s); a user sees every order', async () => {
    const mine = (await bob.post(base, { channel: 'app', lines: [{ productId: widget, quantity: 1 }] })).body;
    expect((await bob.get(`${base}/${mine.id}`)).status).toBe(200);
    expect((await alice.get(`${base}/${mine.id}`)).status).toBe(404);
    expect((await alice.get(`${base}/order-number/${mine.orderNumber}`)).status).toBe(404);
    const aliceList = (await alice.get(base)).body;
    expect(aliceList.data.map((o: { id: string }) => o.id)).not.toContain(mine.id);
    expect(aliceList.data.every((o: { orderedById: string }) => o.orderedById === aliceContact)).toBe(true);
    const bobList = (await bob.get(base)).body;
    expect(bobList).toEqual({ data: [expect.objectContaining({ id: mine.id })], total: 1 });
    expect((await ws.owner.get(`${base}/${mine.id}`)).status).toBe(200);
    expect((await viewer.get(`${base}?take=1000`)).body.total).toBeGreaterThanOrEqual(2);
    expect((await other.owner.get(`${base}/${mine.id}`)).status).toBe(404);
    expect((await other.owner.get(`${base}/order-number/${mine.orderNumber}`)).status).toBe(404);
  });

  it('lists with take/skip/sort_order/sort_by/q/ordered_by_ids', async () => {
    const c = (await shopper('Carol', 0)).client;
    const numbers: string[] = [];
    for (const ref of ['a-1', 'b-2', 'c-3'])
      numbers.push(
        (await c.post(base, { channel: 'web', externalReference: ref, lines: [{ sku: 'W-1', quantity: 1 }] }))
          .body.orderNumber,
      );
    const list = async (q: string) =>
      (await c.get(`${base}?${q}`)).body.data.map((o: { orderNumber: string }) => o.orderNumber);
    expect(await list('')).toEqual(numbers);
    expect(await list('sort_order=Desc')).toEqual([...numbers].reverse());
    expect(await list('sort_by=OrderedAt&take=1&skip=1')).toEqual([numbers[1]]);
    expect(await list('q=b-')).toEqual([numbers[1]]);
    expect(await list(`q=${numbers[2]}`)).toEqual([numbers[2]]);
    expect(await list(`ordered_by_ids=${aliceContact}`)).toEqual([]);
    expect((await c.get(`${base}?take=1001`)).status).toBe(400);
    expect((await c.get(`${base}?sort_by=Total`)).status).toBe(400);
    expect((await c.get(`${base}?ordered_by_ids=nope`)).status).toBe(400);
  });

  it('answers 400 naming the field; a failed order leaves no order and consumes no number', async () => {
    const before = (await ws.owner.get('/core-api/salesorders/settings')).body.lastOrderNumber;
    const count = (await ws.owner.get('/core-api/salesorders?Take=0')).body.total;
    const missing = await alice.post(base, { lines: [{ productId: widget, quantity: 1 }] });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['channel']);
    const lines = await alice.post(base, {
      channel: 'web',
      lines: [
        { productId: widget, quantity: 1 },
        { productId: widget, quantity: 1 },
        { productId: widget, quantity: 0 },
        { productId: widget, quantity: 'two' },
      ],
    });
    expect(lines.status).toBe(400);
    expect(Object.keys(lines.body.errors).sort()).toEqual(['lines[2].quantity', 'lines[3].quantity']);
    const refs = await alice.post(base, {
      channel: 'web',
      lines: [
        { productId: inactive, quantity: 1 },
        { sku: 'NOPE', quantity: 1 },
        { productId: foreign, quantity: 1 },
      ],
    });
    expect(refs.status).toBe(400);
    expect(Object.keys(refs.body.errors).sort()).toEqual([
      'lines[0].productId',
      'lines[1].sku',
      'lines[2].productId',
    ]);
    const currency = await alice.post(base, {
      channel: 'web',
      currency: 'USD',
      lines: [{ productId: widget, quantity: 1 }],
    });
    expect(currency.status).toBe(400);
    expect(currency.body.errors).toHaveProperty('currency');
    expect(
      (await alice.post(base, { channel: 'x'.repeat(256), lines: [{ productId: widget, quantity: 1 }] }))
        .status,
    ).toBe(400);
    const huge = await alice.post(base, {
      channel: 'web',
      lines: Array.from({ length: 501 }, () => ({ productId: widget, quantity: 1 })),
    });
    expect(huge.status).toBe(400);
    expect((await alice.get(`${base}/order-number/${'9'.repeat(65)}`)).status).toBe(400);
    expect((await alice.get(`${base}/not-a-uuid`)).status).toBe(400);
    expect((await ws.owner.get('/core-api/salesorders/settings')).body.lastOrderNumber).toBe(before);
    expect((await ws.owner.get('/core-api/salesorders?Take=0')).body.total).toBe(count);
  });

  it('takes the interface’s body without lines as a request for a quotation that staff then price', async () => {
    const before = (await ws.owner.get('/core-api/salesorders/settings')).body.lastOrderNumber;
    const placed = await alice.post(base, {
      channel: 'webshop',
      deliveryMethod: 'Delivery',
      externalReference: 'rfq-1',
      description: 'Please quote 40 widgets',
      currency: 'EUR',
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ id: expect.any(String), orderNumber: expect.stringMatching(/^SO-/) });
    const empty = await alice.post(base, { channel: 'webshop', lines: [] });
    expect(empty.status).toBe(200);
    expect((await ws.owner.get('/core-api/salesorders/settings')).body.lastOrderNumber).toBe(before + 2);

    const seen = await alice.get(`${base}/${placed.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      orderingStatus: 'Draft',
      orderedById: aliceContact,
      externalReference: 'rfq-1',
      lines: [],
      totals: { totalExclVat: 0, totalVat: 0, totalInclVat: 0 },
    });
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${placed.body.id}`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toEqual(['SalesOrderCreated']);

    // Staff price the request and confirm it.
    const quoted = await ws.owner.post(`/core-api/salesorders/${placed.body.id}/lines`, {
      productId: widget,
      quantity: 4,
    });
    expect(quoted.status).toBe(200);
    const completed = await ws.owner.put(`/core-api/salesorders/${placed.body.id}`, {
      ...quoted.body,
      orderingStatus: 'Completed',
    });
    expect(completed.status).toBe(200);
    const final = (await alice.get(`${base}/${placed.body.id}`)).body;
    expect(final.orderingStatus).toBe('Completed');
    expect(final.lines).toHaveLength(1);
    expect(final.totals.totalExclVat).toBe(32); // 4 × 10 less Alice’s 20 %
  });

  it('replays a retried create with the same Idempotency-Key, 409 for another body, also under concurrency', async () => {
    const body = { channel: 'web', lines: [{ productId: widget, quantity: 1 }] };
    const count = async () => (await ws.owner.get('/core-api/salesorders?Take=0')).body.total;
    const before = await count();
    const first = await alice.post(base, body).set('Idempotency-Key', 'order-key-1');
    expect(first.status).toBe(200);
    const again = await alice.post(base, body).set('Idempotency-Key', 'order-key-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const changed = await alice
      .post(base, { ...body, description: 'other' })
      .set('Idempotency-Key', 'order-key-1');
    expect(changed.status).toBe(409);
    expect(changed.body.errors).toHaveProperty('Idempotency-Key');
    // Another caller's key is its own.
    expect((await bob.post(base, body).set('Idempotency-Key', 'order-key-1')).body.id).not.toBe(
      first.body.id,
    );
    expect(await count()).toBe(before + 2);

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => alice.post(base, body).set('Idempotency-Key', 'order-key-race')),
    );
    expect(racing.every((r) => r.status === 200)).toBe(true);
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
    expect(await count()).toBe(before + 3);

    // Keys are kept 24 hours: an older one no longer replays.
    await t.app
      .get(DataSource)
      .query(
        `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'order-key-1'`,
      );
    const later = await alice.post(base, body).set('Idempotency-Key', 'order-key-1');
    expect(later.status).toBe(200);
    expect(later.body.id).not.toBe(first.body.id);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('sells a client limited to its account’s catalog only that catalog’s products', async () => {
    const retail = (await ws.owner.post('/core-api/catalog/catalogs', { name: 'Retail' })).body.id;
    const listed = (
      await ws.owner.post('/core-api/catalog/products', {
        name: 'Listed',
        sku: 'L-1',
        catalogs: [retail],
        pricing: { salesPrice: 5 },
      })
    ).body.id;
    const carol = await shopper('Carol', 0);
    const account = await ws.owner.get(`/core-api/accounts/${carol.account}`);
    expect(
      (
        await ws.owner.put(`/core-api/accounts/${carol.account}`, {
          ...account.body,
          productCatalogId: retail,
        })
      ).status,
    ).toBe(200);
    const outside = await carol.client.post(base, {
      channel: 'webshop',
      currency: 'EUR',
      lines: [
        { productId: listed, quantity: 1 },
        { productId: widget, quantity: 1 },
      ],
    });
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.body.errors)).toEqual(['lines[1].productId']);
    const inside = await carol.client.post(base, {
      channel: 'webshop',
      currency: 'EUR',
      lines: [{ sku: 'L-1', quantity: 2 }],
    });
    expect(inside.status).toBe(200);
    // Bob's account has no catalog: every active product is for sale.
    expect(
      (
        await bob.post(base, {
          channel: 'webshop',
          currency: 'EUR',
          lines: [{ productId: listed, quantity: 1 }],
        })
      ).status,
    ).toBe(200);
  });

  it('prices a storefront order in a supported currency at its exchange rate', async () => {
    expect(
      (await ws.owner.post('/core-api/internationalization/currencies', { code: 'GBP', exchangeRate: 0.85 }))
        .status,
    ).toBe(200);
    const placed = await bob.post(base, {
      channel: 'webshop',
      currency: 'GBP',
      lines: [{ sku: 'W-1', quantity: 3 }],
    });
    expect(placed.status).toBe(200);
    const order = (await bob.get(`${base}/${placed.body.id}`)).body;
    // 10.00 EUR (Bob: no discount) × 0.85 = 8.50 GBP
    expect(order).toMatchObject({
      currency: 'GBP',
      lines: [expect.objectContaining({ unitPrice: 8.5, totalExclVat: 25.5 })],
    });
  });

  it('lets a Member place orders but not a Viewer', async () => {
    const body = { channel: 'pos', lines: [{ productId: widget, quantity: 1 }] };
    expect((await viewer.post(base, body)).status).toBe(403);
    const byUser = await ws.owner.post(base, body);
    expect(byUser.status).toBe(200);
    const got = (await ws.owner.get(`${base}/${byUser.body.id}`)).body;
    expect(got).toMatchObject({ orderedById: null, totals: { totalExclVat: 10, totalInclVat: 12.1 } });
    expect((await t.http.get(base)).status).toBe(401);
  });
});
