import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Env } from '../../../src/config/env';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG of about `bytes` bytes (the type is recognised by its first bytes). */
const pngOf = (bytes: number) => Buffer.concat([png, Buffer.alloc(Math.max(0, bytes - png.length))]);
const quota = 10_000;

describe('Uploads: cleanup, quota, served headers', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let storageDir: string;

  const served = async (url: string) => (await t.http.get(new URL(url).pathname)).status;
  const filesOf = (workspaceId: string): string[] => {
    try {
      return readdirSync(join(storageDir, workspaceId), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name);
    } catch {
      return [];
    }
  };
  const brandImage = (caller: Caller, id: string, image = png) =>
    caller.post(`/core-api/catalog/brands/${id}/image`).attach('image', image, 'logo.png');

  beforeAll(async () => {
    t = await startApp({ UPLOAD_QUOTA_BYTES_PER_WORKSPACE: String(quota) });
    const env = t.app.get(Env);
    storageDir = env.STORAGE_DIR!;
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  it('serves files with nosniff and a sandboxing Content-Security-Policy', async () => {
    const id = (await ws.owner.post('/core-api/catalog/brands', { name: 'Headers' })).body.id;
    const { body } = await brandImage(ws.owner, id);
    const res = await t.http.get(new URL(body.imageUrl).pathname);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('deletes a brand logo once it is replaced, cleared or its brand deleted', async () => {
    const id = (await ws.owner.post('/core-api/catalog/brands', { name: 'Replaced' })).body.id;
    const first = (await brandImage(ws.owner, id)).body.imageUrl as string;
    const second = (await brandImage(ws.owner, id)).body.imageUrl as string;
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);

    const cleared = await ws.owner.put(`/core-api/catalog/brands/${id}`, {
      name: 'Replaced',
      imageUrl: null,
    });
    expect(cleared.status).toBe(200);
    expect(await served(second)).toBe(404);

    const third = (await brandImage(ws.owner, id)).body.imageUrl as string;
    expect((await ws.owner.delete(`/core-api/catalog/brands/${id}`)).status).toBe(200);
    expect(await served(third)).toBe(404);
  });

  it('keeps a category image while another category still names it', async () => {
    const upload = await ws.owner
      .post('/core-api/catalog/productcategories/images')
      .attach('images', png, 'a.png')
      .attach('images', png, 'b.png');
    expect(upload.status).toBe(200);
    const [a, b] = upload.body.fileUris as string[];
    const one = (
      await ws.owner.post('/core-api/catalog/productcategories', { name: 'One', image: a, images: [b] })
    ).body.id;
    const two = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Two', image: b })).body
      .id;

    expect((await ws.owner.delete(`/core-api/catalog/productcategories/${one}`)).status).toBe(200);
    expect(await served(a)).toBe(404);
    expect(await served(b)).toBe(200);
    const updated = await ws.owner.put(`/core-api/catalog/productcategories/${two}`, { name: 'Two' });
    expect(updated.status).toBe(200);
    expect(await served(b)).toBe(404);
  });

  it("deletes a product's image files when they leave its images and when it is deleted", async () => {
    const id = (await ws.owner.post('/core-api/catalog/products', { name: 'Pictured', sku: 'PIC-1' })).body
      .id;
    const added = await t.http
      .post(`/core-api/catalog/products/${id}/images`)
      .set('Authorization', `Bearer ${ws.owner.token}`)
      .attach('images', png, 'a.png')
      .attach('images', png, 'b.png');
    expect(added.status).toBe(200);
    const [keep, drop] = added.body.images as Array<{ id: string; url: string }>;
    const put = await ws.owner.put(`/core-api/catalog/products/${id}`, {
      name: 'Pictured',
      sku: 'PIC-1',
      images: [{ id: keep.id }],
    });
    expect(put.status).toBe(200);
    expect(await served(drop.url)).toBe(404);
    expect(await served(keep.url)).toBe(200);
    expect((await ws.owner.delete(`/core-api/catalog/products/${id}`)).status).toBe(200);
    expect(await served(keep.url)).toBe(404);
  });

  it('deletes the replaced workspace picture, and every file with the workspace', async () => {
    const own = await t.workspace('Pictures');
    const first = (await own.owner.post('/core-api/workspaces/image').attach('image', png, 'w.png')).body
      .imageUrl as string;
    const second = (await own.owner.post('/core-api/workspaces/image').attach('image', png, 'w.png')).body
      .imageUrl as string;
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    const brand = (await own.owner.post('/core-api/catalog/brands', { name: 'Gone' })).body.id;
    await brandImage(own.owner, brand);
    expect(filesOf(own.id)).toHaveLength(2);
    expect((await own.owner.delete('/core-api/workspaces')).status).toBe(200);
    expect(filesOf(own.id)).toHaveLength(0);
  });

  it('refuses an upload over the workspace quota with 413 and stores nothing', async () => {
    const own = await t.workspace('Quota');
    const ds = t.app.get(DataSource);
    const used = async () =>
      Number(
        (
          (await ds.query(
            'SELECT coalesce(sum(bytes), 0)::int AS n FROM stored_files WHERE workspace_id = $1',
            [own.id],
          )) as Array<{ n: number }>
        )[0].n,
      );
    const id = (await own.owner.post('/core-api/catalog/brands', { name: 'Quota' })).body.id;
    const ok = await brandImage(own.owner, id, pngOf(6_000));
    expect(ok.status).toBe(200);
    expect(await used()).toBe(6_000);

    const category = await own.owner
      .post('/core-api/catalog/productcategories/images')
      .attach('images', pngOf(3_000), 'a.png')
      .attach('images', pngOf(3_000), 'b.png');
    expect(category.status).toBe(413);
    expect(category.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(category.body.detail).toMatch(/quota/);
    expect(await used()).toBe(6_000);
    expect(filesOf(own.id)).toHaveLength(1);
    expect((await own.owner.get(`/core-api/catalog/brands/${id}`)).body.imageUrl).toBe(ok.body.imageUrl);

    // Replacing the logo frees the old one's bytes only after the new one is in: still over.
    expect((await brandImage(own.owner, id, pngOf(6_000))).status).toBe(413);
    // Cleared, it no longer counts.
    await own.owner.put(`/core-api/catalog/brands/${id}`, { name: 'Quota', imageUrl: null });
    expect(await used()).toBe(0);
    expect((await brandImage(own.owner, id, pngOf(6_000))).status).toBe(200);
  });
});
