import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Db } from '../../../src/platform/database/db';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { SalesSettingsService } from '../../../src/sales/settings/sales-settings.service';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** Order numbers: per workspace, gapless and strictly increasing, also under 200 concurrent creates. */
describe('Sales order numbers', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let widget: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    widget = (
      await ws.owner.post('/core-api/catalog/products', { name: 'Widget', pricing: { salesPrice: 2 } })
    ).body.id;
  });
  afterAll(() => t.close());

  const sequenceOf = (n: string) => Number(n.replace(/^SO-/, ''));

  it('gives 200 concurrent creates (core and commerce share the counter) 200 distinct consecutive numbers', async () => {
    const client = await ws.customer();
    const creates = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? ws.owner.post('/core-api/salesorders', { lines: [{ productId: widget, quantity: 1 }] })
        : client.post('/commerce-api/salesorders', {
            channel: 'web',
            lines: [{ productId: widget, quantity: 1 }],
          }),
    );
    // Another workspace creating at the same time has its own counter.
    const elsewhere = Array.from({ length: 10 }, () => other.owner.post('/core-api/salesorders', {}));
    const answers = await Promise.all([...creates, ...elsewhere]);
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    const numbers = answers.slice(0, 200).map((a) => a.body.orderNumber as string);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers.map(sequenceOf).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(
      answers
        .slice(200)
        .map((a) => sequenceOf(a.body.orderNumber))
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect((await ws.owner.get('/core-api/salesorders?Take=0')).body.total).toBe(200);
  });

  it('gives a number back when the creating transaction rolls back', async () => {
    const fresh = await t.workspace('Rollback');
    expect((await fresh.owner.post('/core-api/salesorders', {})).body.orderNumber).toBe('SO-000001');
    const ctx = RequestContext.system(fresh.id);
    await expect(
      t.app.get(Db).transaction(ctx, async (tx) => {
        expect((await t.app.get(SalesSettingsService).takeNumber(tx)).orderNumber).toBe('SO-000002');
        throw new Error('the order failed after taking its number');
      }),
    ).rejects.toThrow('the order failed');
    // Failed creates (bad input, unknown product, not enough stock) do not take one either.
    expect(
      (await fresh.owner.post('/core-api/salesorders', { lines: [{ productId: widget, quantity: 1 }] }))
        .status,
    ).toBe(400);
    expect((await fresh.owner.post('/core-api/salesorders', {})).body.orderNumber).toBe('SO-000002');
    expect((await fresh.owner.get('/core-api/salesorders/settings')).body).toMatchObject({
      lastOrderNumber: 2,
      nextOrderNumber: 'SO-000003',
    });
  });

  it('keeps numbers unique when the padding is outgrown', async () => {
    const fresh = await t.workspace('Padding');
    await fresh.owner.put('/core-api/salesorders/settings', { orderNumberPadding: 1 });
    const numbers: string[] = [];
    for (let i = 0; i < 11; i++)
      numbers.push((await fresh.owner.post('/core-api/salesorders', {})).body.orderNumber);
    expect(numbers.slice(8)).toEqual(['SO-9', 'SO-10', 'SO-11']);
    const sorted = (await fresh.owner.get('/core-api/salesorders?SortBy=OrderNumber')).body.data.map(
      (o: { orderNumber: string }) => o.orderNumber,
    );
    expect(sorted).toEqual(numbers);
  });
});
