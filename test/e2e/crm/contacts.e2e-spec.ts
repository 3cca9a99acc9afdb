import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { seedCrmAccountsDemo } from '../../../src/seed/crm-accounts-demo';
import { RequestContext } from '../../../src/platform/tenancy/request-context';

describe('Contacts', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    acme = (await ws.owner.post('/core-api/accounts', { displayName: 'Acme' })).body.id;
    globex = (await ws.owner.post('/core-api/accounts', { displayName: 'Globex' })).body.id;
  });
  afterAll(() => t.close());

  const clientLogin = async (fixture: WorkspaceFixture) =>
    (
      await fixture.owner.post('/core-api/identities', {
        username: `shopper-${randomUUID().slice(0, 8)}`,
        email: `${randomUUID().slice(0, 8)}@example.test`,
        password: 'a-long-password',
      })
    ).body.id as string;

  it('creates, reads, lists, replaces and deletes a contact with its account links', async () => {
    const login = await clientLogin(ws);
    const created = await member.post('/core-api/contacts', {
      firstName: ' Ada ',
      middleName: 'van',
      lastName: 'Lovelace',
      displayOrder: 3,
      description: 'Buyer',
      dateOfBirth: '1985-12-10',
      gender: 'Female',
      title: 'Dr.',
      jobTitle: 'Purchasing manager',
      notes: 'Call after 10',
      ownerId: ws.owner.userId,
      salesOrderProcessorId: member.userId,
      clientLoginId: login,
      interestsAndHobbies: 'Mathematics',
      lastContactMoment: '2026-03-01T09:00:00.000Z',
      tags: ['buyer', 'buyer', 'vip'],
      accounts: [
        { accountId: globex, jobTitle: 'Head of purchasing' },
        { accountId: acme, jobTitle: null },
      ],
      contactDetails: {
        emails: [{ address: 'ada@globex.test', label: 'work' }],
        phones: [{ number: '+44 20 7946 0000', label: 'mobile' }],
      },
      addresses: [
        { label: 'home', street: 'Baker Street', houseNumber: '221', city: 'London', countryCode: 'gb' },
      ],
      attributes: [{ key: 'newsletter', value: true }],
      externalReference: 'crm-ada',
    });
    expect(created.status).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    const id = created.body.id;
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'crm-ada',
      firstName: 'Ada',
      middleName: 'van',
      lastName: 'Lovelace',
      displayName: 'Ada van Lovelace',
      displayOrder: 3,
      description: 'Buyer',
      dateOfBirth: '1985-12-10',
      gender: 'Female',
      title: 'Dr.',
      jobTitle: 'Purchasing manager',
      notes: 'Call after 10',
      ownerId: ws.owner.userId,
      salesOrderProcessorId: member.userId,
      clientLoginId: login,
      interestsAndHobbies: 'Mathematics',
      lastContactMoment: '2026-03-01T09:00:00.000Z',
      tags: ['buyer', 'vip'],
      accounts: [
        { accountId: globex, jobTitle: 'Head of purchasing' },
        { accountId: acme, jobTitle: null },
      ],
      contactDetails: {
        emails: [{ address: 'ada@globex.test', label: 'work' }],
        phones: [{ number: '+44 20 7946 0000', label: 'mobile' }],
        websites: [],
      },
      addresses: [
        {
          label: 'home',
          street: 'Baker Street',
          houseNumber: '221',
          houseNumberAddition: null,
          postalCode: null,
          city: 'London',
          region: null,
          countryCode: 'GB',
        },
      ],
      attributes: [{ key: 'newsletter', value: true }],
    });

    const got = await viewer.get(`/core-api/contacts/${id}`);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe('"1"');
    expect(got.body).toEqual(created.body);
    expect((await viewer.get('/core-api/contacts?Query=LOVELACE')).body).toEqual({
      data: [expect.objectContaining({ id })],
      total: 1,
    });

    const replaced = await member.put(`/core-api/contacts/${id}`, {
      id,
      firstName: 'Ada',
      lastName: 'King',
      displayName: 'Countess of Lovelace',
      accounts: [{ accountId: acme, jobTitle: 'Advisor' }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.etag).toBe('"2"');
    expect(replaced.body).toMatchObject({
      displayName: 'Countess of Lovelace',
      middleName: null,
      displayOrder: 0,
      clientLoginId: null,
      gender: null,
      dateOfBirth: null,
      tags: [],
      accounts: [{ accountId: acme, jobTitle: 'Advisor' }],
      addresses: [],
      contactDetails: { emails: [], phones: [], websites: [] },
      externalReference: null,
    });
    expect((await ws.owner.get(`/core-api/contacts/${id}`)).body.accounts).toEqual([
      { accountId: acme, jobTitle: 'Advisor' },
    ]);

    const activities = (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=1000`)).body
      .data as Array<{ type: string; data: { newValue?: unknown } }>;
    const typeNames = activities.map((a) => a.type);
    expect(typeNames).toEqual(
      expect.arrayContaining([
        'ContactCreated',
        'ContactLastNameUpdated',
        'ContactDisplayNameUpdated',
        'ContactAccountsUpdated',
        'ContactClientLoginIdUpdated',
        'ContactTagsUpdated',
      ]),
    );
    expect(typeNames).not.toContain('ContactFirstNameUpdated');
    expect(activities.find((a) => a.type === 'ContactAccountsUpdated')!.data.newValue).toEqual([
      { accountId: acme, jobTitle: 'Advisor' },
    ]);

    expect((await member.delete(`/core-api/contacts/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`/core-api/contacts/${id}`)).status).toBe(404);
    expect(
      (await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=ContactDeleted`)).body.total,
    ).toBe(1);
    // the account and the client login stay
    expect((await ws.owner.get(`/core-api/accounts/${acme}`)).status).toBe(200);
    expect((await ws.owner.get(`/core-api/identities/${login}`)).status).toBe(200);
  });

  it('removes the link, not the contact, when a linked account is deleted; the next account becomes primary', async () => {
    const doomed = (await ws.owner.post('/core-api/accounts', { displayName: 'Doomed' })).body.id;
    const contact = await ws.owner.post('/core-api/contacts', {
      firstName: 'Link',
      lastName: 'Holder',
      accounts: [{ accountId: doomed, jobTitle: 'CEO' }, { accountId: acme }],
    });
    expect((await ws.owner.delete(`/core-api/accounts/${doomed}`)).status).toBe(200);
    const after = await ws.owner.get(`/core-api/contacts/${contact.body.id}`);
    expect(after.status).toBe(200);
    expect(after.body.accounts).toEqual([{ accountId: acme, jobTitle: null }]);
    const activity = await ws.owner.get(
      `/core-api/activities?entity_ids=${contact.body.id}&types=ContactAccountsUpdated`,
    );
    expect(activity.body.data[0].data).toMatchObject({
      oldValue: [
        { accountId: doomed, jobTitle: 'CEO' },
        { accountId: acme, jobTitle: null },
      ],
      newValue: [{ accountId: acme, jobTitle: null }],
    });
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const res = await ws.owner.post('/core-api/contacts', {
      firstName: '',
      dateOfBirth: '1990-02-30',
      gender: 'Robot',
      displayOrder: 1.5,
      lastContactMoment: 'soon',
      accounts: [{ accountId: 'nope' }],
      addresses: [{ countryCode: 'ZZ' }],
      contactDetails: { phones: [{ number: '' }] },
      title: 'x'.repeat(256),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'accounts[0].accountId',
        'addresses[0].countryCode',
        'contactDetails.phones[0].number',
        'dateOfBirth',
        'displayOrder',
        'firstName',
        'gender',
        'lastContactMoment',
        'lastName',
        'title',
      ].sort(),
    );
    const dateTime = await ws.owner.post('/core-api/contacts', {
      firstName: 'A',
      lastName: 'B',
      dateOfBirth: '1990-02-03T00:00:00Z',
    });
    expect(dateTime.status).toBe(400);
    expect(dateTime.body.errors).toHaveProperty('dateOfBirth');
    expect((await ws.owner.get('/core-api/contacts?Query=Robot')).body.total).toBe(0);
  });

  it('answers 400 for accounts, users and client logins that are not of this workspace', async () => {
    const theirAccount = (await other.owner.post('/core-api/accounts', { displayName: 'Theirs' })).body.id;
    const theirLogin = await clientLogin(other);
    const stranger = await other.member('Member');
    const res = await ws.owner.post('/core-api/contacts', {
      firstName: 'Bad',
      lastName: 'Refs',
      accounts: [
        { accountId: acme },
        { accountId: theirAccount },
        { accountId: randomUUID() },
        { accountId: acme },
      ],
      clientLoginId: theirLogin,
      ownerId: stranger.userId,
      salesOrderProcessorId: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'accounts[1].accountId',
        'accounts[2].accountId',
        'accounts[3].accountId',
        'clientLoginId',
        'ownerId',
        'salesOrderProcessorId',
      ].sort(),
    );
    expect((await ws.owner.get('/core-api/contacts?Query=Refs')).body.total).toBe(0);
  });

  it('answers 409 for a second contact of the same client login', async () => {
    const login = await clientLogin(ws);
    expect(
      (
        await ws.owner.post('/core-api/contacts', {
          firstName: 'One',
          lastName: 'Login',
          clientLoginId: login,
        })
      ).status,
    ).toBe(200);
    const second = await ws.owner.post('/core-api/contacts', {
      firstName: 'Two',
      lastName: 'Login',
      clientLoginId: login,
    });
    expect(second.status).toBe(409);
    expect(second.body.errors).toHaveProperty('clientLoginId');
  });

  it('answers 404 for unknown ids, 400 for malformed ids and for a body id that differs, 412 for a stale If-Match', async () => {
    const missing = randomUUID();
    expect((await ws.owner.get(`/core-api/contacts/${missing}`)).status).toBe(404);
    expect(
      (await ws.owner.put(`/core-api/contacts/${missing}`, { firstName: 'a', lastName: 'b' })).status,
    ).toBe(404);
    expect((await ws.owner.delete(`/core-api/contacts/${missing}`)).status).toBe(404);
    expect((await ws.owner.get('/core-api/contacts/123')).status).toBe(400);
    const created = await ws.owner.post('/core-api/contacts', { firstName: 'Id', lastName: 'Check' });
    const wrong = await ws.owner.put(`/core-api/contacts/${created.body.id}`, {
      id: randomUUID(),
      firstName: 'Id',
      lastName: 'Check',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('id');
    const stale = await ws.owner
      .put(`/core-api/contacts/${created.body.id}`)
      .set('If-Match', '"5"')
      .send({ firstName: 'Id', lastName: 'Check' });
    expect(stale.status).toBe(412);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const mine = await ws.owner.post('/core-api/contacts', {
      firstName: 'Hidden',
      lastName: 'Person',
      tags: ['hidden-tag'],
      jobTitle: 'Hidden job',
    });
    const id = mine.body.id;
    expect((await other.owner.get(`/core-api/contacts/${id}`)).status).toBe(404);
    expect(
      (await other.owner.put(`/core-api/contacts/${id}`, { firstName: 'x', lastName: 'y' })).status,
    ).toBe(404);
    expect((await other.owner.delete(`/core-api/contacts/${id}`)).status).toBe(404);
    expect((await other.owner.get(`/core-api/contacts?ids=${id}`)).body.total).toBe(0);
    expect((await other.owner.get('/core-api/contacts/tags')).body.data).not.toContainEqual(
      expect.objectContaining({ value: 'hidden-tag' }),
    );
    expect((await other.owner.get('/core-api/contacts/job-titles')).body.data).not.toContainEqual(
      expect.objectContaining({ value: 'Hidden job' }),
    );

    for (const path of [
      '/core-api/contacts',
      `/core-api/contacts/${id}`,
      '/core-api/contacts/tags',
      '/core-api/contacts/job-titles',
      '/core-api/contacts/filterable-values',
    ]) {
      expect((await viewer.get(path)).status).toBe(200);
    }
    expect((await viewer.post('/core-api/contacts', { firstName: 'No', lastName: 'Way' })).status).toBe(403);
    expect((await viewer.put(`/core-api/contacts/${id}`, { firstName: 'No', lastName: 'Way' })).status).toBe(
      403,
    );
    expect((await viewer.delete(`/core-api/contacts/${id}`)).status).toBe(403);
  });

  describe('lists and used values on known data', () => {
    let known: WorkspaceFixture;
    let seller: Caller;

    beforeAll(async () => {
      known = await t.workspace('Known contacts');
      seller = await known.member('Member');
      const rows = [
        {
          firstName: 'Dora',
          lastName: 'Explorer',
          jobTitle: 'Buyer',
          ownerId: seller.userId,
          tags: ['x', 'y'],
        },
        {
          firstName: 'alan',
          lastName: 'Turing',
          jobTitle: 'Engineer',
          ownerId: known.owner.userId,
          tags: ['x'],
        },
        { firstName: 'Carl', lastName: 'Sagan', jobTitle: 'Buyer', ownerId: seller.userId, tags: [] },
        {
          firstName: 'Bea',
          lastName: 'Arthur',
          jobTitle: null,
          ownerId: null,
          tags: ['z'],
          externalReference: 'ext-bea',
        },
      ];
      for (const row of rows) expect((await known.owner.post('/core-api/contacts', row)).status).toBe(200);
    });

    const names = (res: { body: { data: Array<{ displayName: string }> } }) =>
      res.body.data.map((c) => c.displayName);

    it('sorts, pages and filters', async () => {
      expect(names(await known.owner.get('/core-api/contacts'))).toEqual([
        'alan Turing',
        'Bea Arthur',
        'Carl Sagan',
        'Dora Explorer',
      ]);
      expect(
        names(await known.owner.get('/core-api/contacts?SortBy=ModifiedAt&SortOrder=Desc&Take=2')),
      ).toEqual(['Bea Arthur', 'Carl Sagan']);
      expect((await known.owner.get('/core-api/contacts?Take=1')).body.total).toBe(4);
      expect(names(await known.owner.get('/core-api/contacts?job_titles=Buyer'))).toEqual([
        'Carl Sagan',
        'Dora Explorer',
      ]);
      expect(names(await known.owner.get(`/core-api/contacts?owner_ids=${known.owner.userId}`))).toEqual([
        'alan Turing',
      ]);
      expect(names(await known.owner.get('/core-api/contacts?tags=y,z'))).toEqual([
        'Bea Arthur',
        'Dora Explorer',
      ]);
      expect(names(await known.owner.get('/core-api/contacts?external_references=ext-bea'))).toEqual([
        'Bea Arthur',
      ]);
      expect((await known.owner.get('/core-api/contacts?SortBy=FirstName')).status).toBe(400);
    });

    it('answers used tags, used job titles and filterable values with counts', async () => {
      expect((await known.owner.get('/core-api/contacts/tags')).body).toEqual({
        data: [
          { value: 'x', count: 2 },
          { value: 'y', count: 1 },
          { value: 'z', count: 1 },
        ],
        total: 3,
      });
      const jobTitles = [
        { value: 'Buyer', count: 2 },
        { value: 'Engineer', count: 1 },
      ];
      expect((await known.owner.get('/core-api/contacts/job-titles')).body).toEqual({
        data: jobTitles,
        total: 2,
      });
      expect((await known.owner.get('/core-api/contacts/filterable-values')).body).toEqual({
        jobTitles,
        ownerIds: [
          { value: seller.userId, count: 2 },
          { value: known.owner.userId, count: 1 },
        ],
        tags: [
          { value: 'x', count: 2 },
          { value: 'y', count: 1 },
          { value: 'z', count: 1 },
        ],
      });
    });
  });

  it('seeds demo accounts and contacts through the services', async () => {
    const demo = await t.workspace('Demo');
    await seedCrmAccountsDemo(
      t.app,
      new RequestContext(demo.id, { id: demo.owner.userId, type: 'User' }, 'Owner'),
    );
    const accounts = await demo.owner.get('/core-api/accounts?Take=1000');
    const contacts = await demo.owner.get('/core-api/contacts?Take=1000');
    expect(accounts.body.total).toBe(30);
    expect(contacts.body.total).toBe(60);
    const accountIds = new Set(accounts.body.data.map((a: { id: string }) => a.id));
    for (const c of contacts.body.data as Array<{ accounts: Array<{ accountId: string }> }>) {
      expect(c.accounts.length).toBeGreaterThan(0);
      for (const link of c.accounts) expect(accountIds.has(link.accountId)).toBe(true);
    }
  });
});
