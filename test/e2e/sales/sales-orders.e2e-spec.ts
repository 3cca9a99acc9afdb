import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/salesorders';

describe('Sales orders (core)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let account: string;
  let contact: string;
  let warehouse: string;
  let shop: string;
  let widget: string;
  let gadget: string;

  const product = async (w: WorkspaceFixture, name: string, salesPrice: number | null, sku?: string) => {
    const r = await w.owner.post('/core-api/catalog/products', { name, sku, pricing: { salesPrice } });
    expect(r.status).toBe(200);
    return r.body.id as string;
  };
  const stockOf = async (productId: string, locationId: string) =>
    (await ws.owner.get(`/core-api/inventory/stocks?product_ids=${productId}&location_ids=${locationId}`))
      .body.data[0]?.quantity;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    account = (
      await ws.owner.post('/core-api/accounts', {
        displayName: 'Acme BV',
        commerceSettings: { discountPercentage: 10 },
      })
    ).body.id;
    contact = (
      await ws.owner.post('/core-api/contacts', {
        firstName: 'Ada',
        lastName: 'Buyer',
        accounts: [{ accountId: account }],
      })
    ).body.id;
    warehouse = (
      await ws.owner.post('/core-api/inventory/locations', { name: 'Warehouse', isWarehouse: true })
    ).body.id;
    shop = (await ws.owner.post('/core-api/inventory/locations', { name: 'Shop', isPickupLocation: true }))
      .body.id;
    widget = await product(ws, 'Widget', 10, 'W-1');
    gadget = await product(ws, 'Gadget', 4.5, 'G-1');
    for (const [productId, locationId, quantity] of [
      [widget, warehouse, 10],
      [gadget, warehouse, 10],
      [widget, shop, 1],
    ] as const)
      expect(
        (await ws.owner.post('/core-api/inventory/stocks', { productId, locationId, quantity })).status,
      ).toBe(200);
    expect((await ws.owner.put(`${base}/settings`, { defaultStockLocationId: warehouse })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('creates an order priced by the engine for the debtor, with totals computed by the server', async () => {
    const created = await member.post(base, {
      debtorId: account,
      orderedById: contact,
      channel: 'phone',
      deliveryMethod: 'Delivery',
      description: 'First order',
      tags: ['rush'],
      externalReference: 'erp-1',
      shippingAddress: {
        name: 'Acme',
        street: 'Main street',
        houseNumber: '1',
        city: 'Utrecht',
        country: 'NL',
      },
      lines: [
        { productId: widget, quantity: 2 },
        { sku: 'G-1', quantity: 3, unitPrice: 4, discountPercentage: 50, vatRate: 9 },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      workspace: ws.id,
      orderNumber: 'SO-000001',
      orderingStatus: 'Draft',
      deliveryMethod: 'Delivery',
      channel: 'phone',
      currency: 'EUR',
      debtorId: account,
      orderedById: contact,
      clientLoginId: null,
      pickupLocationId: null,
      stockLocationId: null,
      tags: ['rush'],
      externalReference: 'erp-1',
      billingAddress: null,
      shippingAddress: {
        name: 'Acme',
        street: 'Main street',
        houseNumber: '1',
        postalCode: null,
        city: 'Utrecht',
      },
    });
    // Widget: 10 − 10 % account discount = 9.00 × 2 = 18.00, 21 % VAT = 3.78.
    // Gadget: a Member's 4.00 × 3 − 50 % = 6.00, 9 % VAT = 0.54.
    expect(created.body.lines).toEqual([
      expect.objectContaining({
        productId: widget,
        sku: 'W-1',
        name: 'Widget',
        quantity: 2,
        unitPrice: 9,
        unitPriceOverridden: false,
        discountPercentage: 0,
        vatRate: 21,
        totalExclVat: 18,
        vatAmount: 3.78,
        totalInclVat: 21.78,
      }),
      expect.objectContaining({
        productId: gadget,
        sku: 'G-1',
        unitPrice: 4,
        unitPriceOverridden: true,
        discountPercentage: 50,
        vatRate: 9,
        totalExclVat: 6,
        vatAmount: 0.54,
        totalInclVat: 6.54,
      }),
    ]);
    expect(created.body.totals).toEqual({ totalExclVat: 24, totalVat: 4.32, totalInclVat: 28.32 });
    expect(created.headers.etag).toBeDefined();
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    const activities = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data;
    expect(activities.map((a: { type: string }) => a.type)).toEqual(['SalesOrderCreated']);
    // The number and totals are taken in the order's writing statement, after the activity was
    // recorded: that statement completes it.
    expect(activities[0].data.newValue).toMatchObject({
      orderNumber: created.body.orderNumber,
      totals: created.body.totals,
      lines: [
        { productId: expect.any(String), quantity: expect.any(Number), unitPrice: expect.any(Number) },
        expect.anything(),
      ],
    });
  });

  it('adds and deletes lines of a Draft, recomputing totals, and refuses line changes once Completed', async () => {
    const order = (await member.post(base, { debtorId: account })).body;
    expect(order.lines).toEqual([]);
    const added = await member.post(`${base}/${order.id}/lines`, { productId: gadget, quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.body.lines).toHaveLength(1);
    // 4.50 − 10 % = 4.05 × 2 = 8.10; VAT 21 % = 1.70 (1.701 rounded)
    expect(added.body.totals).toEqual({ totalExclVat: 8.1, totalVat: 1.7, totalInclVat: 9.8 });
    const second = await member.post(`${base}/${order.id}/lines`, { sku: 'W-1', quantity: 1 });
    expect(second.body.lines).toHaveLength(2);
    const lineId = second.body.lines[0].id;
    expect((await member.delete(`${base}/${order.id}/lines/${lineId}`)).status).toBe(200);
    const after = (await member.get(`${base}/${order.id}`)).body;
    expect(after.lines.map((l: { sku: string }) => l.sku)).toEqual(['W-1']);
    expect(after.totals).toEqual({ totalExclVat: 9, totalVat: 1.89, totalInclVat: 10.89 });
    expect((await member.delete(`${base}/${order.id}/lines/${lineId}`)).status).toBe(404);
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${order.id}`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toEqual(expect.arrayContaining(['SalesOrderLinesUpdated', 'SalesOrderTotalsUpdated']));

    const completed = await member.put(`${base}/${order.id}`, {
      debtorId: account,
      orderingStatus: 'Completed',
    });
    expect(completed.status).toBe(200);
    expect((await member.post(`${base}/${order.id}/lines`, { productId: gadget, quantity: 1 })).status).toBe(
      409,
    );
    expect((await member.delete(`${base}/${order.id}/lines/${after.lines[0].id}`)).status).toBe(409);
  });

  it('follows the status machine, taking stock on completion and putting it back on cancel', async () => {
    const widgetBefore = await stockOf(widget, warehouse);
    const gadgetBefore = await stockOf(gadget, warehouse);
    const order = (
      await member.post(base, {
        debtorId: account,
        lines: [
          { productId: widget, quantity: 2 },
          { productId: gadget, quantity: 1.5 },
          { productId: widget, quantity: 1 },
        ],
      })
    ).body;
    const completed = await member.put(`${base}/${order.id}`, {
      debtorId: account,
      orderingStatus: 'Completed',
    });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ orderingStatus: 'Completed', stockLocationId: warehouse });
    expect(await stockOf(widget, warehouse)).toBe(widgetBefore - 3);
    expect(await stockOf(gadget, warehouse)).toBe(gadgetBefore - 1.5);
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${order.id}`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toContain('SalesOrderOrderingStatusUpdated');

    for (const back of ['Draft'])
      expect(
        (await member.put(`${base}/${order.id}`, { debtorId: account, orderingStatus: back })).status,
      ).toBe(409);
    expect((await member.delete(`${base}/${order.id}`)).status).toBe(409);
    const canceled = await member.put(`${base}/${order.id}`, {
      debtorId: account,
      orderingStatus: 'Canceled',
    });
    expect(canceled.status).toBe(200);
    expect(await stockOf(widget, warehouse)).toBe(widgetBefore);
    expect(await stockOf(gadget, warehouse)).toBe(gadgetBefore);
    for (const next of ['Draft', 'Completed'])
      expect((await member.put(`${base}/${order.id}`, { orderingStatus: next })).status).toBe(409);
    expect((await member.delete(`${base}/${order.id}`)).status).toBe(200);
  });

  it('refuses to complete without enough stock (409 naming the lines, nothing moved) unless backorders are allowed', async () => {
    const before = await stockOf(gadget, warehouse);
    const order = (
      await member.post(base, {
        lines: [
          { productId: widget, quantity: 1 },
          { productId: gadget, quantity: before + 1 },
        ],
      })
    ).body;
    const refused = await member.put(`${base}/${order.id}`, { orderingStatus: 'Completed' });
    expect(refused.status).toBe(409);
    expect(Object.keys(refused.body.errors)).toEqual(['lines[1].quantity']);
    expect(await stockOf(gadget, warehouse)).toBe(before);
    expect((await member.get(`${base}/${order.id}`)).body.orderingStatus).toBe('Draft');

    expect(
      (await member.put(`${base}/settings`, { allowBackorders: true, defaultStockLocationId: warehouse }))
        .status,
    ).toBe(403);
    expect(
      (await ws.owner.put(`${base}/settings`, { allowBackorders: true, defaultStockLocationId: warehouse }))
        .status,
    ).toBe(200);
    const allowed = await member.put(`${base}/${order.id}`, { orderingStatus: 'Completed' });
    expect(allowed.status).toBe(200);
    expect(await stockOf(gadget, warehouse)).toBe(-1);
    expect((await member.put(`${base}/${order.id}`, { orderingStatus: 'Canceled' })).status).toBe(200);
    expect(await stockOf(gadget, warehouse)).toBe(before);
    expect((await ws.owner.put(`${base}/settings`, { defaultStockLocationId: warehouse })).status).toBe(200);
  });

  it('takes a pickup order from its pickup location', async () => {
    const before = await stockOf(widget, shop);
    const order = await member.post(base, {
      deliveryMethod: 'Pickup',
      pickupLocationId: shop,
      orderingStatus: 'Completed',
      lines: [{ productId: widget, quantity: 1 }],
    });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ orderingStatus: 'Completed', stockLocationId: shop });
    expect(await stockOf(widget, shop)).toBe(before - 1);
    const notPickup = await member.post(base, { deliveryMethod: 'Pickup', pickupLocationId: warehouse });
    expect(notPickup.status).toBe(400);
    expect(notPickup.body.errors).toHaveProperty('pickupLocationId');
  });

  it('lists with filters, sort and search', async () => {
    const fresh = await t.workspace('Listing');
    const acc = (await fresh.owner.post('/core-api/accounts', { displayName: 'Lister' })).body.id;
    const ids: string[] = [];
    for (const [i, status] of (['Draft', 'Completed', 'Canceled'] as const).entries())
      ids.push(
        (
          await fresh.owner.post(base, {
            debtorId: i === 0 ? acc : null,
            orderingStatus: status,
            orderedAt: `2026-01-0${3 - i}T10:00:00.000Z`,
            externalReference: `ext-${i}`,
          })
        ).body.id,
      );
    const numbers = async (q: string) =>
      (await fresh.owner.get(`${base}?${q}`)).body.data.map((o: { orderNumber: string }) => o.orderNumber);
    expect(await numbers('')).toEqual(['SO-000001', 'SO-000002', 'SO-000003']);
    expect(await numbers('SortBy=OrderNumber&SortOrder=Desc')).toEqual([
      'SO-000003',
      'SO-000002',
      'SO-000001',
    ]);
    expect(await numbers('SortBy=OrderedAt')).toEqual(['SO-000003', 'SO-000002', 'SO-000001']);
    expect(await numbers(`debtor_ids=${acc}`)).toEqual(['SO-000001']);
    expect(await numbers('ordering_statuses=Completed,Canceled')).toEqual(['SO-000002', 'SO-000003']);
    expect(await numbers('Query=SO-000002')).toEqual(['SO-000002']);
    expect(await numbers('external_references=ext-2')).toEqual(['SO-000003']);
    expect(await numbers('Take=1&Skip=1')).toEqual(['SO-000002']);
    expect((await fresh.owner.get(`${base}?Take=1`)).body.total).toBe(3);
    expect((await fresh.owner.get(`${base}?ordering_statuses=Shipped`)).status).toBe(400);
    expect((await fresh.owner.get(`${base}?SortBy=Total`)).status).toBe(400);
  });

  it('answers 400 naming each bad field; a failed create consumes no number', async () => {
    const last = (await ws.owner.get(`${base}/settings`)).body.lastOrderNumber;
    const foreignProduct = await product(other, 'Foreign', 1);
    const foreignAccount = (await other.owner.post('/core-api/accounts', { displayName: 'Theirs' })).body.id;
    const bad = await member.post(base, {
      orderingStatus: 'Shipped',
      deliveryMethod: 'Drone',
      lines: [{ productId: widget, quantity: 0 }, { sku: 'W-1', quantity: -1 }, { quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      [
        'deliveryMethod',
        'lines[0].quantity',
        'lines[1].quantity',
        'lines[2].productId',
        'orderingStatus',
      ].sort(),
    );
    const refs = await member.post(base, {
      lines: [
        { productId: foreignProduct, quantity: 1 },
        { sku: 'NOPE', quantity: 1 },
      ],
    });
    expect(refs.status).toBe(400);
    expect(Object.keys(refs.body.errors).sort()).toEqual(['lines[0].productId', 'lines[1].sku']);
    const debtor = await member.post(base, { debtorId: foreignAccount, orderedById: foreignAccount });
    expect(debtor.status).toBe(400);
    expect(Object.keys(debtor.body.errors).sort()).toEqual(['debtorId', 'orderedById']);
    const currency = await member.post(base, { currency: 'USD' });
    expect(currency.status).toBe(400);
    expect(currency.body.errors).toHaveProperty('currency');
    const unpriced = await product(ws, 'Quote only', null);
    const noPrice = await member.post(base, { lines: [{ productId: unpriced, quantity: 1 }] });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.errors).toHaveProperty(['lines[0].unitPrice']);
    expect(
      (await member.post(base, { lines: [{ productId: unpriced, quantity: 1, unitPrice: 3 }] })).status,
    ).toBe(200);
    const huge = await member.post(base, {
      lines: Array.from({ length: 501 }, () => ({ productId: widget, quantity: 1 })),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toHaveProperty('lines');
    expect((await ws.owner.get(`${base}/settings`)).body.lastOrderNumber).toBe(last + 1);
    const id = (await member.post(base, {})).body.id;
    expect((await member.put(`${base}/${id}`, { id: widget })).status).toBe(400);
    expect(
      (await member.post(`${base}/${id}/lines`, { productId: widget, quantity: 0 })).body.errors,
    ).toHaveProperty('quantity');
    expect(
      (await member.post(`${base}/${id}/lines`, { productId: foreignProduct, quantity: 1 })).body.errors,
    ).toHaveProperty('productId');
  });

  it('refuses to delete an account with orders (409) and a product on an order (409)', async () => {
    const acc = (await ws.owner.post('/core-api/accounts', { displayName: 'Has orders' })).body.id;
    const p = await product(ws, 'Ordered once', 2);
    const order = (await member.post(base, { debtorId: acc, lines: [{ productId: p, quantity: 1 }] })).body
      .id;
    expect((await ws.owner.delete(`/core-api/accounts/${acc}`)).status).toBe(409);
    expect((await ws.owner.delete(`/core-api/catalog/products/${p}`)).status).toBe(409);
    expect((await member.delete(`${base}/${order}`)).status).toBe(200);
    expect((await ws.owner.delete(`/core-api/accounts/${acc}`)).status).toBe(200);
  });

  it('hides other workspaces (404), lets Viewers only read (403), and honours If-Match (412)', async () => {
    const order = (await member.post(base, { lines: [{ productId: widget, quantity: 1 }] })).body;
    const id = order.id;
    expect((await other.owner.get(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${id}`, {})).status).toBe(404);
    expect((await other.owner.delete(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.post(`${base}/${id}/lines`, { productId: widget, quantity: 1 })).status).toBe(
      404,
    );
    expect((await other.owner.delete(`${base}/${id}/lines/${order.lines[0].id}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${id}`)).body.total).toBe(0);
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.get(`${base}/stats/daily`)).status).toBe(200);
    expect((await viewer.post(base, {})).status).toBe(403);
    expect((await viewer.put(`${base}/${id}`, {})).status).toBe(403);
    expect((await viewer.delete(`${base}/${id}`)).status).toBe(403);
    expect((await viewer.post(`${base}/${id}/lines`, { productId: widget, quantity: 1 })).status).toBe(403);
    expect((await viewer.delete(`${base}/${id}/lines/${order.lines[0].id}`)).status).toBe(403);
    expect((await viewer.put(`${base}/settings`, {})).status).toBe(403);
    const client = await ws.client();
    expect((await client.get(base)).status).toBe(403);
    const stale = await member.put(`${base}/${id}`, {}).set('If-Match', '"999"');
    expect(stale.status).toBe(412);
  });

  it('configures the order number per workspace', async () => {
    const fresh = await t.workspace('Numbers');
    expect((await fresh.owner.get(`${base}/settings`)).body).toEqual({
      orderNumberPrefix: 'SO-',
      orderNumberPadding: 6,
      lastOrderNumber: 0,
      nextOrderNumber: 'SO-000001',
      allowBackorders: false,
      defaultStockLocationId: null,
    });
    expect((await fresh.owner.post(base, {})).body.orderNumber).toBe('SO-000001');
    const set = await fresh.owner.put(`${base}/settings`, {
      orderNumberPrefix: 'WEB/',
      orderNumberPadding: 3,
    });
    expect(set.status).toBe(200);
    expect(set.body.nextOrderNumber).toBe('WEB/002');
    expect((await fresh.owner.post(base, {})).body.orderNumber).toBe('WEB/002');
    const bad = await fresh.owner.put(`${base}/settings`, {
      orderNumberPrefix: 'SO 1',
      orderNumberPadding: 0,
      defaultStockLocationId: warehouse,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['orderNumberPadding', 'orderNumberPrefix']);
    const foreign = await fresh.owner.put(`${base}/settings`, { defaultStockLocationId: warehouse });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('defaultStockLocationId');
  });

  it('answers daily stats and statistics per day, status and channel', async () => {
    const fresh = await t.workspace('Stats');
    const p = await product(fresh, 'Stat product', 10);
    const place = (orderedAt: string, channel: string, orderingStatus = 'Draft') =>
      fresh.owner.post(base, { orderedAt, channel, orderingStatus, lines: [{ productId: p, quantity: 1 }] });
    await place('2026-03-01T08:00:00.000Z', 'web');
    await place('2026-03-01T22:00:00.000Z', 'web', 'Completed');
    await place('2026-03-02T12:00:00.000Z', 'phone', 'Canceled');
    await place('2026-03-03T12:00:00.000Z', 'phone');
    const daily = await fresh.owner.get(`${base}/stats/daily?from=2026-03-01&to=2026-03-04`);
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual({
      data: [
        { date: '2026-03-01', count: 2, revenue: 20 },
        { date: '2026-03-02', count: 0, revenue: 0 },
        { date: '2026-03-03', count: 1, revenue: 10 },
        { date: '2026-03-04', count: 0, revenue: 0 },
      ],
      total: 4,
    });
    const stats = await fresh.owner.get('/core-api/statistics/salesorders?from=2026-03-01&to=2026-03-31');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      data: [
        {
          date: '2026-03-01',
          orderingStatus: 'Completed',
          channel: 'web',
          count: 1,
          revenue: 10,
          revenueInclVat: 12.1,
        },
        {
          date: '2026-03-01',
          orderingStatus: 'Draft',
          channel: 'web',
          count: 1,
          revenue: 10,
          revenueInclVat: 12.1,
        },
        {
          date: '2026-03-02',
          orderingStatus: 'Canceled',
          channel: 'phone',
          count: 1,
          revenue: 10,
          revenueInclVat: 12.1,
        },
        {
          date: '2026-03-03',
          orderingStatus: 'Draft',
          channel: 'phone',
          count: 1,
          revenue: 10,
          revenueInclVat: 12.1,
        },
      ],
      total: 4,
      orderCount: 4,
      revenue: 30,
    });
    expect((await fresh.owner.get(`${base}/stats/daily?from=2026-03-05&to=2026-03-01`)).status).toBe(400);
    expect((await fresh.owner.get(`${base}/stats/daily?from=2024-01-01&to=2026-03-01`)).status).toBe(400);
    expect((await fresh.owner.get(`${base}/stats/daily?from=yesterday`)).status).toBe(400);
    expect(
      (await other.owner.get(`${base}/stats/daily?from=2026-03-01&to=2026-03-01`)).body.data[0].count,
    ).toBe(0);
  });

  it('prices an order in another supported currency at its exchange rate; a Member’s price stays as given', async () => {
    expect(
      (
        await ws.owner.post('/core-api/internationalization/currencies', {
          code: 'USD',
          exchangeRate: 1.0842,
        })
      ).status,
    ).toBe(200);
    const created = await member.post(base, {
      currency: 'USD',
      lines: [
        { productId: widget, quantity: 1 },
        { sku: 'G-1', quantity: 1, unitPrice: 3 },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.currency).toBe('USD');
    // Widget: 10.00 EUR (no debtor, no discount) × 1.0842 = 10.842 → 10.84 USD.
    expect(created.body.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([10.84, 3]);
    const added = await member.post(`${base}/${created.body.id}/lines`, { productId: widget, quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.body.lines[2]).toMatchObject({ unitPrice: 10.84, totalExclVat: 21.68 });
    expect((await member.post(base, { currency: 'JPY' })).body.errors).toHaveProperty('currency');
  });
});
