import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildService, CrashBed } from './child-service';

interface Attempt {
  key: string;
  body: { displayName: string };
  /** The id of the first answer the client saw, if it saw one before the kill. */
  seenId?: string;
  sent?: boolean;
}

describe('Idempotency-Key across kill -9 of the service', () => {
  let bed: CrashBed;
  let service: ChildService | undefined;

  beforeAll(async () => {
    bed = await CrashBed.create('idempotency_crash', {
      LOGIN_RATE_LIMIT: '1000',
    });
  }, 120_000); // transpiling the service takes long on a busy machine

  afterAll(async () => {
    await bed?.dispose();
  });

  it('gives every key exactly one entity and the first answer, and never a stuck key', async () => {
    service = await bed.start();
    const accessToken = await bed.adminToken();
    const create = (base: string, a: Attempt) =>
      fetch(`${base}/core-api/accounts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accessToken}`,
          'idempotency-key': a.key,
        },
        body: JSON.stringify(a.body),
      });

    const attempts: Attempt[] = Array.from({ length: 100 }, (_, i) => ({
      key: `crash-key-${i}`,
      body: { displayName: `Crash account ${i}` },
    }));
    // 20 clients create until 30 answers have arrived, then the process is killed mid-flight.
    const first = service;
    let next = 0;
    let answered = 0;
    let killing: Promise<void> | undefined;
    const unexpected: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (!killing && next < attempts.length) {
          const a = attempts[next++];
          a.sent = true;
          try {
            const res = await create(first.baseUrl, a);
            const body = (await res.json()) as { id: string };
            if (res.status !== 200) unexpected.push(`${a.key}: ${res.status} ${JSON.stringify(body)}`);
            else a.seenId = body.id;
            if (++answered >= 30) killing ??= first.kill();
          } catch {
            // The connection died with the process: the client does not know the outcome.
          }
        }
      }),
    );
    await killing;
    expect(unexpected).toEqual([]);
    const inFlight = attempts.filter((a) => a.sent && !a.seenId);
    expect(inFlight.length).toBeGreaterThan(0);

    service = await bed.start();
    const second = service;
    const retried = new Map<string, { status: number; id: string; replayed: boolean }>();
    let at = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (at < attempts.length) {
          const a = attempts[at++];
          const res = await create(second.baseUrl, a);
          const body = (await res.json()) as { id: string };
          retried.set(a.key, {
            status: res.status,
            id: body.id,
            replayed: res.headers.get('idempotent-replayed') === 'true',
          });
        }
      }),
    );
    for (const a of attempts) {
      const r = retried.get(a.key)!;
      expect({ key: a.key, status: r.status }).toEqual({ key: a.key, status: 200 });
      if (a.seenId)
        expect({ key: a.key, id: r.id, replayed: r.replayed }).toEqual({
          key: a.key,
          id: a.seenId,
          replayed: true,
        });
      if (!a.sent) expect({ key: a.key, replayed: r.replayed }).toEqual({ key: a.key, replayed: false });
    }
    const list = await fetch(`${second.baseUrl}/core-api/accounts?Take=1000&Query=Crash%20account`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const page = (await list.json()) as { data: Array<{ id: string }>; total: number };
    expect(page.total).toBe(attempts.length);
    expect(new Set(page.data.map((d) => d.id))).toEqual(new Set([...retried.values()].map((r) => r.id)));
  }, 180_000);
});
