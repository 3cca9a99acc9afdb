import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const base = '/core-api/catalog/brands';

describe('Brands', () => {
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

  it('creates, reads, lists, updates and deletes a brand', async () => {
    const created = await ws.owner.post(base, {
      name: 'Acme',
      externalReference: 'brand-1',
      imageUrl: 'https://cdn.example.com/acme.png',
      details: { description: 'Everything', website: 'https://acme.example.com' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'brand-1',
      name: 'Acme',
      imageUrl: 'https://cdn.example.com/acme.png',
      details: { description: 'Everything', website: 'https://acme.example.com' },
    });
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    expect((await viewer.get(`${base}?ids=${id}&external_references=brand-1&Query=acm`)).body).toEqual({
      data: [created.body],
      total: 1,
    });

    const updated = await ws.owner.put(`${base}/${id}`, { id, name: 'Acme Corp' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Acme Corp',
      imageUrl: null,
      externalReference: null,
      details: { description: null, website: null },
    });
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual([
      'BrandCreated',
      'BrandDetailsUpdated',
      'BrandExternalReferenceUpdated',
      'BrandImageUrlUpdated',
      'BrandNameUpdated',
    ]);

    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
    expect((await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=BrandDeleted`)).body.total).toBe(
      1,
    );
  });

  it('sorts by name', async () => {
    const fresh = await t.workspace('Sorting');
    for (const name of ['bravo', 'Alpha', 'charlie']) await fresh.owner.post(base, { name });
    const desc = await fresh.owner.get(`${base}?SortBy=Name&SortOrder=Desc`);
    expect(desc.body.data.map((b: { name: string }) => b.name)).toEqual(['charlie', 'bravo', 'Alpha']);
    expect((await fresh.owner.get(`${base}?SortBy=Website`)).status).toBe(400);
  });

  it('uploads a logo by content and sets imageUrl', async () => {
    const id = (await ws.owner.post(base, { name: 'Logo brand' })).body.id;
    const ok = await ws.owner
      .post(`${base}/${id}/image`)
      .attach('image', png, { filename: 'logo.png', contentType: 'image/png' });
    expect(ok.status).toBe(200);
    expect(ok.body.imageUrl).toMatch(/^http:\/\/localhost\/files\/.+\.png$/);
    expect((await t.http.get(new URL(ok.body.imageUrl).pathname)).status).toBe(200);
    expect(
      (await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=BrandImageUrlUpdated`)).body.total,
    ).toBe(1);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(
      (
        await ws.owner
          .post(`${base}/${id}/image`)
          .attach('image', svg, { filename: 'logo.png', contentType: 'image/png' })
      ).status,
    ).toBe(415);
    expect(
      (
        await ws.owner
          .post(`${base}/${id}/image`)
          .attach('image', Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), 'big.png')
      ).status,
    ).toBe(413);
    const missing = await ws.owner.post(`${base}/${id}/image`).field('other', 'x');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('image');
    expect((await other.owner.post(`${base}/${id}/image`).attach('image', png, 'logo.png')).status).toBe(404);
    expect((await viewer.post(`${base}/${id}/image`).attach('image', png, 'logo.png')).status).toBe(403);
  });

  it('refuses to delete a brand that products still name (409)', async () => {
    const id = (await ws.owner.post(base, { name: 'Used brand' })).body.id;
    const product = await ws.owner.post('/core-api/catalog/products', { name: 'Branded thing', brandId: id });
    expect(product.status).toBe(200);
    const refused = await ws.owner.delete(`${base}/${id}`);
    expect(refused.status).toBe(409);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.delete(`/core-api/catalog/products/${product.body.id}`)).status).toBe(200);
    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
  });

  it('answers 400 naming each bad field', async () => {
    const bad = await ws.owner.post(base, {
      name: '',
      imageUrl: 'not a url',
      details: { website: 'javascript:alert(1)', description: 3 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'details.description',
      'details.website',
      'imageUrl',
      'name',
    ]);
    expect((await ws.owner.post(base, {})).body.errors).toHaveProperty('name');
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
  });

  it('hides other workspaces: 404 on member paths, absent from lists', async () => {
    const id = (await ws.owner.post(base, { name: 'Private brand' })).body.id;
    expect((await other.owner.get(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${id}`, { name: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`${base}/${id}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${id}`)).body.total).toBe(0);
  });

  it('lets Viewers read but not write', async () => {
    const id = (await ws.owner.post(base, { name: 'Viewer brand' })).body.id;
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.post(base, { name: 'v' })).status).toBe(403);
    expect((await viewer.put(`${base}/${id}`, { name: 'v' })).status).toBe(403);
    expect((await viewer.delete(`${base}/${id}`)).status).toBe(403);
  });
});
