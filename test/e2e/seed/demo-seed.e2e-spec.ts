import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { seedDemoImages } from '../../../src/seed/demo-images';
import { seedShopperDemo } from '../../../src/seed/shopper-demo';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** The parts of `npm run seed:demo` that must work from the outside: its images and its shopper. */
describe('Demo seed', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let ctx: RequestContext;
  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace('Demo');
    ctx = new RequestContext(ws.id, { id: ws.owner.userId, type: 'User' }, 'Owner');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores product images the service itself serves (200, an image content type)', async () => {
    const urls = await seedDemoImages(t.app, ctx);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const path = new URL(url).pathname;
      expect(path).toMatch(new RegExp(`^/files/${ws.id}/products/[0-9a-f-]{36}\\.png$`));
      const res = await t.http.get(path).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect((res.body as Buffer).subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });

  it('makes a shopper that logs in and orders at its account’s 10 % discount', async () => {
    const login = await seedShopperDemo(t.app, ctx, 'e2e');
    const product = await ws.owner.post('/core-api/catalog/products', {
      name: 'Oak chair',
      sku: 'OAK-1',
      pricing: { salesPrice: 100 },
    });
    expect(product.status).toBe(200);
    const tokens = await t.http
      .post('/core-api/auth/login')
      .send({ username: login.username, password: login.password, workspaceId: ws.id });
    expect(tokens.status).toBe(200);
    const auth = `Bearer ${tokens.body.accessToken}`;
    const order = await t.http
      .post('/commerce-api/salesorders')
      .set('Authorization', auth)
      .send({ channel: 'Webshop', lines: [{ productId: product.body.id, quantity: 1 }] });
    expect(order.status).toBe(200);
    const placed = await t.http.get(`/commerce-api/salesorders/${order.body.id}`).set('Authorization', auth);
    expect(placed.body.lines[0].unitPrice).toBe(90);
  });
});
