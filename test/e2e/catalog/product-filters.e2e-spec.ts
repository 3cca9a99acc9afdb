import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const base = '/core-api/catalog/products/filters';

describe('Product filters', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let colour: string;
  let width: string;
  let organic: string;
  let shirts: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    const attr = async (name: string) =>
      (await ws.owner.post('/core-api/catalog/products/attributes', { name })).body.id as string;
    colour = await attr('Colour');
    width = await attr('Width');
    organic = await attr('Organic');
    shirts = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Shirts' })).body.id;
  });
  afterAll(() => t.close());

  it('starts empty, is replaced as a whole, keeps ids and records activities', async () => {
    expect((await viewer.get(base)).body).toEqual({ data: [], total: 0 });
    const first = await ws.owner.put(base, {
      data: [
        { attributeId: width, categoryId: shirts, kind: 'Range', displayOrder: 2 },
        { attributeId: colour, kind: 'List', displayOrder: 1, title: 'Colour' },
        { attributeId: colour, categoryId: shirts, kind: 'List', displayOrder: 1 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.data).toEqual([
      {
        id: expect.any(String),
        attributeId: colour,
        attributeName: 'Colour',
        categoryId: null,
        kind: 'List',
        displayOrder: 1,
        title: 'Colour',
      },
      {
        id: expect.any(String),
        attributeId: colour,
        attributeName: 'Colour',
        categoryId: shirts,
        kind: 'List',
        displayOrder: 1,
        title: null,
      },
      {
        id: expect.any(String),
        attributeId: width,
        attributeName: 'Width',
        categoryId: shirts,
        kind: 'Range',
        displayOrder: 2,
        title: null,
      },
    ]);
    expect((await viewer.get(base)).body).toEqual(first.body);
    const [everywhere, shirtColour, shirtWidth] = first.body.data.map((f: { id: string }) => f.id);

    // keep one by id, one by (attribute, category), drop one, add one
    const second = await ws.owner.put(base, {
      data: [
        {
          id: shirtWidth,
          attributeId: width,
          categoryId: shirts,
          kind: 'Range',
          displayOrder: 0,
          title: 'Width (cm)',
        },
        { attributeId: colour, kind: 'List', displayOrder: 1, title: 'Colour' },
        { attributeId: organic, categoryId: null, kind: 'Boolean', displayOrder: 5 },
      ],
    });
    expect(second.status).toBe(200);
    const ids = second.body.data.map((f: { id: string }) => f.id);
    expect(ids).toContain(shirtWidth);
    expect(ids).toContain(everywhere);
    expect(ids).not.toContain(shirtColour);
    expect(second.body.data.find((f: { id: string }) => f.id === shirtWidth)).toMatchObject({
      displayOrder: 0,
      title: 'Width (cm)',
    });

    const activities = async (id: string) =>
      (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
        .map((a: { type: string }) => a.type)
        .sort();
    expect(await activities(everywhere)).toEqual(['ProductFilterCreated']);
    expect(await activities(shirtColour)).toEqual(['ProductFilterCreated', 'ProductFilterDeleted']);
    expect(await activities(shirtWidth)).toEqual([
      'ProductFilterCreated',
      'ProductFilterDisplayOrderUpdated',
      'ProductFilterTitleUpdated',
    ]);

    // an empty collection removes every filter
    expect((await ws.owner.put(base, { data: [] })).body).toEqual({ data: [], total: 0 });
  });

  it('answers 400 naming the item for unknown references, duplicates and bad values, and changes nothing', async () => {
    const kept = await ws.owner.put(base, { data: [{ attributeId: colour, kind: 'List' }] });
    expect(kept.status).toBe(200);
    const foreignAttribute = (
      await other.owner.post('/core-api/catalog/products/attributes', { name: 'Theirs' })
    ).body.id;
    const bad = await ws.owner.put(base, {
      data: [
        { attributeId: colour, kind: 'List' },
        { attributeId: width, categoryId: '00000000-0000-4000-8000-000000000000', kind: 'Range' },
        { attributeId: foreignAttribute, kind: 'List' },
        { attributeId: colour, categoryId: null, kind: 'Boolean' },
        { attributeId: organic, kind: 'Toggle', displayOrder: 'first' },
        {
          id: '00000000-0000-4000-8000-000000000000',
          attributeId: organic,
          categoryId: shirts,
          kind: 'Boolean',
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['data[4].displayOrder', 'data[4].kind']);
    const refs = await ws.owner.put(base, {
      data: [
        { attributeId: colour, kind: 'List' },
        { attributeId: width, categoryId: '00000000-0000-4000-8000-000000000000', kind: 'Range' },
        { attributeId: foreignAttribute, kind: 'List' },
        { attributeId: colour, categoryId: null, kind: 'Boolean' },
        {
          id: '00000000-0000-4000-8000-000000000000',
          attributeId: organic,
          categoryId: shirts,
          kind: 'Boolean',
        },
      ],
    });
    expect(refs.status).toBe(400);
    expect(Object.keys(refs.body.errors).sort()).toEqual([
      'data[1].categoryId',
      'data[2].attributeId',
      'data[3].attributeId',
      'data[4].id',
    ]);
    expect((await ws.owner.put(base, {})).body.errors).toHaveProperty('data');
    expect((await ws.owner.get(base)).body).toEqual(kept.body);
  });

  it('drops the filters of a deleted attribute or category', async () => {
    const temp = (await ws.owner.post('/core-api/catalog/products/attributes', { name: 'Temporary' })).body
      .id;
    const tempCategory = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Temporary' }))
      .body.id;
    await ws.owner.put(base, {
      data: [
        { attributeId: temp, kind: 'List' },
        { attributeId: colour, categoryId: tempCategory, kind: 'List' },
        { attributeId: width, kind: 'Range' },
      ],
    });
    await ws.owner.delete(`/core-api/catalog/products/attributes/${temp}`);
    await ws.owner.delete(`/core-api/catalog/productcategories/${tempCategory}`);
    expect((await ws.owner.get(base)).body.data.map((f: { attributeId: string }) => f.attributeId)).toEqual([
      width,
    ]);
  });

  it('keeps workspaces apart and lets Viewers only read', async () => {
    await ws.owner.put(base, { data: [{ attributeId: colour, kind: 'List' }] });
    expect((await other.owner.get(base)).body.total).toBe(0);
    expect((await viewer.put(base, { data: [] })).status).toBe(403);
    expect((await ws.owner.get(base)).body.total).toBe(1);
    const client = await ws.client();
    expect((await client.get(base)).status).toBe(403);
  });
  it('takes back what GET answers unchanged (PUT(GET()) changes nothing) and rejects the old and bare-array shapes', async () => {
    await ws.owner.put(base, {
      data: [
        { attributeId: organic, kind: 'Boolean', displayOrder: 3 },
        { attributeId: width, categoryId: shirts, kind: 'Range', title: 'Width (cm)' },
      ],
    });
    const got = (await ws.owner.get(base)).body;
    const activities = (await ws.owner.get('/core-api/activities?entity_types=ProductFilter')).body.total;
    const again = await ws.owner.put(base, got);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(got);
    expect((await ws.owner.get('/core-api/activities?entity_types=ProductFilter')).body.total).toBe(
      activities,
    );
    const old = await ws.owner.put(base, { filters: got.data });
    expect(old.status).toBe(400);
    expect(old.body.errors).toHaveProperty('data');
    expect((await ws.owner.get(base)).body).toEqual(got);
  });
});
