import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('HTTP conventions (api-conventions §4–6)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  it('answers 401 as problem+json without a token', async () => {
    const res = await t.http.get('/core-api/users');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: expect.any(String),
      title: 'Unauthorized',
      status: 401,
      detail: expect.any(String),
      instance: '/core-api/users',
    });
  });

  it('refuses a token signed with another secret', async () => {
    const forged = ws.owner.token.split('.').slice(0, 2).join('.') + '.c2lnbmF0dXJl';
    expect((await t.http.get('/core-api/users').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('serves JSON as text/json and text/plain when asked', async () => {
    const asTextJson = await ws.owner.get('/core-api/users').set('Accept', 'text/json');
    expect(asTextJson.headers['content-type']).toMatch(/^text\/json/);
    expect(JSON.parse(asTextJson.text).total).toBe(1);
    const asText = await ws.owner.get('/core-api/users').set('Accept', 'text/plain');
    expect(asText.headers['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(asText.text).total).toBe(1);
    const other = await ws.owner.get('/core-api/users').set('Accept', 'application/xml');
    expect(other.headers['content-type']).toMatch(/^application\/json/);
  });

  it('accepts text/json and application/*+json bodies and refuses other types with 415', async () => {
    const json = JSON.stringify({ name: 'Another' });
    const textJson = await ws.owner.post('/core-api/workspaces').set('Content-Type', 'text/json').send(json);
    expect(textJson.status).toBe(200);
    const vnd = await ws.owner
      .post('/core-api/workspaces')
      .set('Content-Type', 'application/vnd.api+json')
      .send(json);
    expect(vnd.status).toBe(200);
    const plain = await ws.owner
      .post('/core-api/workspaces')
      .set('Content-Type', 'text/plain')
      .send('name=x');
    expect(plain.status).toBe(415);
    expect(plain.headers['content-type']).toMatch(/problem\+json/);
  });

  it('answers 413 for a body over 1 MiB and 400 for malformed JSON', async () => {
    const big = await ws.owner
      .post('/core-api/workspaces')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1100 * 1024) }));
    expect(big.status).toBe(413);
    const bad = await ws.owner
      .post('/core-api/workspaces')
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/not valid JSON/);
    expect(bad.body.errors).toEqual({ body: ['is not valid JSON'] });
    // An empty body labelled JSON is no body: the missing fields are named.
    const empty = await ws.owner.post('/core-api/workspaces').set('Content-Type', 'application/json');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('name');
  });

  it('lists every bad field in errors, including over-long strings', async () => {
    const res = await ws.owner.post('/core-api/users', {
      username: 'a'.repeat(256),
      email: 'not-an-email',
      password: 1,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password', 'username']);
  });

  it('validates list parameters: case-insensitive names, ranges, enums', async () => {
    expect(
      (await ws.owner.get('/core-api/users?take=1&SKIP=0&sortorder=Desc&SortBy=DisplayName')).status,
    ).toBe(200);
    const bad = await ws.owner.get('/core-api/users?Take=1001&Skip=-1&SortBy=Nope&SortOrder=Up');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['Skip', 'SortBy', 'SortOrder', 'Take']);
    const badEnum = await ws.owner.get('/core-api/users?user_types=Robot');
    expect(badEnum.status).toBe(400);
    expect(badEnum.body.errors).toHaveProperty('user_types');
  });

  it('refuses an unknown query parameter with 400 naming it, on core and commerce operations alike', async () => {
    const list = await ws.owner.get('/core-api/users?take=1&Tkae=2&foo=bar');
    expect(list.status).toBe(400);
    expect(Object.keys(list.body.errors).sort()).toEqual(['Tkae', 'foo']);
    expect(list.body.errors.foo[0]).toMatch(/not a query parameter.*Take/i);
    // An operation that takes no query parameter refuses any.
    const one = await ws.owner.get(`/core-api/users/${ws.owner.userId}?expand=all`);
    expect(one.status).toBe(400);
    expect(one.body.errors.expand[0]).toMatch(/takes: none/);
    // `qty` is not `quantity`: a price at the wrong quantity is never answered quietly.
    const product = await ws.owner.post('/core-api/catalog/products', {
      name: 'Strict chair',
      sku: 'STRICT-1',
    });
    expect(product.status).toBe(200);
    const qty = await ws.owner.get(`/commerce-api/catalog/products/price/${product.body.id}?qty=5`);
    expect(qty.status).toBe(400);
    expect(qty.body.errors).toHaveProperty('qty');
    const quantity = await ws.owner.get(`/commerce-api/catalog/products/price/${product.body.id}?QUANTITY=5`);
    expect(quantity.status).toBe(200);
    expect(quantity.body.quantity).toBe(5);
    // Writes too; body members keep their rule (unknown ones are ignored).
    const post = await ws.owner.post('/core-api/catalog/products?dryRun=true', {
      name: 'Strict stool',
      extra: 1,
    });
    expect(post.status).toBe(400);
    expect(post.body.errors).toHaveProperty('dryRun');
    const stool = await ws.owner.post('/core-api/catalog/products/list', { query: 'Strict stool', extra: 1 });
    expect(stool.status).toBe(200);
    expect(stool.body.total).toBe(0);
  });

  it('answers 400 naming the id for a malformed UUID and 404 for an unknown route', async () => {
    const res = await ws.owner.get('/core-api/users/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('id');
    expect((await ws.owner.get('/core-api/nothing-here')).status).toBe(404);
  });

  it('answers 404 for a member that is not in the workspace before judging the body, on every PUT', async () => {
    const doc = (await t.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const puts = Object.entries(doc.paths)
      .filter(([path, item]) => path.endsWith('/{id}') && item.put?.requestBody)
      .map(([path]) => path);
    expect(puts.length).toBeGreaterThan(20);
    const answers: Record<string, number> = {};
    for (const path of puts) {
      // An empty body misses every required member: still a 404, the id is looked up first.
      const res = await ws.owner.put(path.replace('{id}', randomUUID()), {});
      answers[path] = res.status;
    }
    expect(answers).toEqual(Object.fromEntries(puts.map((p) => [p, 404])));
  });

  it('echoes x-request-id, or makes one', async () => {
    const given = await t.http.get('/core-api/info').set('x-request-id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.http.get('/core-api/info');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves info, health and the OpenAPI document without a token', async () => {
    const version = await t.http.get('/core-api/info/version');
    expect(version.body).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const info = await t.http.get('/core-api/info');
    expect(info.body.serverTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect((await t.http.get('/health/live')).status).toBe(200);
    expect((await t.http.get('/health/ready')).body.status).toBe('ok');
    const doc = await t.http.get('/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.components.securitySchemes.bearer).toBeDefined();
    expect((await t.http.get('/docs')).status).toBeLessThan(400);
  });

  it('requires the bearer token (or an API key) in the OpenAPI document for every operation but the open ones', async () => {
    const doc = (await t.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[]; summary?: string }>>;
    };
    const open =
      /^\/(health\/|core-api\/info|core-api\/auth\/(login|refresh|logout)|commerce-api\/auth\/(?!me$)|files\/)/;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect([`${method} ${path}`, op.security]).toEqual([
          `${method} ${path}`,
          open.test(path) ? [] : [{ bearer: [] }, { apiKey: [] }],
        ]);
        expect(op.summary).toEqual(expect.any(String));
      }
    }
  });
});
