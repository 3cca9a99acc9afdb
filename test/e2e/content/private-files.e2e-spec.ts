import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Env } from '../../../src/config/env';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const secret = 'the private contract of the second attack';

/** GET `path` exactly as written (what `curl --path-as-is` sends): no client normalises it. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Private documents are never served under /files (second attack)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let base: string;
  let key: string;
  let storageDir: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    base = await t.listen();
    storageDir = t.app.get(Env).STORAGE_DIR!;
    const uploaded = await t.http
      .post('/core-api/documents?path=contracts')
      .set('Authorization', `Bearer ${ws.owner.token}`)
      .attach('files', Buffer.from(secret), 'offer.txt');
    expect(uploaded.status).toBe(200);
    [{ key }] = (await t.app
      .get(DataSource)
      .query('SELECT file_key AS key FROM documents WHERE workspace_id = $1 AND file_key IS NOT NULL', [
        ws.id,
      ])) as Array<{ key: string }>;
    expect(key).toMatch(/^private\//);
  });
  afterAll(() => t.close());

  it('answers 404 (or 400 for a malformed path) to every spelling of a private key, and never its bytes', async () => {
    const rest = key.slice('private/'.length);
    const spellings = [
      `/files/${key}`,
      `/files/./${key}`,
      `/files/.%2F${key}`,
      `/files/%2e/${key}`,
      `/files/%2E%2F${key}`,
      `/files//${key}`,
      `/files/.//${key}`,
      `/files/private/./${rest}`,
      `/files/private//${rest}`,
      `/files/private%2F${rest}`,
      `/files/x/../${key}`,
      `/files/x/%2e%2e/${key}`,
      `/files/.%5C${key}`,
      `/files/%252e/${key}`,
      `/files/PRIVATE/${rest}`,
      `/files/${key}/.`,
      `/files/${key}%00`,
    ];
    for (const path of spellings) {
      const res = await rawGet(base, path);
      expect([path, [400, 404].includes(res.status)]).toEqual([path, true]);
      expect(res.body).not.toContain(secret);
    }
  });

  it('serves registered images only: a file in the store that no stored_files row records is a 404', async () => {
    const brand = (await ws.owner.post('/core-api/catalog/brands', { name: 'Served' })).body.id as string;
    const logo = await ws.owner
      .post(`/core-api/catalog/brands/${brand}/image`)
      .attach('image', png, 'logo.png');
    const path = new URL(logo.body.imageUrl as string).pathname;
    expect((await rawGet(base, path)).status).toBe(200);
    // Same bytes under an unregistered key of the same workspace, and of a made-up one.
    for (const stray of [
      `${ws.id}/brands/${randomUUID()}.png`,
      `${randomUUID()}/brands/${randomUUID()}.png`,
    ]) {
      mkdirSync(dirname(join(storageDir, stray)), { recursive: true });
      writeFileSync(join(storageDir, stray), png);
      expect([stray, (await rawGet(base, `/files/${stray}`)).status]).toEqual([stray, 404]);
    }
  });

  it('leaves the storage key and URL of documents out of the workspace export', async () => {
    const res = await ws.owner.get('/core-api/analytics/export').buffer(true);
    expect(res.status).toBe(200);
    const text = res.text ?? (res.body as Buffer).toString();
    const documents = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { resource: string; data: Record<string, unknown> })
      .filter((l) => l.resource === 'documents');
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) {
      expect(d.data).not.toHaveProperty('fileKey');
      expect(d.data).not.toHaveProperty('fileUrl');
    }
    expect(text).not.toContain(key);
  });
});
