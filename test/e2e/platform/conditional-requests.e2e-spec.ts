import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * Conditional GETs, compression and page links (api-conventions §4 and §5). Raw answers come from
 * Fastify's inject (supertest decompresses what it receives); every answer read through the
 * harness (t.http, callers) is still checked against the document.
 */
describe('conditional requests, compression and page links', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const raw = (ws: WorkspaceFixture, url: string, headers: Record<string, string> = {}) =>
    (t.app as NestFastifyApplication)
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: { authorization: `Bearer ${ws.owner.token}`, ...headers } });

  const brands = async (ws: WorkspaceFixture, n: number, prefix = 'Brand') => {
    for (let i = 0; i < n; i++) {
      const made = await ws.owner.post('/core-api/catalog/brands', {
        name: `${prefix} ${String(i).padStart(3, '0')} ${'x'.repeat(80)}`,
      });
      expect(made.status).toBe(200);
    }
  };

  describe('If-None-Match', () => {
    let ws: WorkspaceFixture;
    beforeAll(async () => {
      ws = await t.workspace();
    });

    it('answers 304 on a member whose version is unchanged, and 200 with the new ETag once it changed', async () => {
      const made = await ws.owner.post('/core-api/catalog/brands', { name: 'Acme' });
      const url = `/core-api/catalog/brands/${made.body.id}`;
      const first = await ws.owner.get(url);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toBe('"1"');
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const same = await ws.owner.get(url).set('If-None-Match', '"1"');
      expect(same.status).toBe(304);
      expect(same.text).toBe('');
      expect(same.headers.etag).toBe('"1"');
      expect(same.headers['cache-control']).toBe('private, no-cache');
      expect(same.headers['content-type']).toBeUndefined();

      expect((await ws.owner.put(url, { name: 'Acme 2' })).status).toBe(200);
      const changed = await ws.owner.get(url).set('If-None-Match', '"1"');
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).toBe('"2"');
      expect(changed.body.name).toBe('Acme 2');
    });

    it('compares weakly, takes lists of tags and *, and ignores tags that do not match', async () => {
      const made = await ws.owner.post('/core-api/catalog/brands', { name: 'Weak' });
      const url = `/core-api/catalog/brands/${made.body.id}`;
      for (const header of ['W/"1"', '"9", W/"1"', '"7","1"', '*'])
        expect((await ws.owner.get(url).set('If-None-Match', header)).status).toBe(304);
      for (const header of ['"2"', 'W/"11"', '1', '""'])
        expect((await ws.owner.get(url).set('If-None-Match', header)).status).toBe(200);
    });

    it('gives lists a weak fingerprint: 304 while unchanged, a new tag after a change', async () => {
      await brands(ws, 3, 'Listed');
      const url = '/core-api/catalog/brands?Take=2&SortBy=Name';
      const first = await ws.owner.get(url);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      const again = await ws.owner.get(url).set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(first.headers.etag);
      // The same list with another page is another answer.
      const other = await ws.owner.get(`${url}&Skip=1`).set('If-None-Match', first.headers.etag);
      expect(other.status).toBe(200);
      // A change that alters the page changes its tag.
      const [firstBrand] = first.body.data as Array<{ id: string }>;
      expect(
        (await ws.owner.put(`/core-api/catalog/brands/${firstBrand.id}`, { name: 'AAA first' })).status,
      ).toBe(200);
      const changed = await ws.owner.get(url).set('If-None-Match', first.headers.etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
    });

    it('gives the shopper’s storefront answers (which hold its prices) a fingerprint of its own answer', async () => {
      const shopper = await ws.client();
      const list = await shopper.get('/commerce-api/catalog/brands');
      expect(list.status).toBe(200);
      expect(list.headers.etag).toMatch(/^W\//);
      expect(list.headers['cache-control']).toBe('private, no-cache');
      expect(
        (await shopper.get('/commerce-api/catalog/brands').set('If-None-Match', list.headers.etag)).status,
      ).toBe(304);
    });

    it('keeps If-Match on writes: a stale version is 412, the current one goes through', async () => {
      const made = await ws.owner.post('/core-api/catalog/brands', { name: 'Matched' });
      const url = `/core-api/catalog/brands/${made.body.id}`;
      const stale = await ws.owner.put(url, { name: 'Matched 2' }).set('If-Match', '"5"');
      expect(stale.status).toBe(412);
      // A list's weak fingerprint is no version: refused as well.
      const weak = await ws.owner.put(url, { name: 'Matched 2' }).set('If-Match', 'W/"abc"');
      expect(weak.status).toBe(412);
      const fresh = await ws.owner.put(url, { name: 'Matched 2' }).set('If-Match', '"1"');
      expect(fresh.status).toBe(200);
      expect(fresh.headers.etag).toBe('"2"');
      // If-None-Match means nothing to a write.
      const write = await ws.owner.put(url, { name: 'Matched 3' }).set('If-None-Match', '"2"');
      expect(write.status).toBe(200);
    });

    it('answers errors in full, never 304', async () => {
      const missing = await ws.owner
        .get('/core-api/catalog/brands/00000000-0000-4000-8000-000000000000')
        .set('If-None-Match', '*');
      expect(missing.status).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
    });
  });

  describe('compression', () => {
    let ws: WorkspaceFixture;
    beforeAll(async () => {
      ws = await t.workspace();
      await brands(ws, 40);
    });

    it('sends a big list as br or gzip when asked, the same JSON once decompressed', async () => {
      const url = '/core-api/catalog/brands?Take=40';
      const plain = await raw(ws, url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(4096);
      expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));

      const br = await raw(ws, url, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      // The tag is the uncompressed answer's: the same whatever the encoding.
      expect(br.headers.etag).toBe(plain.headers.etag);

      const gzip = await raw(ws, url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

      // Through the harness too (supertest asks for gzip and decompresses): the document allows it.
      const checked = await ws.owner.get(url);
      expect(checked.headers['content-encoding']).toBe('gzip');
      expect(checked.body.total).toBe(40);
    });

    it('leaves small answers, 304s and identity requests uncompressed', async () => {
      const small = await raw(ws, '/core-api/catalog/brands?Take=1', { 'accept-encoding': 'br, gzip' });
      expect(small.statusCode).toBe(200);
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();

      const url = '/core-api/catalog/brands?Take=40';
      const plain = await raw(ws, url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const unchanged = await raw(ws, url, {
        'accept-encoding': 'br, gzip',
        'if-none-match': plain.headers.etag as string,
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      expect(unchanged.headers['content-encoding']).toBeUndefined();
    });

    it('does not compress xlsx downloads (zip files already)', async () => {
      const report = await raw(ws, '/core-api/reports/productcategories/hierarchy', {
        'accept-encoding': 'br, gzip',
      });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toMatch(/spreadsheetml/);
      expect(report.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('Link', () => {
    let ws: WorkspaceFixture;
    beforeAll(async () => {
      ws = await t.workspace();
      await brands(ws, 25, 'Paged');
    });

    const links = (header: string | undefined) =>
      Object.fromEntries(
        (header ?? '')
          .split(/,\s*(?=<)/)
          .filter(Boolean)
          .map((part) => {
            const [, url, rel] = /^<([^>]*)>; rel="(\w+)"$/.exec(part.trim())!;
            return [rel, url];
          }),
      );

    it('links the first page to the next and the last', async () => {
      const res = await ws.owner.get('/core-api/catalog/brands?Take=10&SortBy=Name&Query=paged');
      expect(res.status).toBe(200);
      expect(links(res.headers.link)).toEqual({
        first: '/core-api/catalog/brands?Take=10&SortBy=Name&Query=paged&Skip=0',
        next: '/core-api/catalog/brands?Take=10&SortBy=Name&Query=paged&Skip=10',
        last: '/core-api/catalog/brands?Take=10&SortBy=Name&Query=paged&Skip=20',
      });
    });

    it('links a middle page both ways, keeping the client’s spelling of the names', async () => {
      const res = await ws.owner.get('/core-api/catalog/brands?skip=10&take=10');
      expect(links(res.headers.link)).toEqual({
        first: '/core-api/catalog/brands?skip=0&take=10',
        prev: '/core-api/catalog/brands?skip=0&take=10',
        next: '/core-api/catalog/brands?skip=20&take=10',
        last: '/core-api/catalog/brands?skip=20&take=10',
      });
      // Following next reaches the same items as asking for them.
      const next = await ws.owner.get(links(res.headers.link).next);
      expect(next.body.data).toHaveLength(5);
    });

    it('has no next on the last page, and the default page size when none is asked for', async () => {
      const last = await ws.owner.get('/core-api/catalog/brands?Take=10&Skip=20');
      expect(last.body.data).toHaveLength(5);
      const rel = links(last.headers.link);
      expect(rel.next).toBeUndefined();
      expect(rel.prev).toBe('/core-api/catalog/brands?Take=10&Skip=10');
      expect(rel.last).toBe('/core-api/catalog/brands?Take=10&Skip=20');

      const all = await ws.owner.get('/core-api/catalog/brands');
      expect(links(all.headers.link)).toEqual({
        first: '/core-api/catalog/brands?Skip=0',
        last: '/core-api/catalog/brands?Skip=0',
      });
    });

    it('repeats the links on a 304 and sends none for Take=0 or on lists that do not page', async () => {
      const url = '/core-api/catalog/brands?Take=10';
      const first = await ws.owner.get(url);
      const again = await ws.owner.get(url).set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      expect(again.headers.link).toBe(first.headers.link);
      expect((await ws.owner.get('/core-api/catalog/brands?Take=0')).headers.link).toBeUndefined();
      expect((await ws.owner.get('/core-api/internationalization/languages')).headers.link).toBeUndefined();
    });
  });
});
