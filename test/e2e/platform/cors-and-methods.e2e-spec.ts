import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('405 with Allow for a known path asked with another method', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  it('answers 405 with the methods the path offers, as a problem', async () => {
    const collection = await t.http
      .patch('/core-api/accounts')
      .set('Authorization', `Bearer ${ws.owner.token}`);
    expect(collection.status).toBe(405);
    expect(collection.headers.allow).toBe('GET, HEAD, POST');
    expect(collection.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(collection.body).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    const member = await t.http.patch(`/core-api/accounts/${randomUUID()}`);
    expect(member.status).toBe(405);
    expect(member.headers.allow).toBe('DELETE, GET, HEAD, PUT');
  });

  it('keeps 404 for paths nobody serves, and answers a preflight with 405 while CORS is off', async () => {
    expect((await t.http.patch('/core-api/no-such-thing').send({})).status).toBe(404);
    const preflight = await t.http
      .options('/core-api/accounts')
      .set('Origin', 'https://admin.example.com')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.status).toBe(405);
  });
});

describe('CORS from CORS_ORIGINS', () => {
  it('answers preflights and marks answers for the listed origins only', async () => {
    const t = await startApp({ CORS_ORIGINS: 'https://admin.example.com, https://shop.example.com' });
    try {
      const preflight = await t.http
        .options('/core-api/accounts')
        .set('Origin', 'https://shop.example.com')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers'].toLowerCase()).toContain('authorization');
      expect(preflight.headers['access-control-allow-headers'].toLowerCase()).toContain('x-api-key');
      // A script may revalidate (If-None-Match) and read the page links of a list.
      expect(preflight.headers['access-control-allow-headers'].toLowerCase()).toContain('if-none-match');
      const answer = await t.http.get('/core-api/info').set('Origin', 'https://admin.example.com');
      expect(answer.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      expect(answer.headers['access-control-expose-headers']).toContain('ETag');
      expect(answer.headers['access-control-expose-headers']).toContain('Link');
      // A script reads what is left of its rate limit.
      expect(answer.headers['access-control-expose-headers']).toContain('RateLimit-Policy');
      // An error answer carries the header too, so a browser script can read the problem.
      const denied = await t.http.get('/core-api/accounts').set('Origin', 'https://admin.example.com');
      expect(denied.status).toBe(401);
      expect(denied.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      const other = await t.http.get('/core-api/info').set('Origin', 'https://evil.example.com');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('allows any origin with *, without credentials', async () => {
    const t = await startApp({ CORS_ORIGINS: '*' });
    try {
      const answer = await t.http.get('/core-api/info').set('Origin', 'https://anyone.example.com');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
