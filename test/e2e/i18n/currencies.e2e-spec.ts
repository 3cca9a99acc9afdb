import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Currencies', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  const base = '/core-api/internationalization/currencies';

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  it('lists every ISO 4217 currency as available, from the maintained list', async () => {
    const res = await viewer.get(`${base}/available`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.data.length);
    expect(res.body.total).toBeGreaterThan(150);
    expect(res.body.data).toContainEqual({
      code: 'EUR',
      name: 'Euro',
      numericCode: '978',
      digits: 2,
      symbol: '€',
    });
    expect(res.body.data).toContainEqual(expect.objectContaining({ code: 'JPY', digits: 0 }));
    expect(res.body.data.map((c: { code: string }) => c.code)).not.toContain('XXX');
  });

  it('starts a workspace with its default currency as the base (rate 1)', async () => {
    const res = await viewer.get(base);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        expect.objectContaining({ code: 'EUR', symbol: '€', exchangeRate: 1, isDefault: true, name: 'Euro' }),
      ],
      total: 1,
    });
    const other = await t.workspace('Dollars');
    expect(
      (await other.owner.post('/core-api/workspaces', { name: 'Yen', defaultCurrency: 'JPY' })).status,
    ).toBe(200);
    expect(
      (await other.owner.post('/core-api/workspaces', { name: 'Bad', defaultCurrency: 'ABC' })).body.errors,
    ).toHaveProperty('defaultCurrency');
  });

  it('adds, reads and updates a currency (Admins), recording activities', async () => {
    const created = await ws.owner.post(base, {
      code: 'usd',
      exchangeRate: 1.0842,
      externalReference: 'fx-usd',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      code: 'USD',
      name: 'US Dollar',
      symbol: '$',
      exchangeRate: 1.0842,
      isDefault: false,
      externalReference: 'fx-usd',
    });
    expect(created.headers.etag).toBeDefined();
    const id = created.body.id as string;
    expect((await viewer.get(`${base}/${id}`)).body.code).toBe('USD');

    const updated = await ws.owner.put(`${base}/${id}`, {
      exchangeRate: 1.1,
      symbol: 'US$',
      isDefault: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ exchangeRate: 1.1, symbol: 'US$', externalReference: null });

    const list = await viewer.get(`${base}?codes=USD&SortOrder=Desc`);
    expect(list.body.total).toBe(1);
    expect((await viewer.get(`${base}?is_default=true`)).body.data[0].code).toBe('EUR');

    const acts = await ws.owner.get(`/core-api/activities?types=CurrencyCreated,CurrencyExchangeRateUpdated`);
    expect(acts.body.total).toBe(2);
  });

  it('switches the default with PUT, keeping exactly one', async () => {
    const own = await t.workspace('Switch');
    const gbp = (await own.owner.post(base, { code: 'GBP', exchangeRate: 0.85 })).body;
    // The new default is the base: its rate must be 1.
    const badRate = await own.owner.put(`${base}/${gbp.id}`, { exchangeRate: 0.85, isDefault: true });
    expect(badRate.status).toBe(400);
    expect(badRate.body.errors).toHaveProperty('exchangeRate');
    const switched = await own.owner.put(`${base}/${gbp.id}`, { exchangeRate: 1, isDefault: true });
    expect(switched.status).toBe(200);
    expect(switched.body.isDefault).toBe(true);
    const defaults = (await own.owner.get(`${base}?is_default=true`)).body;
    expect(defaults.total).toBe(1);
    expect(defaults.data[0].code).toBe('GBP');
    const eur = (await own.owner.get(`${base}?codes=EUR`)).body.data[0];
    expect(eur.isDefault).toBe(false);
    // Unsetting the default: 409 naming isDefault.
    const unset = await own.owner.put(`${base}/${gbp.id}`, { exchangeRate: 1, isDefault: false });
    expect(unset.status).toBe(409);
    expect(unset.body.errors).toHaveProperty('isDefault');
  });

  it('refuses unknown codes, duplicates, a second default and rates ≤ 0', async () => {
    const unknown = await ws.owner.post(base, { code: 'ABC', exchangeRate: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('code');
    const dup = await ws.owner.post(base, { code: 'EUR', exchangeRate: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toHaveProperty('code');
    const second = await ws.owner.post(base, { code: 'CHF', exchangeRate: 1, isDefault: true });
    expect(second.status).toBe(409);
    expect(second.body.errors).toHaveProperty('isDefault');
    for (const exchangeRate of [0, -1, 'x', null, 1e12, 1.00000000001]) {
      const res = await ws.owner.post(base, { code: 'CHF', exchangeRate });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('exchangeRate');
    }
    expect(
      (await ws.owner.post(base, { code: 'CHF', exchangeRate: 1, symbol: 'x'.repeat(11) })).body.errors,
    ).toHaveProperty('symbol');
    expect((await ws.owner.get(`${base}?codes=CHF`)).body.total).toBe(0);
  });

  it('allows one of two concurrent adds of the same code and keeps one default under concurrent switches', async () => {
    const own = await t.workspace('Race');
    const results = await Promise.all(
      [1, 2, 3].map(() => own.owner.post(base, { code: 'SEK', exchangeRate: 11 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const a = (await own.owner.post(base, { code: 'NOK', exchangeRate: 11 })).body.id;
    const b = (await own.owner.post(base, { code: 'DKK', exchangeRate: 7 })).body.id;
    const switches = await Promise.all(
      [a, b].map((id) => own.owner.put(`${base}/${id}`, { exchangeRate: 1, isDefault: true })),
    );
    for (const s of switches) expect([200, 409]).toContain(s.status);
    expect((await own.owner.get(`${base}?is_default=true`)).body.total).toBe(1);
  });

  it('answers 404 for another workspace’s currency, 403 for Members and Viewers on writes', async () => {
    const other = await t.workspace('Other');
    const theirs = (await other.owner.get(base)).body.data[0].id as string;
    expect((await ws.owner.get(`${base}/${theirs}`)).status).toBe(404);
    expect((await ws.owner.put(`${base}/${theirs}`, { exchangeRate: 1, isDefault: true })).status).toBe(404);
    expect((await member.post(base, { code: 'PLN', exchangeRate: 4 })).status).toBe(403);
    expect((await viewer.post(base, { code: 'PLN', exchangeRate: 4 })).status).toBe(403);
    const mine = (await ws.owner.get(base)).body.data[0].id as string;
    expect((await member.put(`${base}/${mine}`, { exchangeRate: 1, isDefault: true })).status).toBe(403);
    expect((await t.http.get(base)).status).toBe(401);
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
    const client = await ws.client();
    expect((await client.get(base)).status).toBe(403);
  });

  it('answers 412 for a stale If-Match and 400 for a body id that differs from the path', async () => {
    const own = await t.workspace('Etag');
    const huf = (await own.owner.post(base, { code: 'HUF', exchangeRate: 400 })).body.id;
    const stale = await own.owner
      .put(`${base}/${huf}`, { exchangeRate: 401, isDefault: false })
      .set('If-Match', '"99"');
    expect(stale.status).toBe(412);
    const wrongId = await own.owner.put(`${base}/${huf}`, {
      id: '00000000-0000-4000-8000-000000000000',
      exchangeRate: 401,
      isDefault: false,
    });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.errors).toHaveProperty('id');
  });
});
