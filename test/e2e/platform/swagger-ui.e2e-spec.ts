import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp, TestApp } from '../../support/app';

/**
 * Swagger UI at /docs: usable with 200+ operations, and its 1.5 MB sent compressed (the API's own
 * answers are compressed too: conditional-requests.e2e-spec.ts).
 */
describe('Swagger UI and the OpenAPI document', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
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
});
