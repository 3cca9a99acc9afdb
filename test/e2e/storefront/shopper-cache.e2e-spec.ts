import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, type Pool } from 'pg';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const P = '/commerce-api/catalog/products';

/**
 * The storefront's read caches stay exact: the shopper (contact → primary account), an account
 * priced by id, the VAT codes and scripts version, and the default currency are kept between
 * requests, and the very next request after a change (through the API or plain SQL) sees it.
 * Every step first asks twice, so the answer before the change is the cached one.
 */
describe('Storefront read caches', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await startApp();
    ds = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  interface Shop {
    ws: WorkspaceFixture;
    shopper: Caller;
    contactId: string;
    plain: string; // an account without a catalog, 10 % discount
    retail: string; // an account limited to the Retail catalog, 20 % discount
    inRetail: string; // product in Retail, 100
    outside: string; // product in no catalog, 50
  }

  const made = async (caller: Caller, path: string, body: object): Promise<string> => {
    const res = await caller.post(path, body);
    expect(res.status).toBe(200);
    return res.body.id;
  };

  async function shop(): Promise<Shop> {
    const ws = await t.workspace();
    const shopper = await ws.client();
    const catalog = await made(ws.owner, '/core-api/catalog/catalogs', { name: 'Retail' });
    const plain = await made(ws.owner, '/core-api/accounts', {
      displayName: 'Plain BV',
      commerceSettings: { discountPercentage: 10 },
    });
    const retail = await made(ws.owner, '/core-api/accounts', {
      displayName: 'Retail BV',
      productCatalogId: catalog,
      commerceSettings: { discountPercentage: 20 },
    });
    const inRetail = await made(ws.owner, '/core-api/catalog/products', {
      name: 'Chair',
      sku: 'CH-1',
      catalogs: [catalog],
      pricing: { salesPrice: 100 },
    });
    const outside = await made(ws.owner, '/core-api/catalog/products', {
      name: 'Table',
      sku: 'TA-1',
      pricing: { salesPrice: 50 },
    });
    const contactId = await made(ws.owner, '/core-api/contacts', {
      firstName: 'Cached',
      lastName: 'Shopper',
      clientLoginId: shopper.userId,
      accounts: [{ accountId: plain }],
    });
    return { ws, shopper, contactId, plain, retail, inRetail, outside };
  }

  /** The answer of the request's second sending (the first fills the caches). */
  const twice = async (send: () => Promise<{ status: number; body: unknown }>) => {
    await send();
    return send();
  };

  const priceOf = async (caller: Caller, productId: string, query = '') => {
    const res = await caller.get(`${P}/price/${productId}${query}`);
    expect(res.status).toBe(200);
    return res.body as {
      customerPrice: number | null;
      messages: string[];
      vat: { rate: number; code: string | null };
    };
  };

  const relink = (s: Shop, accounts: string[], clientLoginId: string | null = s.shopper.userId) =>
    s.ws.owner.put(`/core-api/contacts/${s.contactId}`, {
      firstName: 'Cached',
      lastName: 'Shopper',
      clientLoginId,
      accounts: accounts.map((accountId) => ({ accountId })),
    });

  it('prices the very next request at an account’s new discount (API and plain SQL)', async () => {
    const s = await shop();
    await twice(() => s.shopper.get(`${P}/price/${s.outside}`));
    expect((await priceOf(s.shopper, s.outside)).customerPrice).toBe(45);
    const put = await s.ws.owner.put(`/core-api/accounts/${s.plain}`, {
      displayName: 'Plain BV',
      commerceSettings: { discountPercentage: 30 },
    });
    expect(put.status).toBe(200);
    expect((await priceOf(s.shopper, s.outside)).customerPrice).toBe(35);
    await ds.query(
      `UPDATE accounts SET commerce_settings = jsonb_set(commerce_settings, '{discountPercentage}', '50')
        WHERE workspace_id = $1 AND id = $2`,
      [s.ws.id, s.plain],
    );
    expect((await priceOf(s.shopper, s.outside)).customerPrice).toBe(25);
  });

  it('sees the next change from another session after the pool closed one of its connections', async () => {
    const s = await shop();
    await twice(() => s.shopper.get(`${P}/price/${s.outside}`));
    expect((await priceOf(s.shopper, s.outside)).customerPrice).toBe(45);
    // On the server the pool closes an idle connection (it listened too): the caches keep their
    // entries, and a change committed by a session outside this process reaches them through the
    // connections left. (Embedded: one session, no pool; the change is this session's own.)
    const pool = (ds.driver as unknown as { master?: Pool }).master;
    const url = (ds.options as { url?: string }).url;
    if (url && pool) (await pool.connect()).release(true);
    const change = [
      `UPDATE accounts SET commerce_settings = jsonb_set(commerce_settings, '{discountPercentage}', '20')
        WHERE workspace_id = $1 AND id = $2`,
      [s.ws.id, s.plain],
    ] as const;
    if (url) {
      const other = new Client({ connectionString: url });
      await other.connect();
      await other.query(change[0], [...change[1]]);
      await other.end();
      // Another session's notification arrives within milliseconds, not before its COMMIT returns.
      const deadline = Date.now() + 2000;
      while ((await priceOf(s.shopper, s.outside)).customerPrice !== 40 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } else await ds.query(change[0], [...change[1]]);
    expect((await priceOf(s.shopper, s.outside)).customerPrice).toBe(40);
  });

  it('prices a user’s request for an account by id at its new discount', async () => {
    const s = await shop();
    const asOwner = () => priceOf(s.ws.owner, s.outside, `?customerId=${s.plain}`);
    await asOwner();
    expect((await asOwner()).customerPrice).toBe(45);
    await ds.query(
      `UPDATE accounts SET commerce_settings = jsonb_set(commerce_settings, '{discountPercentage}', '40')
        WHERE workspace_id = $1 AND id = $2`,
      [s.ws.id, s.plain],
    );
    expect((await asOwner()).customerPrice).toBe(30);
  });

  it('reads the next product with the catalog of the account a contact is linked to now', async () => {
    const s = await shop();
    expect((await twice(() => s.shopper.get(`${P}/${s.outside}`))).status).toBe(200);
    // linked to the Retail account instead: a product outside its catalog is not there
    expect((await relink(s, [s.retail])).status).toBe(200);
    expect((await s.shopper.get(`${P}/${s.outside}`)).status).toBe(404);
    expect((await s.shopper.get(`${P}/${s.inRetail}`)).status).toBe(200);
    expect((await priceOf(s.shopper, s.inRetail)).customerPrice).toBe(80);
    // the Retail account's catalog removed by plain SQL: every product again
    await ds.query(`UPDATE accounts SET product_catalog_id = NULL WHERE workspace_id = $1 AND id = $2`, [
      s.ws.id,
      s.retail,
    ]);
    expect((await s.shopper.get(`${P}/${s.outside}`)).status).toBe(200);
    // the plain account first again (by position)
    expect((await relink(s, [s.plain, s.retail])).status).toBe(200);
    expect((await priceOf(s.shopper, s.inRetail)).customerPrice).toBe(90);
    // unlinked from every account: list prices
    expect((await relink(s, [])).status).toBe(200);
    expect((await priceOf(s.shopper, s.inRetail)).customerPrice).toBe(100);
  });

  it('forgets the shopper when its contact is unlinked from the login, and finds a new contact', async () => {
    const s = await shop();
    expect((await relink(s, [s.retail])).status).toBe(200);
    expect((await twice(() => s.shopper.get(`${P}/${s.outside}`))).status).toBe(404);
    expect((await relink(s, [s.retail], null)).status).toBe(200);
    // no contact: no account, every active product at list prices
    expect((await s.shopper.get(`${P}/${s.outside}`)).status).toBe(200);
    expect((await twice(() => s.shopper.get(`${P}/price/${s.outside}`))).body).toMatchObject({
      customerPrice: 50,
    });
    // a new contact linked to the login (insert): its account applies from the next request on
    await made(s.ws.owner, '/core-api/contacts', {
      firstName: 'New',
      lastName: 'Contact',
      clientLoginId: s.shopper.userId,
      accounts: [{ accountId: s.retail }],
    });
    expect((await s.shopper.get(`${P}/${s.outside}`)).status).toBe(404);
  });

  it('shows every product from the next read on once the account’s catalog is deleted', async () => {
    const s = await shop();
    expect((await relink(s, [s.retail])).status).toBe(200);
    expect((await twice(() => s.shopper.get(`${P}/${s.outside}`))).status).toBe(404);
    const catalog = (await s.ws.owner.get(`/core-api/accounts/${s.retail}`)).body.productCatalogId;
    expect((await s.ws.owner.delete(`/core-api/catalog/catalogs/${catalog}`)).status).toBe(200);
    // the foreign key's ON DELETE SET NULL updates the account: its trigger notifies too
    expect((await s.shopper.get(`${P}/${s.outside}`)).status).toBe(200);
  });

  it('prices the next request at a VAT code’s new rate', async () => {
    const s = await shop();
    await twice(() => s.shopper.get(`${P}/price/${s.outside}`));
    expect((await priceOf(s.shopper, s.outside)).vat.rate).toBe(21);
    await ds.query(`UPDATE vat_codes SET rate = 19 WHERE workspace_id = $1 AND is_default`, [s.ws.id]);
    expect((await priceOf(s.shopper, s.outside)).vat.rate).toBe(19);
  });

  it('applies a script from the next price on, and not after it is deactivated', async () => {
    const s = await shop();
    await twice(() => s.shopper.get(`${P}/price/${s.outside}`));
    expect((await priceOf(s.shopper, s.outside)).messages).toEqual([]);
    const body = { name: 'Note', trigger: 'PriceCalculation', code: 'return { messages: ["ruled"] };' };
    const script = await made(s.ws.owner, '/core-api/atomicscripts', body);
    expect((await priceOf(s.shopper, s.outside)).messages).toEqual(['ruled']);
    expect((await priceOf(s.shopper, s.outside)).messages).toEqual(['ruled']);
    const off = await s.ws.owner.put(`/core-api/atomicscripts/${script}`, {
      ...body,
      id: script,
      active: false,
    });
    expect(off.status).toBe(200);
    expect((await priceOf(s.shopper, s.outside)).messages).toEqual([]);
  });

  it('places the next order in the workspace’s new default currency', async () => {
    const s = await shop();
    const order = async () => {
      const placed = await s.shopper.post('/commerce-api/salesorders', { channel: 'webshop' });
      expect(placed.status).toBe(200);
      return (await s.shopper.get(`/commerce-api/salesorders/${placed.body.id}`)).body.currency as string;
    };
    await order();
    expect(await order()).toBe('EUR');
    const currencies = '/core-api/internationalization/currencies';
    const usd = await made(s.ws.owner, currencies, { code: 'USD', exchangeRate: 1.1 });
    const madeDefault = await s.ws.owner.put(`${currencies}/${usd}`, { exchangeRate: 1, isDefault: true });
    expect(madeDefault.status).toBe(200);
    expect(await order()).toBe('USD');
  });

  it('never answers from another workspace’s entries', async () => {
    const a = await shop();
    const b = await shop();
    expect((await twice(() => a.shopper.get(`${P}/price/${a.outside}`))).body).toMatchObject({
      customerPrice: 45,
    });
    expect((await relink(b, [b.retail])).status).toBe(200);
    expect((await priceOf(b.shopper, b.inRetail)).customerPrice).toBe(80);
    expect((await priceOf(a.shopper, a.outside)).customerPrice).toBe(45);
  });
});
