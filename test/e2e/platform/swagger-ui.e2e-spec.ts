import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** Swagger UI at /docs: usable with 200+ operations, and its 1.5 MB sent compressed. */
describe('Swagger UI and the OpenAPI document', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  /** The raw bytes on the wire (supertest would decompress them). */
  const fetchRaw = (url: string, headers: Record<string, string> = {}) =>
    (t.app as NestFastifyApplication).getHttpAdapter().getInstance().inject({ method: 'GET', url, headers });

  it('starts Swagger UI with a filter box, collapsed tags and authorization kept across reloads', async () => {
    const init = await t.http.get('/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    // Run the served script as the browser would, and see what Swagger UI is started with.
    let config: Record<string, unknown> | undefined;
    const SwaggerUIBundle = Object.assign(
      (options: Record<string, unknown>) => {
        config = options;
        return {};
      },
      { presets: { apis: {} }, plugins: { DownloadUrl: {} } },
    );
    const window: { onload?: () => void; location: object } = {
      location: { search: '', origin: 'http://localhost' },
    };
    runInNewContext(init.text, { window, SwaggerUIBundle, SwaggerUIStandalonePreset: {} });
    window.onload!();
    expect(config).toMatchObject({ filter: true, docExpansion: 'none', persistAuthorization: true });
    expect((config!.spec as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it.each([
    ['/openapi.json', 'application/json'],
    ['/openapi.yaml', 'text/yaml'],
    ['/docs/swagger-ui-bundle.js', 'application/javascript'],
    ['/docs/swagger-ui-init.js', 'application/javascript'],
  ])('sends %s compressed when asked, smaller and the same once decompressed', async (url, type) => {
    const plain = await fetchRaw(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain(type);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const br = await fetchRaw(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await fetchRaw(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves the API answers uncompressed, whatever the client accepts', async () => {
    for (let i = 0; i < 12; i++) {
      expect(
        (await ws.owner.post('/core-api/catalog/brands', { name: `Brand ${i} ${'x'.repeat(60)}` })).status,
      ).toBe(200);
    }
    const page = await fetchRaw('/core-api/catalog/brands?Take=50', {
      authorization: `Bearer ${ws.owner.token}`,
      'accept-encoding': 'br, gzip, deflate',
    });
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.length).toBeGreaterThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['content-length']).toBe(String(page.rawPayload.length));
    expect(page.json().total).toBe(12);
  });
});
