import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { InvalidEnvironmentError, loadEnv } from '../../../src/config/env';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { transpileService } from './child-service';

/** The value of one series (`name{labels} value`) in an exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = line.slice(name.length).match(/^(?:\{(.*)\})? (\S+)$/);
    if (!body) continue;
    const given = Object.fromEntries(
      [...(body[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(body[2]);
  }
  return undefined;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('Metrics at /metrics', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    // What Prometheus sends.
    const accept =
      'application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.4,*/*;q=0.1';
    const res = await t.http.get('/metrics').set('Accept', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it('counts requests per method, route pattern and status, never the raw URL', async () => {
    const id = randomUUID();
    const before = await scrape();
    const key = { method: 'GET', route: '/core-api/accounts/:id', status: '404' };
    const count = sample(before, 'http_request_duration_seconds_count', key) ?? 0;
    for (let i = 0; i < 3; i++) expect((await ws.owner.get(`/core-api/accounts/${id}`)).status).toBe(404);
    expect((await t.http.get(`/no/such/path/${id}`)).status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_count', key)).toBe(count + 3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...key, le: '+Inf' })).toBe(count + 3);
    expect(sample(after, 'http_request_duration_seconds_sum', key)).toBeGreaterThan(0);
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(id);
  });

  it('reports the pool, the event loop and the process (prom-client defaults)', async () => {
    const text = await scrape();
    expect(sample(text, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_clients')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(sample(text, name)).toBeGreaterThanOrEqual(0);
  });

  it('reports the webhook delivery queue across workspaces: depth and age of the oldest, counts only', async () => {
    // No worker runs in this app: the deliveries stay pending.
    const hook = await ws.owner.post('/core-api/webhooks', {
      url: 'http://127.0.0.1:9/metrics-test',
      topics: ['AccountCreated'],
    });
    expect(hook.status).toBe(200);
    const depthBefore = sample(await scrape(), 'background_queue_depth', { queue: 'webhook_deliveries' });
    expect(depthBefore).toBeGreaterThanOrEqual(0);
    for (const displayName of ['Queued one', 'Queued two'])
      expect((await ws.owner.post('/core-api/accounts', { displayName })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const text = await scrape();
    expect(sample(text, 'background_queue_depth', { queue: 'webhook_deliveries' })).toBeGreaterThanOrEqual(
      depthBefore! + 2,
    );
    expect(
      sample(text, 'background_queue_oldest_age_seconds', { queue: 'webhook_deliveries' }),
    ).toBeGreaterThanOrEqual(0.05);
    expect(text).not.toContain(ws.id);
    expect((await ws.owner.delete(`/core-api/webhooks/${hook.body.id}`)).status).toBe(200);
  });

  it('is off the authenticated API: no token needed, an invalid one ignored, absent from the OpenAPI document', async () => {
    const res = await t.http.get('/metrics').set('Authorization', 'Bearer not-a-jwt');
    expect(res.status).toBe(200);
    expect((await t.http.get('/core-api/metrics')).status).toBe(404);
    const doc = (await t.http.get('/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('metrics'))).toEqual([]);
  });
});

describe('Metrics protected by METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'scrape-token-0123456789';

  beforeAll(async () => {
    t = await startApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it('answers 401 without the bearer token or with a wrong one, 200 with it', async () => {
    for (const header of [undefined, 'Bearer wrong-token-0123456789', `Basic ${token}`, `Bearer ${token}x`]) {
      const r = t.http.get('/metrics');
      const res = await (header ? r.set('Authorization', header) : r);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.text).not.toContain(token);
    }
    const ok = await t.http.get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds');
  });
});

describe('Metrics on METRICS_PORT', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    t = await startApp({ METRICS_PORT: String(port), METRICS_TOKEN: 'scrape-token-0123456789' });
  });
  afterAll(() => t.close());

  it('serves /metrics on that port only, with the token', async () => {
    expect((await t.http.get('/metrics')).status).toBe(404);
    const side = request(`http://127.0.0.1:${port}`);
    expect((await side.get('/metrics')).status).toBe(401);
    expect((await side.get('/other')).status).toBe(404);
    const ok = await side.get('/metrics').set('Authorization', 'Bearer scrape-token-0123456789');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.text).toContain('process_cpu_user_seconds_total');
  });
});

describe('Metrics turned off (METRICS_ENABLED=false)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ METRICS_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('serves no /metrics', async () => {
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('Metrics in production (NODE_ENV=production)', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  };

  it('refuses to start with /metrics open: one line naming METRICS_TOKEN and METRICS_PORT, exit 1', async () => {
    // The real entry point, so that the refusal is what an operator sees (before the fix: it started).
    const dist = transpileService();
    const dataDir = mkdtempSync(join(tmpdir(), 'trade-metrics-prod-'));
    try {
      const child = spawn(process.execPath, [join(dist, 'src/main.js')], {
        env: { ...production, PATH: process.env.PATH, PORT: String(await freePort()), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // A service that starts instead of refusing is stopped after a while, and the test fails on its code.
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      clearTimeout(kill);
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^Invalid configuration: METRICS_TOKEN or METRICS_PORT is required when NODE_ENV=production/,
        ),
      ]);
      expect(stderr).toContain('METRICS_ENABLED=false');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts with a token, a separate port, or metrics turned off', () => {
    expect(() => loadEnv({ ...production, METRICS_TOKEN: 'scrape-token-0123456789' })).not.toThrow();
    expect(() => loadEnv({ ...production, METRICS_PORT: '9464' })).not.toThrow();
    expect(() => loadEnv({ ...production, METRICS_ENABLED: 'false' })).not.toThrow();
    expect(() => loadEnv({ ...production })).toThrow(InvalidEnvironmentError);
    // The worker process serves no /metrics: nothing to guard.
    expect(() => loadEnv({ ...production }, { servesHttp: false })).not.toThrow();
    // Outside production an open /metrics stays the default (development, tests).
    expect(() => loadEnv({ NODE_ENV: 'development' })).not.toThrow();
  });
});

describe('Request id', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  it('is returned on every answer: a well-formed incoming one is kept, anything else replaced', async () => {
    const kept = await ws.owner.get('/core-api/accounts').set('x-request-id', 'lb-1f2e.3d:4c_5b-6a');
    expect(kept.headers['x-request-id']).toBe('lb-1f2e.3d:4c_5b-6a');
    for (const given of ['has spaces', 'x'.repeat(129), 'semi;colon', '<script>']) {
      const res = await ws.owner.get('/core-api/accounts').set('x-request-id', given);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const res of [
      await t.http.get('/core-api/accounts'), // 401
      await t.http.get('/no/such/path'), // 404 of the router
      await ws.owner.post('/core-api/accounts', { displayName: 5 }), // 400
      await t.http.get('/health/live'),
    ])
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is recorded on the activities the request caused, where the webhook worker reads it', async () => {
    const requestId = `lb-${randomUUID()}`;
    const created = await ws.owner
      .post('/core-api/accounts', { displayName: 'Traced' })
      .set('x-request-id', requestId);
    expect(created.status).toBe(200);
    const rows: Array<{ type: string; request_id: string | null }> = await t.app
      .get(DataSource)
      .query(`SELECT type, request_id FROM activities WHERE workspace_id = $1 AND entity_id = $2`, [
        ws.id,
        created.body.id,
      ]);
    expect(rows).toEqual([{ type: 'AccountCreated', request_id: requestId }]);
    // An answer never shows it: it is the caller's own header.
    const listed = await ws.owner.get(`/core-api/activities`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(requestId);
  });
});
