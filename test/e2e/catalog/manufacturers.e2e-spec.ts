import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/catalog/manufacturers';

describe('Manufacturers', () => {
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

  it('creates, reads, lists, updates and deletes a manufacturer', async () => {
    const created = await ws.owner.post(base, {
      name: 'Maker BV',
      externalReference: 'mfr-1',
      description: 'Makes things',
      website: 'https://maker.example.com',
      email: 'info@maker.example.com',
      phoneNumber: '+31 20 123 4567',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'mfr-1',
      name: 'Maker BV',
      description: 'Makes things',
      website: 'https://maker.example.com',
      email: 'info@maker.example.com',
      phoneNumber: '+31 20 123 4567',
    });
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    expect((await viewer.get(`${base}?ids=${id}&external_references=mfr-1&Query=MAKER`)).body).toEqual({
      data: [created.body],
      total: 1,
    });

    const updated = await ws.owner.put(`${base}/${id}`, { id, name: 'Maker' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Maker',
      description: null,
      website: null,
      email: null,
      phoneNumber: null,
      externalReference: null,
    });
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual([
      'ManufacturerCreated',
      'ManufacturerDescriptionUpdated',
      'ManufacturerEmailUpdated',
      'ManufacturerExternalReferenceUpdated',
      'ManufacturerNameUpdated',
      'ManufacturerPhoneNumberUpdated',
      'ManufacturerWebsiteUpdated',
    ]);
    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
    expect(
      (await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=ManufacturerDeleted`)).body.total,
    ).toBe(1);
  });

  it('sorts by name and pages', async () => {
    const fresh = await t.workspace('Sorting');
    for (const name of ['b', 'C', 'a']) await fresh.owner.post(base, { name });
    const page = await fresh.owner.get(`${base}?SortBy=Name&Skip=1&Take=1`);
    expect(page.body).toMatchObject({ total: 3, data: [{ name: 'b' }] });
    expect((await fresh.owner.get(`${base}?Take=1001`)).status).toBe(400);
  });

  it('refuses to delete a manufacturer that products still name (409)', async () => {
    const id = (await ws.owner.post(base, { name: 'Used maker' })).body.id;
    expect(
      (await ws.owner.post('/core-api/catalog/products', { name: 'Made thing', manufacturerId: id })).status,
    ).toBe(200);
    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(409);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(200);
  });

  it('answers 400 naming each bad field', async () => {
    const bad = await ws.owner.post(base, {
      name: '',
      email: 'nope',
      website: 'x',
      phoneNumber: 12,
      description: 'x'.repeat(65536),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'description',
      'email',
      'name',
      'phoneNumber',
      'website',
    ]);
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const id = (await ws.owner.post(base, { name: 'Private maker' })).body.id;
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
