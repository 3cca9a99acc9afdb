import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/catalog/products/attributes';

describe('Product attributes', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let shoes: string;
  let boots: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    shoes = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Shoes' })).body.id;
    boots = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Boots', parentId: shoes }))
      .body.id;
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes an attribute with its categories', async () => {
    const created = await ws.owner.post(base, {
      name: 'Colour',
      externalReference: 'attr-colour',
      categoryIds: [boots, shoes, boots],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'attr-colour',
      name: 'Colour',
      categoryIds: [boots, shoes].sort(),
      productCount: 0,
    });
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    const list = await viewer.get(`${base}?ids=${id}&external_references=attr-colour&Query=colo`);
    expect(list.body).toEqual({ data: [created.body], total: 1 });

    const updated = await ws.owner.put(`${base}/${id}`, { id, name: 'Color', categoryIds: [shoes] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Color', categoryIds: [shoes], externalReference: null });
    expect(updated.headers.etag).toBe('"2"');
    // PUT is a full replacement: no categoryIds, no categories
    expect((await ws.owner.put(`${base}/${id}`, { name: 'Color' })).body.categoryIds).toEqual([]);

    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual([
      'ProductAttributeCategoryIdsUpdated',
      'ProductAttributeCategoryIdsUpdated',
      'ProductAttributeCreated',
      'ProductAttributeExternalReferenceUpdated',
      'ProductAttributeNameUpdated',
    ]);

    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
  });

  it('sorts by name and pages with a total', async () => {
    const fresh = await t.workspace('Sorting');
    for (const name of ['beta', 'Alpha', 'gamma'])
      expect((await fresh.owner.post(base, { name })).status).toBe(200);
    const asc = await fresh.owner.get(`${base}?SortBy=Name&Take=2`);
    expect(asc.body.data.map((a: { name: string }) => a.name)).toEqual(['Alpha', 'beta']);
    expect(asc.body.total).toBe(3);
    const desc = await fresh.owner.get(`${base}?SortOrder=Desc&Skip=1`);
    expect(desc.body.data.map((a: { name: string }) => a.name)).toEqual(['beta', 'Alpha']);
    expect((await fresh.owner.get(`${base}?SortBy=Title`)).status).toBe(400);
  });

  it('counts the distinct products that have a value for the attribute', async () => {
    const colour = (await ws.owner.post(base, { name: 'Count colour' })).body.id;
    const size = (await ws.owner.post(base, { name: 'Count size' })).body.id;
    const unused = (await ws.owner.post(base, { name: 'Count unused' })).body.id;
    const product = async (name: string, attributes: object[]) => {
      const res = await ws.owner.post('/core-api/catalog/products', { name, attributes });
      expect(res.status).toBe(200);
    };
    await product('Red shoe', [
      { attributeId: colour, values: ['red'] },
      { attributeId: size, values: ['42', '43'] },
    ]);
    await product('Blue shoe', [{ attributeId: colour, values: ['blue', 'navy'] }]);
    await product('Plain shoe', [{ attributeId: colour, values: [] }]);
    const list = await ws.owner.get(`${base}?ids=${colour},${size},${unused}&SortBy=Name`);
    expect(
      list.body.data.map((a: { name: string; productCount: number }) => [a.name, a.productCount]),
    ).toEqual([
      ['Count colour', 2],
      ['Count size', 1],
      ['Count unused', 0],
    ]);
    expect((await ws.owner.get(`${base}/${colour}`)).body.productCount).toBe(2);
  });

  it('answers 400 naming each bad field, and for categories that are not in the workspace', async () => {
    const bad = await ws.owner.post(base, { name: '', externalReference: 5, categoryIds: ['nope'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['categoryIds', 'externalReference', 'name']);
    expect((await ws.owner.post(base, { name: 'x'.repeat(256) })).body.errors).toHaveProperty('name');
    const foreignCategory = (
      await other.owner.post('/core-api/catalog/productcategories', { name: 'Foreign' })
    ).body.id;
    const foreign = await ws.owner.post(base, { name: 'Foreign ref', categoryIds: [shoes, foreignCategory] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('categoryIds');
    expect((await ws.owner.get(`${base}?Query=Foreign ref`)).body.total).toBe(0);
    const mine = (await ws.owner.post(base, { name: 'Mine' })).body.id;
    expect(
      (await ws.owner.put(`${base}/${mine}`, { name: 'Mine', categoryIds: [foreignCategory] })).status,
    ).toBe(400);
    expect((await ws.owner.put(`${base}/${mine}`, { id: shoes, name: 'Mine' })).body.errors).toHaveProperty(
      'id',
    );
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
  });

  it('drops a deleted category from categoryIds', async () => {
    const leaf = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Leaf' })).body.id;
    const attr = (await ws.owner.post(base, { name: 'Leaf attribute', categoryIds: [leaf, shoes] })).body.id;
    expect((await ws.owner.delete(`/core-api/catalog/productcategories/${leaf}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${attr}`)).body.categoryIds).toEqual([shoes]);
  });

  it('hides other workspaces: 404 on member paths, absent from lists', async () => {
    const mine = (await ws.owner.post(base, { name: 'Private attribute' })).body.id;
    expect((await other.owner.get(`${base}/${mine}`)).status).toBe(404);
    expect((await other.owner.put(`${base}/${mine}`, { name: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`${base}/${mine}`)).status).toBe(404);
    expect((await other.owner.get(`${base}?ids=${mine}`)).body.total).toBe(0);
    expect((await ws.owner.get(`${base}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('lets Viewers read but not write', async () => {
    const mine = (await ws.owner.post(base, { name: 'Viewer attribute' })).body.id;
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.post(base, { name: 'v' })).status).toBe(403);
    expect((await viewer.put(`${base}/${mine}`, { name: 'v' })).status).toBe(403);
    expect((await viewer.delete(`${base}/${mine}`)).status).toBe(403);
  });
});
