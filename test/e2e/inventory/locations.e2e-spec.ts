import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const base = '/core-api/inventory/locations';

describe('Locations', () => {
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

  it('creates, reads, lists, updates and deletes a location with address and opening hours', async () => {
    const created = await ws.owner.post(base, {
      name: 'Amsterdam store',
      displayOrder: 2,
      isPickupLocation: true,
      email: 'store@example.com',
      phoneNumber: '+31 20 123 4567',
      externalReference: 'loc-1',
      address: {
        street: 'Damrak',
        houseNumber: '1',
        postalCode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
      },
      openingHours: [{ dayOfWeek: 'Monday', opens: '09:00', closes: '17:30' }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'loc-1',
      name: 'Amsterdam store',
      displayOrder: 2,
      isWarehouse: false,
      isPickupLocation: true,
      isStockLocation: true,
      email: 'store@example.com',
      description: null,
      phoneNumber: '+31 20 123 4567',
      image: null,
      address: {
        street: 'Damrak',
        houseNumber: '1',
        postalCode: '1012 LG',
        city: 'Amsterdam',
        region: null,
        country: 'NL',
      },
      openingHours: [{ dayOfWeek: 'Monday', opens: '09:00', closes: '17:30' }],
    });
    const id = created.body.id;
    expect((await viewer.get(`${base}/${id}`)).body).toEqual(created.body);
    const listed = await viewer.get(
      `${base}?ids=${id}&is_pickup_location=true&is_warehouse=false&Query=amster`,
    );
    expect(listed.body).toEqual({ data: [created.body], total: 1 });
    expect((await viewer.get(`${base}?ids=${id}&is_pickup_location=false`)).body.total).toBe(0);

    const updated = await ws.owner.put(`${base}/${id}`, {
      id,
      name: 'Amsterdam warehouse',
      isWarehouse: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Amsterdam warehouse',
      isWarehouse: true,
      isPickupLocation: false,
      address: null,
      openingHours: [],
      email: null,
    });
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual(
      expect.arrayContaining(['LocationCreated', 'LocationNameUpdated', 'LocationIsWarehouseUpdated']),
    );
    expect((await ws.owner.delete(`${base}/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`${base}/${id}`)).status).toBe(404);
  });

  it('sorts by name and display order and filters by kind', async () => {
    const fresh = await t.workspace('Sorting');
    await fresh.owner.post(base, { name: 'bravo', displayOrder: 1, isWarehouse: true });
    await fresh.owner.post(base, { name: 'Alpha', displayOrder: 3, isStockLocation: false });
    await fresh.owner.post(base, { name: 'charlie', displayOrder: 2 });
    const names = async (q: string) =>
      (await fresh.owner.get(`${base}?${q}`)).body.data.map((l: { name: string }) => l.name);
    expect(await names('SortBy=Name')).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(await names('SortBy=DisplayOrder&SortOrder=Desc')).toEqual(['Alpha', 'charlie', 'bravo']);
    expect(await names('is_warehouse=true')).toEqual(['bravo']);
    expect(await names('is_stock_location=false')).toEqual(['Alpha']);
    expect((await fresh.owner.get(`${base}?is_warehouse=maybe`)).status).toBe(400);
    expect((await fresh.owner.get(`${base}?SortBy=Email`)).status).toBe(400);
  });

  it('uploads an image by content', async () => {
    const id = (await ws.owner.post(base, { name: 'Image location' })).body.id;
    const ok = await ws.owner
      .post(`${base}/${id}/image`)
      .attach('image', png, { filename: 'front.png', contentType: 'image/png' });
    expect(ok.status).toBe(200);
    expect(ok.body.image).toMatch(/^http:\/\/localhost\/files\/.+\.png$/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await ws.owner.post(`${base}/${id}/image`).attach('image', svg, 'x.png')).status).toBe(415);
    expect((await other.owner.post(`${base}/${id}/image`).attach('image', png, 'x.png')).status).toBe(404);
    expect((await viewer.post(`${base}/${id}/image`).attach('image', png, 'x.png')).status).toBe(403);
  });

  it('refuses to delete a location that holds stock (409), deletes one with only empty stock', async () => {
    const location = (await ws.owner.post(base, { name: 'Stocked' })).body.id;
    const product = (await ws.owner.post('/core-api/catalog/products', { name: 'Stocked thing' })).body.id;
    const stock = await ws.owner.post('/core-api/inventory/stocks', {
      productId: product,
      locationId: location,
      quantity: 3,
    });
    expect(stock.status).toBe(200);
    expect((await ws.owner.delete(`${base}/${location}`)).status).toBe(409);
    expect((await ws.owner.put(`/core-api/inventory/stocks/${stock.body.id}`, { quantity: 0 })).status).toBe(
      200,
    );
    expect((await ws.owner.delete(`${base}/${location}`)).status).toBe(200);
    expect((await ws.owner.get(`/core-api/inventory/stocks/${stock.body.id}`)).status).toBe(404);
  });

  it('answers 400 naming each bad field', async () => {
    const bad = await ws.owner.post(base, {
      name: '',
      email: 'not-an-email',
      image: 'javascript:alert(1)',
      isWarehouse: 'yes',
      address: { city: 'x'.repeat(256) },
      openingHours: [{ dayOfWeek: 'Funday', opens: '25:00', closes: '17:00' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      [
        'address.city',
        'email',
        'image',
        'isWarehouse',
        'name',
        'openingHours[0].dayOfWeek',
        'openingHours[0].opens',
      ].sort(),
    );
    expect((await ws.owner.get(`${base}/not-a-uuid`)).status).toBe(400);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const id = (await ws.owner.post(base, { name: 'Private' })).body.id;
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
