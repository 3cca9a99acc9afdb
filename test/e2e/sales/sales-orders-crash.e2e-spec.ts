import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildService, CrashBed } from '../platform/child-service';

interface Attempt {
  key: string;
  body: { channel: string; externalReference: string; lines: Array<{ productId: string; quantity: number }> };
  sent?: boolean;
  /** The first answer the client saw before the kill, if any. */
  seen?: { id: string; orderNumber: string };
}

interface StoredOrder {
  id: string;
  orderNumber: string;
  externalReference: string;
  lines: Array<{ productId: string; quantity: number }>;
}

/**
 * kill -9 while 50 clients place orders: every answered order exists whole (all lines, its
 * number), no number is handed out twice or skipped, and a retry with the same Idempotency-Key
 * after the restart gets the first answer and creates nothing new.
 */
describe('Sales orders across kill -9 of the service', () => {
  let bed: CrashBed;
  let service: ChildService | undefined;

  beforeAll(async () => {
    bed = await CrashBed.create('orders_crash', {
      LOGIN_RATE_LIMIT: '1000',
    });
  }, 120_000); // transpiling the service takes long on a busy machine

  afterAll(async () => {
    await bed?.dispose();
  });

  it('keeps answered orders whole, numbers unique and gapless, and retries idempotent', async () => {
    service = await bed.start();
    const accessToken = await bed.adminToken();
    const call = (base: string, method: string, path: string, body?: unknown, key?: string) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const products: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(service.baseUrl, 'POST', '/core-api/catalog/products', {
        name: `Crash product ${i}`,
        pricing: { salesPrice: 3 + i },
      });
      products.push(((await res.json()) as { id: string }).id);
    }
    const attempts: Attempt[] = Array.from({ length: 300 }, (_, i) => ({
      key: `order-crash-${i}`,
      body: {
        channel: 'crash',
        externalReference: `crash-${i}`,
        lines: products.map((productId, k) => ({ productId, quantity: 1 + ((i + k) % 4) })),
      },
    }));

    // 50 clients place orders until 60 answers have arrived, then the process is killed mid-flight.
    const first = service;
    let next = 0;
    let answered = 0;
    let killing: Promise<void> | undefined;
    const unexpected: string[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (!killing && next < attempts.length) {
          const a = attempts[next++];
          a.sent = true;
          try {
            const res = await call(first.baseUrl, 'POST', '/commerce-api/salesorders', a.body, a.key);
            const body = (await res.json()) as { id: string; orderNumber: string };
            if (res.status !== 200) unexpected.push(`${a.key}: ${res.status} ${JSON.stringify(body)}`);
            else a.seen = body;
            if (++answered >= 60) killing ??= first.kill();
          } catch {
            // The connection died with the process: this client does not know the outcome.
          }
        }
      }),
    );
    await killing;
    expect(unexpected).toEqual([]);
    expect(attempts.filter((a) => a.sent && !a.seen).length).toBeGreaterThan(0);

    service = await bed.start();
    const second = service;
    const list = async (): Promise<StoredOrder[]> => {
      const res = await call(second.baseUrl, 'GET', '/core-api/salesorders?Take=1000&SortBy=OrderNumber');
      return ((await res.json()) as { data: StoredOrder[] }).data;
    };
    const checkNumbers = (orders: StoredOrder[]) => {
      const numbers = orders.map((o) => Number(o.orderNumber.replace(/^SO-/, '')));
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    };
    const afterCrash = await list();
    checkNumbers(afterCrash);
    const byId = new Map(afterCrash.map((o) => [o.id, o]));
    for (const a of attempts.filter((x) => x.seen)) {
      const stored = byId.get(a.seen!.id);
      expect({ key: a.key, number: stored?.orderNumber, lines: stored?.lines.length }).toEqual({
        key: a.key,
        number: a.seen!.orderNumber,
        lines: 5,
      });
      expect(stored!.lines.map((l) => l.quantity)).toEqual(a.body.lines.map((l) => l.quantity));
    }
    // Every stored order is whole, answered or not.
    for (const o of afterCrash) expect({ id: o.id, lines: o.lines.length }).toEqual({ id: o.id, lines: 5 });

    // Retrying every attempt with its key: answered ones replay, the others run (once).
    const retried = new Map<string, { status: number; id: string; orderNumber: string; replayed: boolean }>();
    let at = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (at < attempts.length) {
          const a = attempts[at++];
          const res = await call(second.baseUrl, 'POST', '/commerce-api/salesorders', a.body, a.key);
          const body = (await res.json()) as { id: string; orderNumber: string };
          retried.set(a.key, {
            ...body,
            status: res.status,
            replayed: res.headers.get('idempotent-replayed') === 'true',
          });
        }
      }),
    );
    for (const a of attempts) {
      const r = retried.get(a.key)!;
      expect({ key: a.key, status: r.status }).toEqual({ key: a.key, status: 200 });
      if (a.seen)
        expect({ key: a.key, id: r.id, orderNumber: r.orderNumber, replayed: r.replayed }).toEqual({
          key: a.key,
          ...a.seen,
          replayed: true,
        });
      if (!a.sent) expect({ key: a.key, replayed: r.replayed }).toEqual({ key: a.key, replayed: false });
    }
    const final = await list();
    expect(final).toHaveLength(attempts.length);
    checkNumbers(final);
    expect(new Set(final.map((o) => o.id))).toEqual(new Set([...retried.values()].map((r) => r.id)));
  }, 240_000);
});
