import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ActivityObservers } from '../../../src/platform/activity/activity-recorder';
import { Tx } from '../../../src/platform/database/db';
import { PricingService } from '../../../src/pricing/prices/pricing.service';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** The exported batch method other contexts (sales) price order lines with. */
describe('PricingService.priceLines', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let pricing: PricingService;
  let ctx: RequestContext;
  let product: { id: string };
  let noPrice: { id: string };
  let account: { id: string };
  let vat: Record<string, string>;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    pricing = t.app.get(PricingService);
    ctx = new RequestContext(ws.id, { id: ws.owner.userId, type: 'User' }, 'Owner');
    const codes = await ws.owner.get('/core-api/vatcodes');
    vat = Object.fromEntries(
      (codes.body.data as Array<{ code: string; id: string }>).map((c) => [c.code, c.id]),
    );
    product = (
      await ws.owner.post('/core-api/catalog/products', {
        name: 'Hammer',
        sku: 'HAM-1',
        pricing: {
          salesPrice: 10.005,
          vatCodeId: vat.Reduced,
          tiers: [
            { minQuantity: 10, salesPrice: 9 },
            { minQuantity: 100, salesPrice: 8.3333 },
          ],
        },
      })
    ).body;
    noPrice = (await ws.owner.post('/core-api/catalog/products', { name: 'Custom work', sku: 'CW-1' })).body;
    account = (
      await ws.owner.post('/core-api/accounts', {
        displayName: 'Acme',
        commerceSettings: { discountPercentage: 12.5 },
      })
    ).body;
  });
  afterAll(() => t.close());

  it('prices a batch: tier, account discount, VAT, exact rounding, in request order', async () => {
    const lines = await pricing.priceLines(ctx, {
      accountId: account.id,
      lines: [
        { productId: product.id, quantity: 1 },
        { productId: product.id, quantity: '10' },
        { productId: product.id, quantity: 150 },
        { productId: noPrice.id, quantity: 2 },
      ],
    });
    expect(lines.map((l) => [l.quantity, l.listPrice, l.unitPrice, l.lineTotal])).toEqual([
      ['1', '10.01', '8.75', '8.75'], // 10.005 × 0.875 = 8.754375 → 8.75
      ['10', '9.00', '7.88', '78.80'], // 9 × 0.875 = 7.875 → 7.88 (half away from zero)
      ['150', '8.33', '7.29', '1093.50'], // 8.3333 × 0.875 = 7.2916375 → 7.29
      ['2', null, null, null],
    ]);
    expect(lines[0]).toMatchObject({
      productId: product.id,
      sku: 'HAM-1',
      name: 'Hammer',
      vatCodeId: vat.Reduced,
      vatCode: 'Reduced',
      vatRate: '9',
      vatAmount: '0.79',
      lineTotalInclVat: '9.54',
      pricesIncludeVat: false,
      shouldRequestPrice: false,
      discountPercentage: '12.5',
      messages: [],
    });
    expect(lines[3]).toMatchObject({ shouldRequestPrice: true, vatCode: 'Standard', vatRate: '21' });
  });

  it('prices without an account at the list price', async () => {
    const [line] = await pricing.priceLines(ctx, {
      accountId: null,
      lines: [{ productId: product.id, quantity: 10 }],
    });
    expect(line).toMatchObject({ unitPrice: '9.00', lineTotal: '90.00', discountPercentage: '0' });
  });

  it('runs inside a caller transaction', async () => {
    const lines = await t.app.get(DataSource).transaction(async (manager) => {
      const tx = new Tx(manager, ctx, t.app.get(ActivityObservers));
      return pricing.priceLines(
        ctx,
        { accountId: account.id, lines: [{ productId: product.id, quantity: 1 }] },
        { tx },
      );
    });
    expect(lines[0].unitPrice).toBe('8.75');
  });

  it('names the bad field: unknown product, unknown account, bad quantity', async () => {
    const other = await t.workspace('Other');
    const foreign = (await other.owner.post('/core-api/catalog/products', { name: 'Foreign' })).body;
    await expect(
      pricing.priceLines(
        ctx,
        {
          accountId: account.id,
          lines: [
            { productId: product.id, quantity: 1 },
            { productId: foreign.id, quantity: 1 },
          ],
        },
        { linesField: 'items' },
      ),
    ).rejects.toMatchObject({ errors: { 'items[1].productId': [expect.stringContaining(foreign.id)] } });
    await expect(
      pricing.priceLines(ctx, { accountId: foreign.id, lines: [{ productId: product.id, quantity: 1 }] }),
    ).rejects.toMatchObject({ errors: { accountId: [expect.any(String)] } });
    for (const quantity of [0, -1, 'abc', 1.00001, Number.NaN, '1e3'])
      await expect(
        pricing.priceLines(ctx, { accountId: null, lines: [{ productId: product.id, quantity }] }),
      ).rejects.toMatchObject({ errors: { 'lines[0].quantity': [expect.any(String)] } });
  });
});
