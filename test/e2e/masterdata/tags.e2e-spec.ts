import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProductEntity } from '../../../src/catalog/products/product.entity';
import { ContactEntity } from '../../../src/crm/contacts/contact.entity';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Masterdata tags', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    const manager = t.app.get(DataSource).manager;
    // products and contacts are other engineers' resources: fixtures go straight into their tables
    for (const tags of [['vip', 'eu'], ['eu']]) {
      const id = randomUUID();
      await manager.insert(ProductEntity, {
        id,
        workspaceId: ws.id,
        name: 'P',
        slug: `p-${id.slice(0, 8)}`,
        tags,
      });
    }
    await manager.insert(ContactEntity, {
      id: randomUUID(),
      workspaceId: ws.id,
      firstName: 'A',
      lastName: 'B',
      displayName: 'A B',
      tags: ['vip'],
      contactDetails: { emails: [], phones: [], websites: [] },
      addresses: [],
      attributes: [],
    });
    await ws.owner.post('/core-api/accounts', { displayName: 'Acme', tags: ['vip', 'partner'] });
    await ws.owner.post('/core-api/accounts', { displayName: 'Beta', tags: ['VIP-gold'] });
    const pipeline = (
      await ws.owner.post('/core-api/pipelines', { title: 'P', statuses: [{ title: 'Open' }] })
    ).body;
    await ws.owner.post('/core-api/deals', { title: 'D', pipelineId: pipeline.id, tags: ['vip', 'q4'] });
    await other.owner.post('/core-api/accounts', { displayName: 'Elsewhere', tags: ['secret', 'vip'] });
  });
  afterAll(() => t.close());

  it('counts every tag per entity type, in this workspace only', async () => {
    const res = await ws.owner.get('/core-api/masterdata/tags');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { tag: 'eu', count: 2, byType: { Product: 2 } },
        { tag: 'partner', count: 1, byType: { Account: 1 } },
        { tag: 'q4', count: 1, byType: { Deal: 1 } },
        { tag: 'vip', count: 4, byType: { Product: 1, Account: 1, Contact: 1, Deal: 1 } },
        { tag: 'VIP-gold', count: 1, byType: { Account: 1 } },
      ],
      total: 5,
    });
    expect((await other.owner.get('/core-api/masterdata/tags')).body).toEqual({
      data: [
        { tag: 'secret', count: 1, byType: { Account: 1 } },
        { tag: 'vip', count: 1, byType: { Account: 1 } },
      ],
      total: 2,
    });
  });

  it('filters by prefix and entity type, sorts by count and pages', async () => {
    const prefix = await ws.owner.get('/core-api/masterdata/tags?Query=vi');
    expect(prefix.body.data.map((d: { tag: string }) => d.tag)).toEqual(['vip', 'VIP-gold']);
    const deals = await ws.owner.get('/core-api/masterdata/tags?entity_types=Deal,Contact');
    expect(deals.body).toEqual({
      data: [
        { tag: 'q4', count: 1, byType: { Deal: 1 } },
        { tag: 'vip', count: 2, byType: { Contact: 1, Deal: 1 } },
      ],
      total: 2,
    });
    const byCount = await ws.owner.get('/core-api/masterdata/tags?SortBy=Count&SortOrder=Desc&Take=2&Skip=0');
    expect(byCount.body.data.map((d: { tag: string }) => d.tag)).toEqual(['vip', 'eu']);
    expect(byCount.body.total).toBe(5);
    const past = await ws.owner.get('/core-api/masterdata/tags?Skip=10');
    expect(past.body).toEqual({ data: [], total: 5 });
    // The search is by prefix (not anywhere in the tag) and takes LIKE wildcards literally.
    const tags = async (query: string) => (await ws.owner.get(`/core-api/masterdata/tags?${query}`)).body;
    expect(await tags('Query=ip')).toEqual({ data: [], total: 0 });
    expect(await tags('Query=v_p')).toEqual({ data: [], total: 0 });
    expect(await tags(`Query=${encodeURIComponent('%')}`)).toEqual({ data: [], total: 0 });
    expect(await tags('Take=0')).toEqual({ data: [], total: 5 });
    expect(await tags('Query=vi&Take=0')).toEqual({ data: [], total: 2 });
    expect(await tags('Query=vi&Skip=5')).toEqual({ data: [], total: 2 });
    expect(await tags('SortBy=Count&SortOrder=Desc&Skip=1&Take=3')).toEqual({
      data: [
        { tag: 'eu', count: 2, byType: { Product: 2 } },
        { tag: 'VIP-gold', count: 1, byType: { Account: 1 } },
        { tag: 'q4', count: 1, byType: { Deal: 1 } },
      ],
      total: 5,
    });
  });

  it('answers 400 for an unknown entity type, and lets Viewers read', async () => {
    const bad = await ws.owner.get('/core-api/masterdata/tags?entity_types=Planet');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('entity_types');
    expect((await ws.owner.get('/core-api/masterdata/tags?SortBy=Name')).status).toBe(400);
    const viewer = await ws.member('Viewer');
    expect((await viewer.get('/core-api/masterdata/tags')).body.total).toBe(5);
    expect((await t.http.get('/core-api/masterdata/tags')).status).toBe(401);
  });
});
