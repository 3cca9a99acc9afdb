import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { RateLimits } from '../../../src/platform/http/rate-limits';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { serverUrl } from '../../support/test-env';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const policyShape = /^"(api-key|user|client)";q=\d+;w=\d+, "workspace";q=\d+;w=\d+$/;
const stateShape = /^"(api-key|user|client)";r=(\d+);t=(\d+), "workspace";r=(\d+);t=(\d+)$/;

/** What is left of the caller's quota, from the `RateLimit` field. */
const left = (res: { headers: Record<string, string> }) => Number(stateShape.exec(res.headers.ratelimit)![2]);

describe('Rate limits: headers on every authenticated answer', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  it('sends RateLimit-Policy and RateLimit to users, client logins and API keys, none without a caller', async () => {
    const user = await ws.owner.get('/core-api/accounts');
    expect(user.status).toBe(200);
    expect(user.headers['ratelimit-policy']).toMatch(policyShape);
    expect(user.headers['ratelimit-policy']).toMatch(/^"user";q=10000000;w=60, "workspace";q=10000000;w=60$/);
    expect(user.headers.ratelimit).toMatch(stateShape);

    const client = await (await ws.client()).get('/commerce-api/catalog/brands');
    expect(client.headers['ratelimit-policy']).toMatch(/^"client";/);
    const created = await ws.owner.post('/core-api/api-keys', { name: 'Headers', role: 'Viewer' });
    const key = await t.http.get('/core-api/accounts').set('X-Api-Key', created.body.key);
    expect(key.headers['ratelimit-policy']).toMatch(/^"api-key";/);

    // Refusals after counting carry them too; public operations and 401s do not.
    const forbidden = await (await ws.member('Viewer')).post('/core-api/accounts', { displayName: 'x' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.ratelimit).toMatch(stateShape);
    const anonymous = await t.http.get('/core-api/accounts');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers).not.toHaveProperty('ratelimit');
    expect((await t.http.get('/core-api/info/version')).headers).not.toHaveProperty('ratelimit');
  });

  it('lists the headers and the 429 in the OpenAPI document, and the API key security scheme', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    );
    const list = doc.paths['/core-api/accounts'].get;
    expect(list.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(list.responses['200'].headers).toHaveProperty('RateLimit-Policy.required', true);
    expect(list.responses['429'].headers).toHaveProperty('Retry-After');
    expect(doc.paths['/core-api/auth/login'].post.responses['200'].headers).not.toHaveProperty('RateLimit');
  });
});

describe('Rate limits: budgets per API key, user, client login and workspace', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let admin: Caller;
  const windowSeconds = 3600;

  beforeAll(async () => {
    t = await startApp({
      RATE_LIMIT_PER_API_KEY: '3',
      RATE_LIMIT_PER_USER: '5',
      RATE_LIMIT_PER_CLIENT: '4',
      RATE_LIMIT_PER_WORKSPACE: '24',
      RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
      RATE_LIMIT_FLUSH_MS: '50',
    });
    // Windows are aligned to the epoch: never start this test right before one ends.
    const msLeft = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (msLeft < 20_000) await sleep(msLeft + 100);
    ws = await t.workspace();
    admin = await ws.member('Admin');
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After and a problem over a user’s budget; keys, other users and the workspace count apart', async () => {
    const key = (await admin.post('/core-api/api-keys', { name: 'Budget', role: 'Viewer' })).body
      .key as string;
    const user = await ws.member('Member');

    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await user.get('/core-api/accounts');
      expect(res.status).toBe(200);
      seen.push(left(res));
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    const refused = await user.get('/core-api/accounts');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(refused.body.detail).toMatch(/this user may send 5 per 3600 seconds/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    const state = stateShape.exec(refused.headers.ratelimit)!;
    expect([state[2], state[3]]).toEqual(['0', String(retryAfter)]);
    // Writes too: the budget is per caller, not per operation.
    expect((await user.post('/core-api/accounts', { displayName: 'x' })).status).toBe(429);

    // The key of the same workspace has its own budget; so has another user.
    for (let i = 0; i < 3; i++)
      expect((await t.http.get('/core-api/accounts').set('X-Api-Key', key)).status).toBe(200);
    const keyRefused = await t.http.get('/core-api/accounts').set('Authorization', `Bearer ${key}`);
    expect(keyRefused.status).toBe(429);
    expect(keyRefused.body.detail).toMatch(/this API key may send 3/);
    expect((await (await ws.member('Viewer')).get('/core-api/accounts')).status).toBe(200);

    const shopper = await ws.client();
    for (let i = 0; i < 4; i++) expect((await shopper.get('/commerce-api/catalog/brands')).status).toBe(200);
    expect((await shopper.get('/commerce-api/catalog/brands')).status).toBe(429);

    // On a server the shared counts hold what this instance counted (flushed in the background,
    // and here at once rather than after a sleep a loaded machine outlasts); the embedded database
    // serves one instance, and nothing is flushed there.
    // Twice: a background flush under way may have taken its counts before the last requests.
    await t.app.get(RateLimits).flush();
    await t.app.get(RateLimits).flush();
    const expected = serverUrl ? [5] : [];
    const counts = (await t.app
      .get(DataSource)
      .query(`SELECT key, count FROM rate_limit_counts WHERE key LIKE $1`, [
        `${windowSeconds}:u:${ws.id}:${user.userId}`,
      ])) as Array<{
      count: number;
    }>;
    expect(counts.map((c) => c.count)).toEqual(expected);
  });

  it('holds the whole workspace to its budget, whoever calls', async () => {
    const other = await t.workspace('Busy');
    // Members of 5 requests each (under the user budget) until the workspace's 24 are spent.
    let admitted = 0;
    let refused: { status: number; body: { detail: string } } | undefined;
    for (let member = 0; member < 6 && !refused; member++) {
      const caller = await other.member('Viewer');
      for (let i = 0; i < 5; i++) {
        const res = await caller.get('/core-api/accounts');
        if (res.status === 429) {
          refused = res;
          break;
        }
        expect(res.status).toBe(200);
        admitted++;
      }
    }
    expect(admitted).toBe(24);
    expect(refused!.body.detail).toMatch(/this workspace may send 24/);
    // Another workspace is not held by it.
    expect((await ws.owner.get('/core-api/accounts')).status).toBe(200);
  });
});
