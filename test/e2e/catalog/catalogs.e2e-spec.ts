import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/catalog/catalogs';

describe('Catalogs', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes a catalog', async () => {
    const created = await ws.owner.post(base, {
      name: 'Retail 2026',
      description: 'For shops',
      externalReference: 'cat-2026',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'cat-2026',
      name: 'Retail 2026',
      description: 'For shops',
      active: true,
    });
    expect(created.headers.etag).toBe('"1"');
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    expect((await viewer.get(`${base}?ids=${id}&external_references=cat-2026&Query=retail`)).body).toEqual({
      data: [created.body],
      total: 1,
    });

    const stale = await ws.owner.put(`${base}/${id}`).set('If-Match', '"9"').send({ name: 'x' });
    expect(stale.status).toBe(412);
    const updated = await ws.owner
      .put(`${base}/${id}`)
      .set('If-Match', '"1"')
      .send({ id, name: 'Retail', active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Retail',
      description: null,
      active: false,
      externalReference: null,
    });
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual([
      'CatalogActiveUpdated',
      'CatalogCreated',
      'CatalogDescriptionUpdated',
      'CatalogExternalReferenceUpdated',
      'CatalogNameUpdated',
    ]);

    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
    expect(
      (await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=CatalogDeleted`)).body.total,
    ).toBe(1);
  });

  it('removes the products’ links when a catalog is deleted, keeping the products', async () => {
    const id = (await ws.owner.post(base, { name: 'Linked' })).body.id;
    const product = await ws.owner.post('/core-api/catalog/products', { name: 'Catalogued', catalogs: [id] });
    expect(product.status).toBe(200);
    expect(product.body.catalogs).toEqual([id]);
    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    const after = await ws.owner.get(`/core-api/catalog/products/${product.body.id}`);
    expect(after.status).toBe(200);
    expect(after.body.catalogs).toEqual([]);
  });

  it('sorts by name', async () => {
    const fresh = await t.workspace('Sorting');
    for (const name of ['b', 'a', 'C']) await fresh.owner.post(base, { name });
    expect(
      (await fresh.owner.get(`${base}?SortOrder=Desc`)).body.data.map((c: { name: string }) => c.name),
    ).toEqual(['C', 'b', 'a']);
    expect((await fresh.owner.get(`${base}?SortBy=Active`)).status).toBe(400);
  });

  it('answers 400 naming each bad field', async () => {
    const bad = await ws.owner.post(base, { name: 'x'.repeat(256), active: 'yes', description: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['active', 'description', 'name']);
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const id = (await ws.owner.post(base, { name: 'Private catalog' })).body.id;
    expect((await other.owner.get(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${id}`, { name: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${id}`)).body.total).toBe(0);
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.post(base, { name: 'v' })).status).toBe(403);
    expect((await viewer.put(`${base}/${id}`, { name: 'v' })).status).toBe(403);
    expect((await viewer.delete(`${base}/${id}`)).status).toBe(403);
  });
});
