import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProductEntity } from '../../../src/catalog/products/product.entity';
import { ContactEntity } from '../../../src/crm/contacts/contact.entity';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { seedCrmDealsDemo } from '../../../src/seed/crm-deals-demo';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Deals', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let pipeline: { id: string; statuses: Array<{ id: string; title: string }> };
  let second: { id: string; statuses: Array<{ id: string }> };
  let account: string;
  let contact: string;
  let product: string;
  let otherAccount: string;

  const statuses = [
    { title: 'Lead', successRate: 10 },
    { title: 'Proposal', successRate: 60 },
    { title: 'Won', successRate: 100, kind: 'Won' },
    { title: 'Lost', successRate: 0, kind: 'Lost' },
  ];
  const today = () => new Date().toISOString().slice(0, 10);

  /** Contacts and products are other engineers' resources: fixtures go straight into their tables. */
  async function insertContact(workspaceId: string): Promise<string> {
    const id = randomUUID();
    await t.app.get(DataSource).manager.insert(ContactEntity, {
      id,
      workspaceId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      contactDetails: { emails: [], phones: [], websites: [] },
      addresses: [],
      attributes: [],
      tags: [],
    });
    return id;
  }
  async function insertProduct(workspaceId: string): Promise<string> {
    const id = randomUUID();
    await t.app
      .get(DataSource)
      .manager.insert(ProductEntity, { id, workspaceId, name: 'Widget', slug: `widget-${id.slice(0, 8)}` });
    return id;
  }

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    pipeline = (
      await ws.owner.post('/core-api/pipelines', {
        title: 'Sales',
        statuses,
        tags: ['pipeline-default'],
        customFields: [
          { key: 'source', label: 'Source', type: 'Text' },
          { key: 'seats', label: 'Seats', type: 'Number' },
        ],
      })
    ).body;
    second = (await ws.owner.post('/core-api/pipelines', { title: 'Renewals', statuses })).body;
    account = (await ws.owner.post('/core-api/accounts', { displayName: 'Acme' })).body.id;
    otherAccount = (await other.owner.post('/core-api/accounts', { displayName: 'Elsewhere' })).body.id;
    contact = await insertContact(ws.id);
    product = await insertProduct(ws.id);
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes a deal with contacts and products', async () => {
    const created = await member.post('/core-api/deals', {
      title: 'Big deal',
      expectedRevenue: 1234.5,
      pipelineId: pipeline.id,
      ownerId: member.userId,
      accountId: account,
      description: 'Ten licences',
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      externalReference: 'crm-1',
      contacts: [{ contactId: contact, role: 'Decision maker' }],
      products: [{ productId: product, quantity: 3, unitPrice: 19.99 }],
      customFields: { source: 'fair', seats: 10 },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'crm-1',
      title: 'Big deal',
      expectedRevenue: 1234.5,
      pipelineId: pipeline.id,
      statusId: pipeline.statuses[0].id,
      statusModifiedAt: expect.any(String),
      archived: false,
      tags: ['pipeline-default'],
      description: 'Ten licences',
      ownerId: member.userId,
      accountId: account,
      successRate: 10,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      contacts: [{ contactId: contact, role: 'Decision maker' }],
      products: [{ productId: product, quantity: 3, unitPrice: 19.99, total: 59.97 }],
      customFields: { source: 'fair', seats: 10 },
    });
    const id = created.body.id;
    const got = await viewer.get(`/core-api/deals/${id}`);
    expect(got.body).toEqual(created.body);
    expect(got.headers.etag).toBe('"1"');
    const byReference = await viewer.get('/core-api/deals?external_references=crm-1,crm-none');
    expect(byReference.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await viewer.get('/core-api/deals?external_references=crm-none')).body.total).toBe(0);

    await new Promise((r) => setTimeout(r, 20));
    const updated = await member.put(`/core-api/deals/${id}`, {
      id,
      title: 'Bigger deal',
      pipelineId: pipeline.id,
      statusId: pipeline.statuses[1].id,
      expectedRevenue: 2000,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'Bigger deal',
      statusId: pipeline.statuses[1].id,
      successRate: 60,
      tags: [],
      ownerId: null,
      accountId: null,
      contacts: [],
      products: [],
      customFields: {},
      externalReference: null,
    });
    expect(updated.body.statusModifiedAt > created.body.statusModifiedAt).toBe(true);

    // same status again: statusModifiedAt stays
    const again = await member.put(`/core-api/deals/${id}`, {
      title: 'Bigger deal',
      pipelineId: pipeline.id,
      successRate: 75,
    });
    expect(again.body.statusId).toBe(pipeline.statuses[1].id);
    expect(again.body.statusModifiedAt).toBe(updated.body.statusModifiedAt);
    expect(again.body.successRate).toBe(75);

    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=100`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'DealCreated',
        'DealTitleUpdated',
        'DealStatusIdUpdated',
        'DealExpectedRevenueUpdated',
        'DealContactsUpdated',
        'DealProductsUpdated',
        'DealSuccessRateUpdated',
      ]),
    );

    expect((await member.delete(`/core-api/deals/${id}`)).status).toBe(200);
    expect((await member.get(`/core-api/deals/${id}`)).status).toBe(404);
    expect((await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=DealDeleted`)).body.total).toBe(
      1,
    );
  });

  it('archives and restores, with DealArchived / DealRestored and 409 for a repeated transition', async () => {
    const d = (await member.post('/core-api/deals', { title: 'Archive me', pipelineId: pipeline.id })).body;
    const archived = await member.put(`/core-api/deals/${d.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect((await member.put(`/core-api/deals/${d.id}/archive`)).status).toBe(409);
    expect((await member.get(`/core-api/deals?archived=true&ids=${d.id}`)).body.total).toBe(1);
    expect((await member.get(`/core-api/deals?archived=false&ids=${d.id}`)).body.total).toBe(0);
    const restored = await member.put(`/core-api/deals/${d.id}/restore`);
    expect(restored.body.archived).toBe(false);
    expect((await member.put(`/core-api/deals/${d.id}/restore`)).status).toBe(409);
    const types = (
      await ws.owner.get(`/core-api/activities?entity_ids=${d.id}&types=DealArchived,DealRestored`)
    ).body.data.map((a: { type: string }) => a.type);
    expect(types.sort()).toEqual(['DealArchived', 'DealRestored']);
    expect((await viewer.put(`/core-api/deals/${d.id}/archive`)).status).toBe(403);
    expect((await other.owner.put(`/core-api/deals/${d.id}/archive`)).status).toBe(404);
  });

  it('answers 400 naming each bad field', async () => {
    const base = { title: 'Bad', pipelineId: pipeline.id };
    const shape = await member.post('/core-api/deals', {
      title: '',
      expectedRevenue: -1,
      pipelineId: 'nope',
      successRate: 120,
      startDate: '2026-02-30',
      endDate: 'tomorrow',
      contacts: [{ contactId: 'x' }],
      products: [{ productId: product, quantity: 0, unitPrice: -2 }],
    });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.errors).sort()).toEqual([
      'contacts[0].contactId',
      'endDate',
      'expectedRevenue',
      'pipelineId',
      'products[0].quantity',
      'products[0].unitPrice',
      'startDate',
      'successRate',
      'title',
    ]);
    const cases: Array<[object, string]> = [
      [{ statusId: second.statuses[0].id }, 'statusId'],
      [{ pipelineId: randomUUID() }, 'pipelineId'],
      [{ contacts: [{ contactId: randomUUID() }] }, 'contacts[0].contactId'],
      [{ products: [{ productId: randomUUID(), quantity: 1, unitPrice: 1 }] }, 'products[0].productId'],
      [{ ownerId: randomUUID() }, 'ownerId'],
      [{ accountId: otherAccount }, 'accountId'],
      [{ startDate: '2026-05-01', endDate: '2026-04-01' }, 'endDate'],
      [{ customFields: { seats: 'many' } }, 'customFields.seats'],
      [{ customFields: { colour: 'red' } }, 'customFields.colour'],
      [{ expectedRevenue: 1.234 }, 'expectedRevenue'],
    ];
    for (const [extra, field] of cases) {
      const res = await member.post('/core-api/deals', { ...base, ...extra });
      expect({ field, status: res.status, errors: Object.keys(res.body.errors ?? {}) }).toEqual({
        field,
        status: 400,
        errors: [field],
      });
    }
    expect((await member.get('/core-api/deals?expected_revenue.Min=abc')).status).toBe(400);
    expect((await member.get('/core-api/deals?SortBy=Owner')).status).toBe(400);
    expect((await member.get('/core-api/deals?archived=yes')).status).toBe(400);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const d = (await member.post('/core-api/deals', { title: 'Private', pipelineId: pipeline.id })).body;
    expect((await other.owner.get(`/core-api/deals/${d.id}`)).status).toBe(404);
    expect(
      (await other.owner.put(`/core-api/deals/${d.id}`, { title: 'x', pipelineId: pipeline.id })).status,
    ).toBe(404);
    expect((await other.owner.delete(`/core-api/deals/${d.id}`)).status).toBe(404);
    expect((await other.owner.get(`/core-api/deals?ids=${d.id}`)).body.total).toBe(0);
    // another workspace's pipeline does not exist for the caller
    const foreign = await other.owner.post('/core-api/deals', { title: 'x', pipelineId: pipeline.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('pipelineId');
    expect((await viewer.post('/core-api/deals', { title: 'v', pipelineId: pipeline.id })).status).toBe(403);
    expect(
      (await viewer.put(`/core-api/deals/${d.id}`, { title: 'v', pipelineId: pipeline.id })).status,
    ).toBe(403);
    expect((await viewer.delete(`/core-api/deals/${d.id}`)).status).toBe(403);
    expect((await ws.owner.get('/core-api/deals/not-a-uuid')).status).toBe(400);
  });

  it('seeds the demo: a pipeline and 40 deals on the accounts, through the services', async () => {
    const demo = await t.workspace('Demo');
    for (const displayName of ['Noord Trading', 'Zuid Tools'])
      await demo.owner.post('/core-api/accounts', { displayName });
    await seedCrmDealsDemo(
      t.app,
      new RequestContext(demo.id, { id: demo.owner.userId, type: 'User' }, 'Owner'),
    );
    expect((await demo.owner.get('/core-api/pipelines')).body.data[0].statuses).toHaveLength(6);
    expect((await demo.owner.get('/core-api/deals?Take=0')).body.total).toBe(40);
    expect((await demo.owner.get('/core-api/deals?archived=true&Take=0')).body.total).toBe(5);
    const accounts = (await demo.owner.get('/core-api/deals/filterable-values')).body.accounts;
    expect(accounts.map((a: { count: number }) => a.count)).toEqual([20, 20]);
    expect((await demo.owner.get('/core-api/comments?Take=0')).body.total).toBe(8);
  });

  describe('on known data', () => {
    let known: WorkspaceFixture;
    let p: { id: string; statuses: Array<{ id: string }> };
    let acc: string;
    let owner2: Caller;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      known = await t.workspace('Known');
      owner2 = await known.member('Member');
      p = (await known.owner.post('/core-api/pipelines', { title: 'Known', statuses })).body;
      acc = (await known.owner.post('/core-api/accounts', { displayName: 'Known account' })).body.id;
      const make = async (key: string, b: object) => {
        ids[key] = (await known.owner.post('/core-api/deals', { pipelineId: p.id, ...b })).body.id;
      };
      await make('a', {
        title: 'Alpha',
        expectedRevenue: 100,
        statusId: p.statuses[0].id,
        tags: ['hot', 'eu'],
        ownerId: known.owner.userId,
        accountId: acc,
      });
      await make('b', {
        title: 'bravo',
        expectedRevenue: 250.25,
        statusId: p.statuses[1].id,
        tags: ['hot'],
        ownerId: owner2.userId,
      });
      await make('c', {
        title: 'Charlie',
        expectedRevenue: 1000,
        statusId: p.statuses[2].id,
        tags: ['eu'],
        accountId: acc,
      });
      await make('d', { title: 'Delta', expectedRevenue: 40, statusId: p.statuses[3].id, tags: [] });
      await make('e', { title: 'Echo', statusId: p.statuses[0].id, tags: ['cold'] });
      await known.owner.put(`/core-api/deals/${ids.e}/archive`);
    });

    it('filters and sorts the list', async () => {
      const list = (q: string) => known.owner.get(`/core-api/deals?${q}`).then((r) => r.body);
      const titles = (body: { data: Array<{ title: string }> }) => body.data.map((d) => d.title);
      expect(titles(await list('SortBy=Title'))).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta', 'Echo']);
      expect(titles(await list('SortBy=ExpectedRevenue&SortOrder=Desc&expected_revenue.Min=40'))).toEqual([
        'Charlie',
        'bravo',
        'Alpha',
        'Delta',
      ]);
      expect(titles(await list('expected_revenue.Min=100&expected_revenue.Max=250.25&SortBy=Title'))).toEqual(
        ['Alpha', 'bravo'],
      );
      expect(titles(await list(`owner_ids=${owner2.userId}`))).toEqual(['bravo']);
      expect(titles(await list(`account_ids=${acc}&SortBy=Title`))).toEqual(['Alpha', 'Charlie']);
      expect(titles(await list(`status_ids=${p.statuses[0].id}&SortBy=Title`))).toEqual(['Alpha', 'Echo']);
      expect(
        titles(await list(`pipeline_ids=${p.id}&archived=false&SortBy=SuccessRate&SortOrder=Desc`)),
      ).toEqual(['Charlie', 'bravo', 'Alpha', 'Delta']);
      expect(titles(await list('tags=eu&SortBy=Title'))).toEqual(['Alpha', 'Charlie']);
      expect(titles(await list('Query=RAV'))).toEqual(['bravo']);
      const page = await list('SortBy=Title&Take=2&Skip=2');
      expect(page.total).toBe(5);
      expect(titles(page)).toEqual(['Charlie', 'Delta']);
    });

    it('answers used statuses, used tags and filterable values', async () => {
      const used = (await known.owner.get('/core-api/deals/statuses')).body;
      expect(used).toEqual({
        data: [
          { statusId: p.statuses[0].id, title: 'Lead', kind: 'Open', pipelineId: p.id, count: 2 },
          { statusId: p.statuses[1].id, title: 'Proposal', kind: 'Open', pipelineId: p.id, count: 1 },
          { statusId: p.statuses[2].id, title: 'Won', kind: 'Won', pipelineId: p.id, count: 1 },
          { statusId: p.statuses[3].id, title: 'Lost', kind: 'Lost', pipelineId: p.id, count: 1 },
        ],
        total: 4,
      });
      expect((await known.owner.get('/core-api/deals/tags')).body).toEqual({
        data: [
          { value: 'eu', count: 2 },
          { value: 'hot', count: 2 },
          { value: 'cold', count: 1 },
        ],
        total: 3,
      });
      expect((await known.owner.get('/core-api/deals/tags?archived=false')).body.total).toBe(2);
      const values = (await other.owner.get('/core-api/deals/filterable-values')).body;
      expect(values).toEqual({
        owners: [],
        accounts: [],
        pipelines: [],
        statuses: [],
        tags: [],
        archived: [],
      });
      const fv = (await known.owner.get('/core-api/deals/filterable-values')).body;
      expect(fv.owners).toEqual(
        expect.arrayContaining([
          { value: known.owner.userId, label: expect.any(String), count: 1 },
          { value: owner2.userId, label: expect.any(String), count: 1 },
        ]),
      );
      expect(fv.owners).toHaveLength(2);
      expect(fv.accounts).toEqual([{ value: acc, label: 'Known account', count: 2 }]);
      expect(fv.pipelines).toEqual([{ value: p.id, label: 'Known', count: 5 }]);
      expect(fv.statuses[0]).toEqual({ value: p.statuses[0].id, label: 'Lead', count: 2 });
      expect(fv.statuses).toHaveLength(4);
      expect(fv.tags).toEqual([
        { value: 'eu', label: 'eu', count: 2 },
        { value: 'hot', label: 'hot', count: 2 },
        { value: 'cold', label: 'cold', count: 1 },
      ]);
      expect(fv.archived).toEqual([
        { value: 'false', label: null, count: 4 },
        { value: 'true', label: null, count: 1 },
      ]);
    });

    it('answers deal statistics per period', async () => {
      const day = today();
      const stats = await known.owner.get(`/core-api/statistics/deals?from=${day}&to=${day}&interval=Day`);
      expect(stats.status).toBe(200);
      const figures = {
        created: 5,
        createdRevenue: 1390.25,
        open: 3,
        openRevenue: 350.25,
        won: 1,
        wonRevenue: 1000,
        lost: 1,
        lostRevenue: 40,
      };
      expect(stats.body).toEqual({
        from: day,
        to: day,
        interval: 'Day',
        totals: { ...figures, winRate: 50 },
        periods: [{ period: day, ...figures }],
      });

      const month = await known.owner.get(
        `/core-api/statistics/deals?interval=Month&owner_ids=${owner2.userId}`,
      );
      expect(month.body.periods).toHaveLength(12);
      expect(month.body.periods[11]).toMatchObject({ created: 1, open: 1, openRevenue: 250.25, won: 0 });
      expect(month.body.periods[0]).toMatchObject({ created: 0, open: 0, won: 0, lost: 0 });
      expect(month.body.totals).toMatchObject({ created: 1, winRate: null });

      const past = await known.owner.get(
        '/core-api/statistics/deals?from=2020-01-01&to=2020-12-31&interval=Quarter',
      );
      expect(past.body.periods.map((x: { period: string }) => x.period)).toEqual([
        '2020-01-01',
        '2020-04-01',
        '2020-07-01',
        '2020-10-01',
      ]);
      expect(past.body.totals.created).toBe(0);

      expect(
        (await other.owner.get(`/core-api/statistics/deals?from=${day}&to=${day}`)).body.totals.created,
      ).toBe(0);
      expect((await known.owner.get('/core-api/statistics/deals?interval=Hour')).status).toBe(400);
      expect((await known.owner.get('/core-api/statistics/deals?from=2021-02-30')).status).toBe(400);
      const reversed = await known.owner.get('/core-api/statistics/deals?from=2021-02-01&to=2021-01-01');
      expect(reversed.status).toBe(400);
      expect(reversed.body.errors).toHaveProperty('from');
    });
  });
});
