import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  const body = { username: 'once', email: 'once@example.test', password: 'a-long-password' };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
  });
  afterAll(() => t.close());

  it('returns the first answer for the same key and body, and creates nothing new', async () => {
    const first = await ws.owner.post('/core-api/identities').set('Idempotency-Key', 'k-1').send(body);
    expect(first.status).toBe(200);
    const again = await ws.owner.post('/core-api/identities').set('Idempotency-Key', 'k-1').send(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await ws.owner.get('/core-api/identities')).body.total).toBe(1);
    expect((await ws.owner.get('/core-api/activities?types=ClientLoginCreated')).body.total).toBe(1);
  });

  it('answers 409 for the same key with another body', async () => {
    const res = await ws.owner
      .post('/core-api/identities')
      .set('Idempotency-Key', 'k-1')
      .send({ ...body, username: 'twice' });
    expect(res.status).toBe(409);
    expect(res.body.errors).toHaveProperty('Idempotency-Key');
  });

  it('frees the key when the request fails, and keeps keys per workspace', async () => {
    const bad = await ws.owner
      .post('/core-api/identities')
      .set('Idempotency-Key', 'k-2')
      .send({ ...body, email: 'not-an-email' });
    expect(bad.status).toBe(400);
    const retry = await ws.owner
      .post('/core-api/identities')
      .set('Idempotency-Key', 'k-2')
      .send({ ...body, username: 'second', email: 'second@example.test' });
    expect(retry.status).toBe(200);
    const elsewhere = await other.owner.post('/core-api/identities').set('Idempotency-Key', 'k-1').send(body);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.id).not.toBe(retry.body.id);
  });

  it('creates once under concurrent retries with one key', async () => {
    const payload = { username: 'race', email: 'race@example.test', password: 'a-long-password' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        ws.owner.post('/core-api/identities').set('Idempotency-Key', 'k-race').send(payload),
      ),
    );
    // A duplicate waits for the request holding the key, then replays its answer.
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect((await ws.owner.get('/core-api/identities?Query=race')).body.total).toBe(1);
  });

  it('answers 400 for an over-long key', async () => {
    const res = await ws.owner
      .post('/core-api/identities')
      .set('Idempotency-Key', 'x'.repeat(256))
      .send(body);
    expect(res.status).toBe(400);
  });
});
