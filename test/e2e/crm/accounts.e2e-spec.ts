import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const address = (city: string) => ({
  street: 'Keizersgracht',
  houseNumber: '123',
  houseNumberAddition: 'A',
  postalCode: '1015 CJ',
  city,
  region: 'Noord-Holland',
  countryCode: 'nl',
});

describe('Accounts', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  const types = async (caller: Caller, id: string) =>
    (
      (await caller.get(`/core-api/activities?entity_ids=${id}&Take=1000`)).body.data as Array<{
        type: string;
      }>
    )
      .map((a) => a.type)
      .sort();

  it('creates, reads, lists, replaces and deletes an account with every member', async () => {
    const catalog = await ws.owner.post('/core-api/catalog/catalogs', { name: 'Wholesale' });
    expect(catalog.status).toBe(200);
    const body = {
      displayName: '  Acme Trading  ',
      description: 'Wholesale of tools',
      notes: 'Prefers email',
      accountCode: 'C-0001',
      accountStatus: 'Active',
      accountType: 'Customer',
      ownerId: ws.owner.userId,
      salesOrderProcessorId: member.userId,
      industries: ['Retail', 'Tools', 'Retail'],
      employees: 42,
      vatNumber: 'NL001234567B01',
      chamberOfCommerce: '69599084',
      chamberOfCommerceRubricationCodes: ['4674'],
      vatValidationDate: '2026-01-02T03:04:05.000Z',
      productCatalogId: catalog.body.id,
      tags: ['vip', ' key '],
      lastContactMoment: '2026-02-01T10:00:00.000Z',
      billingAddress: address('Amsterdam'),
      visitingAddress: { city: 'Utrecht' },
      contactDetails: {
        emails: [{ address: 'info@acme.test', label: 'general' }],
        phones: [{ number: '+31 20 123 4567' }],
        websites: [{ url: 'https://acme.test' }],
      },
      attributes: [
        { key: 'preferredCarrier', value: 'DHL' },
        { key: 'pallets', value: 3 },
        { key: 'dropship', value: false },
      ],
      commerceSettings: {
        discountPercentage: 5,
        paymentTermDays: 30,
        currency: 'eur',
        vatLiable: true,
        creditLimit: 10000,
      },
      externalReference: 'erp-1',
    };
    const created = await member.post('/core-api/accounts', body);
    expect(created.status).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    const id = created.body.id;
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'erp-1',
      displayName: 'Acme Trading',
      description: 'Wholesale of tools',
      notes: 'Prefers email',
      accountCode: 'C-0001',
      accountStatus: 'Active',
      accountType: 'Customer',
      ownerId: ws.owner.userId,
      salesOrderProcessorId: member.userId,
      industries: ['Retail', 'Tools'],
      employees: 42,
      vatNumber: 'NL001234567B01',
      chamberOfCommerce: '69599084',
      chamberOfCommerceRubricationCodes: ['4674'],
      vatValidationDate: '2026-01-02T03:04:05.000Z',
      productCatalogId: catalog.body.id,
      tags: ['vip', 'key'],
      lastContactMoment: '2026-02-01T10:00:00.000Z',
      billingAddress: { ...address('Amsterdam'), countryCode: 'NL' },
      visitingAddress: {
        street: null,
        houseNumber: null,
        houseNumberAddition: null,
        postalCode: null,
        city: 'Utrecht',
        region: null,
        countryCode: null,
      },
      deliveryAddress: null,
      contactDetails: {
        emails: [{ address: 'info@acme.test', label: 'general' }],
        phones: [{ number: '+31 20 123 4567', label: null }],
        websites: [{ url: 'https://acme.test', label: null }],
      },
      attributes: [
        { key: 'preferredCarrier', value: 'DHL' },
        { key: 'pallets', value: 3 },
        { key: 'dropship', value: false },
      ],
      commerceSettings: {
        priceListId: null,
        discountPercentage: 5,
        paymentTermDays: 30,
        currency: 'EUR',
        vatLiable: true,
        creditLimit: 10000,
        priceVisibility: 'Visible',
      },
    });

    const got = await viewer.get(`/core-api/accounts/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ...created.body, lastContactMoment: expect.any(String) });
    expect(got.headers.etag).toBe('"1"');

    for (const query of ['acme', 'C-0001', 'nl0012', '69599084']) {
      const list = await viewer.get(`/core-api/accounts?Query=${query}`);
      expect(list.body).toEqual({ data: [expect.objectContaining({ id })], total: 1 });
    }

    const replaced = await member.put(`/core-api/accounts/${id}`, { id, displayName: 'Acme B.V.' });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.etag).toBe('"2"');
    expect(replaced.body).toMatchObject({
      displayName: 'Acme B.V.',
      accountCode: null,
      accountType: null,
      ownerId: null,
      industries: [],
      tags: [],
      billingAddress: null,
      contactDetails: { emails: [], phones: [], websites: [] },
      attributes: [],
      commerceSettings: {
        priceListId: null,
        discountPercentage: 0,
        paymentTermDays: null,
        currency: null,
        vatLiable: true,
        creditLimit: null,
      },
      externalReference: null,
    });

    const deleted = await member.delete(`/core-api/accounts/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await ws.owner.get(`/core-api/accounts/${id}`)).status).toBe(404);
    expect(await types(ws.owner, id)).toEqual(
      expect.arrayContaining(['AccountCreated', 'AccountDeleted', 'AccountDisplayNameUpdated']),
    );
  });

  it('records the interface’s Account…Updated activity types, one per changed property', async () => {
    const created = await ws.owner.post('/core-api/accounts', { displayName: 'Activity Corp' });
    const id = created.body.id;
    const changed = await ws.owner.put(`/core-api/accounts/${id}`, {
      displayName: 'Activity Corp',
      accountCode: 'ACT-1',
      accountStatus: 'Prospect',
      accountType: 'Partner',
      attributes: [{ key: 'tier', value: 'gold' }],
      billingAddress: address('Rotterdam'),
      chamberOfCommerceRubricationCodes: ['6201'],
      chamberOfCommerce: '12345678',
      commerceSettings: { discountPercentage: 2.5 },
    });
    expect(changed.status).toBe(200);
    const activities = (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=1000`)).body
      .data as Array<{
      type: string;
      data: { property?: string; oldValue?: unknown; newValue?: unknown };
    }>;
    const updated = activities
      .filter((a) => a.type.endsWith('Updated'))
      .map((a) => a.type)
      .sort();
    expect(updated).toEqual([
      'AccountAccountCodeUpdated',
      'AccountAccountStatusUpdated',
      'AccountAccountTypeUpdated',
      'AccountAttributesUpdated',
      'AccountBillingAddressUpdated',
      'AccountChamberOfCommerceRubricationCodesUpdated',
      'AccountChamberOfCommerceUpdated',
      'AccountCommerceSettingsUpdated',
    ]);
    const billing = activities.find((a) => a.type === 'AccountBillingAddressUpdated')!;
    expect(billing.data).toEqual({
      property: 'billingAddress',
      oldValue: null,
      newValue: { ...address('Rotterdam'), countryCode: 'NL' },
    });
    const commerce = activities.find((a) => a.type === 'AccountCommerceSettingsUpdated')!;
    expect(commerce.data.newValue).toMatchObject({ discountPercentage: 2.5 });
    expect(activities.find((a) => a.type === 'AccountCreated')).toBeDefined();
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const res = await ws.owner.post('/core-api/accounts', {
      displayName: '',
      accountType: 'Prospect',
      employees: -1,
      vatValidationDate: 'yesterday',
      lastContactMoment: '2026-13-45T00:00:00Z',
      accountStatus: 'x'.repeat(101),
      accountCode: 'x'.repeat(256),
      ownerId: 'not-a-uuid',
      industries: 'Retail',
      billingAddress: { countryCode: 'XX' },
      contactDetails: { emails: [{ address: 'nope' }], websites: [{ url: 'not a url' }] },
      attributes: [{ key: '', value: { nested: true } }],
      commerceSettings: { discountPercentage: 150, currency: 'EURO', creditLimit: -5 },
      description: 'x'.repeat(65536),
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'accountCode',
        'accountStatus',
        'accountType',
        'attributes[0].key',
        'attributes[0].value',
        'billingAddress.countryCode',
        'commerceSettings.creditLimit',
        'commerceSettings.currency',
        'commerceSettings.discountPercentage',
        'contactDetails.emails[0].address',
        'contactDetails.websites[0].url',
        'description',
        'displayName',
        'employees',
        'industries',
        'lastContactMoment',
        'ownerId',
        'vatValidationDate',
      ].sort(),
    );
    expect((await ws.owner.post('/core-api/accounts', {})).body.errors).toHaveProperty('displayName');
    expect((await ws.owner.get('/core-api/accounts?Query=Prospect')).body.total).toBe(0);
  });

  it('answers 400 for references that are not of this workspace', async () => {
    const stranger = await other.member('Member');
    const foreignCatalog = await other.owner.post('/core-api/catalog/catalogs', { name: 'Theirs' });
    const res = await ws.owner.post('/core-api/accounts', {
      displayName: 'Bad refs',
      ownerId: stranger.userId,
      salesOrderProcessorId: randomUUID(),
      productCatalogId: foreignCatalog.body.id,
      attributes: [
        { key: 'a', value: 1 },
        { key: 'a', value: 2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'attributes[1].key',
      'ownerId',
      'productCatalogId',
      'salesOrderProcessorId',
    ]);
    // a client login is not a user of the workspace
    const client = await ws.client();
    const asOwner = await ws.owner.post('/core-api/accounts', {
      displayName: 'Client owner',
      ownerId: client.userId,
    });
    expect(asOwner.status).toBe(400);
    expect(asOwner.body.errors).toHaveProperty('ownerId');
    // the same references on PUT
    const ok = await ws.owner.post('/core-api/accounts', {
      displayName: 'Good refs',
      ownerId: member.userId,
    });
    const put = await ws.owner.put(`/core-api/accounts/${ok.body.id}`, {
      displayName: 'Good refs',
      salesOrderProcessorId: stranger.userId,
    });
    expect(put.status).toBe(400);
    expect(put.body.errors).toHaveProperty('salesOrderProcessorId');
  });

  it('answers 404 for unknown ids, 400 for malformed ids and for a body id that differs', async () => {
    const missing = randomUUID();
    expect((await ws.owner.get(`/core-api/accounts/${missing}`)).status).toBe(404);
    expect((await ws.owner.put(`/core-api/accounts/${missing}`, { displayName: 'x' })).status).toBe(404);
    expect((await ws.owner.delete(`/core-api/accounts/${missing}`)).status).toBe(404);
    const malformed = await ws.owner.get('/core-api/accounts/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('id');
    const created = await ws.owner.post('/core-api/accounts', { displayName: 'Id check' });
    const wrong = await ws.owner.put(`/core-api/accounts/${created.body.id}`, {
      id: randomUUID(),
      displayName: 'Id check',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('id');
    const stale = await ws.owner
      .put(`/core-api/accounts/${created.body.id}`)
      .set('If-Match', '"9"')
      .send({ displayName: 'Id check' });
    expect(stale.status).toBe(412);
  });

  it('answers 409 for an account code already used in the workspace (another workspace may use it)', async () => {
    expect(
      (await ws.owner.post('/core-api/accounts', { displayName: 'First', accountCode: 'DUP-1' })).status,
    ).toBe(200);
    const again = await ws.owner.post('/core-api/accounts', { displayName: 'Second', accountCode: 'DUP-1' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('accountCode');
    expect(
      (await other.owner.post('/core-api/accounts', { displayName: 'Theirs', accountCode: 'DUP-1' })).status,
    ).toBe(200);
  });

  it('hides other workspaces: 404 on member paths, absent from lists, tags and stats', async () => {
    const mine = await ws.owner.post('/core-api/accounts', {
      displayName: 'Secret Holding',
      tags: ['secret-tag'],
      industries: ['Secret'],
    });
    const id = mine.body.id;
    expect((await other.owner.get(`/core-api/accounts/${id}`)).status).toBe(404);
    expect((await other.owner.put(`/core-api/accounts/${id}`, { displayName: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`/core-api/accounts/${id}`)).status).toBe(404);
    expect((await other.owner.get(`/core-api/accounts?ids=${id}`)).body.total).toBe(0);
    expect((await other.owner.get('/core-api/accounts?Query=Secret')).body.total).toBe(0);
    expect((await other.owner.get('/core-api/accounts/tags')).body.data).not.toContainEqual(
      expect.objectContaining({ value: 'secret-tag' }),
    );
    expect((await other.owner.get('/core-api/accounts/industries')).body.data).not.toContainEqual(
      expect.objectContaining({ value: 'Secret' }),
    );
    expect((await ws.owner.get(`/core-api/accounts/${id}`)).status).toBe(200);
  });

  it('lets Viewers read and nothing else', async () => {
    const created = await ws.owner.post('/core-api/accounts', { displayName: 'Viewer test' });
    const id = created.body.id;
    for (const path of [
      '/core-api/accounts',
      `/core-api/accounts/${id}`,
      '/core-api/accounts/tags',
      '/core-api/accounts/industries',
      '/core-api/accounts/filterable-values',
      '/core-api/accounts/stats',
    ]) {
      expect((await viewer.get(path)).status).toBe(200);
    }
    expect((await viewer.post('/core-api/accounts', { displayName: 'No' })).status).toBe(403);
    expect((await viewer.put(`/core-api/accounts/${id}`, { displayName: 'No' })).status).toBe(403);
    expect((await viewer.delete(`/core-api/accounts/${id}`)).status).toBe(403);
    const client = await ws.client();
    expect((await client.get('/core-api/accounts')).status).toBe(403);
    expect((await t.http.get('/core-api/accounts')).status).toBe(401);
  });

  describe('lists, used values, filterable values and stats on known data', () => {
    let known: WorkspaceFixture;
    let seller: Caller;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      known = await t.workspace('Known');
      seller = await known.member('Member');
      const rows = [
        {
          displayName: 'Delta',
          accountType: 'Customer',
          accountStatus: 'Active',
          ownerId: known.owner.userId,
          industries: ['Retail', 'Food'],
          tags: ['a', 'b'],
        },
        {
          displayName: 'alpha',
          accountType: 'Customer',
          accountStatus: 'Active',
          ownerId: seller.userId,
          industries: ['Retail'],
          tags: ['a'],
        },
        {
          displayName: 'Charlie',
          accountType: 'Supplier',
          accountStatus: 'On hold',
          ownerId: seller.userId,
          industries: ['Food'],
          tags: [],
        },
        {
          displayName: 'Bravo',
          accountType: null,
          accountStatus: null,
          ownerId: null,
          industries: [],
          tags: ['b', 'c'],
        },
      ];
      for (const row of rows) {
        const res = await known.owner.post('/core-api/accounts', {
          ...row,
          externalReference: `ext-${row.displayName}`,
        });
        expect(res.status).toBe(200);
        ids[row.displayName] = res.body.id;
      }
    });

    const names = (res: { body: { data: Array<{ displayName: string }> } }) =>
      res.body.data.map((a) => a.displayName);

    it('sorts by display name (case-insensitive) or modification time, pages and totals', async () => {
      expect(names(await known.owner.get('/core-api/accounts'))).toEqual([
        'alpha',
        'Bravo',
        'Charlie',
        'Delta',
      ]);
      expect(names(await known.owner.get('/core-api/accounts?SortBy=DisplayName&SortOrder=Desc'))).toEqual([
        'Delta',
        'Charlie',
        'Bravo',
        'alpha',
      ]);
      expect(names(await known.owner.get('/core-api/accounts?sortby=ModifiedAt'))).toEqual([
        'Delta',
        'alpha',
        'Charlie',
        'Bravo',
      ]);
      const page = await known.owner.get('/core-api/accounts?Take=2&Skip=1');
      expect(names(page)).toEqual(['Bravo', 'Charlie']);
      expect(page.body.total).toBe(4);
      expect((await known.owner.get('/core-api/accounts?SortBy=Name')).status).toBe(400);
      expect((await known.owner.get('/core-api/accounts?Take=1001')).status).toBe(400);
    });

    it('filters by every list filter', async () => {
      expect(names(await known.owner.get('/core-api/accounts?account_types=Supplier,Customer'))).toEqual([
        'alpha',
        'Charlie',
        'Delta',
      ]);
      expect(names(await known.owner.get(`/core-api/accounts?owner_ids=${seller.userId}`))).toEqual([
        'alpha',
        'Charlie',
      ]);
      expect(names(await known.owner.get('/core-api/accounts?industries=Food'))).toEqual([
        'Charlie',
        'Delta',
      ]);
      expect(names(await known.owner.get('/core-api/accounts?tags=c&tags=a'))).toEqual([
        'alpha',
        'Bravo',
        'Delta',
      ]);
      expect(names(await known.owner.get(`/core-api/accounts?ids=${ids.Bravo}&ids=${ids.Delta}`))).toEqual([
        'Bravo',
        'Delta',
      ]);
      expect(names(await known.owner.get('/core-api/accounts?external_references=ext-Charlie'))).toEqual([
        'Charlie',
      ]);
      expect(
        names(await known.owner.get('/core-api/accounts?account_types=Customer&industries=Food')),
      ).toEqual(['Delta']);
      const bad = await known.owner.get('/core-api/accounts?account_types=Prospect');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('account_types');
      expect((await known.owner.get('/core-api/accounts?owner_ids=nope')).status).toBe(400);
    });

    it('answers used tags and industries with counts', async () => {
      expect((await known.owner.get('/core-api/accounts/tags')).body).toEqual({
        data: [
          { value: 'a', count: 2 },
          { value: 'b', count: 2 },
          { value: 'c', count: 1 },
        ],
        total: 3,
      });
      expect((await known.owner.get('/core-api/accounts/industries')).body).toEqual({
        data: [
          { value: 'Food', count: 2 },
          { value: 'Retail', count: 2 },
        ],
        total: 2,
      });
    });

    it('answers filterable values for each filter', async () => {
      const owners = [
        { value: seller.userId, count: 2 },
        { value: known.owner.userId, count: 1 },
      ];
      expect((await known.owner.get('/core-api/accounts/filterable-values')).body).toEqual({
        accountTypes: [
          { value: 'Customer', count: 2 },
          { value: 'Supplier', count: 1 },
        ],
        ownerIds: owners,
        industries: [
          { value: 'Food', count: 2 },
          { value: 'Retail', count: 2 },
        ],
        tags: [
          { value: 'a', count: 2 },
          { value: 'b', count: 2 },
          { value: 'c', count: 1 },
        ],
      });
    });

    it('answers stats by type, status, owner and industry', async () => {
      const stats = (await known.owner.get('/core-api/accounts/stats')).body;
      expect(stats).toEqual({
        total: 4,
        byType: [
          { value: 'Customer', count: 2 },
          { value: null, count: 1 },
          { value: 'Supplier', count: 1 },
        ],
        byStatus: [
          { value: 'Active', count: 2 },
          { value: null, count: 1 },
          { value: 'On hold', count: 1 },
        ],
        byOwner: [
          { value: seller.userId, count: 2 },
          { value: null, count: 1 },
          { value: known.owner.userId, count: 1 },
        ],
        byIndustry: [
          { value: 'Food', count: 2 },
          { value: 'Retail', count: 2 },
        ],
      });
    });
  });

  it('answers 409 on delete while a record that must keep its account references it (as sales orders do)', async () => {
    // Sales orders reference accounts with a restricting foreign key; this table stands in for them.
    const ds = t.app.get(DataSource);
    const table = `test_account_refs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await ds.query(
      `CREATE TABLE ${table} (id uuid, workspace_id uuid NOT NULL, account_id uuid NOT NULL,
         PRIMARY KEY (id, workspace_id), FOREIGN KEY (workspace_id, account_id) REFERENCES accounts (workspace_id, id))`,
    );
    try {
      const account = await ws.owner.post('/core-api/accounts', { displayName: 'Referenced' });
      await ds.query(`INSERT INTO ${table} VALUES ($1, $2, $3)`, [randomUUID(), ws.id, account.body.id]);
      const res = await ws.owner.delete(`/core-api/accounts/${account.body.id}`);
      expect(res.status).toBe(409);
      expect((await ws.owner.get(`/core-api/accounts/${account.body.id}`)).status).toBe(200);
      await ds.query(`DELETE FROM ${table}`);
      expect((await ws.owner.delete(`/core-api/accounts/${account.body.id}`)).status).toBe(200);
    } finally {
      await ds.query(`DROP TABLE ${table}`);
    }
  });
});
