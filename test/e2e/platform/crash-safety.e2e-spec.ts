import { randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { ChildService, CrashBed } from './child-service';
import { violations } from './crash-invariants';
import { creates, Fixture, initialStock, Kind, prng, Workload, Write } from './crash-workload';

/** CRASH_SEED replays a run's write mix and kill points (not its exact interleaving). */
const seed = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31);
const killsUnderLoad = 4;
const clients = 12;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

/**
 * A crash between COMMIT and the answer leaves a key's stored answer as the transaction wrote it;
 * the answer must already be the final one then. From the first restart on, any later change of
 * a stored answer fails the request (an unexpected 500), for every kind of create in the load.
 */
const answerIsFinal = [
  `CREATE FUNCTION crash_test_answer_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.response_body IS NOT NULL AND NEW.response_body IS DISTINCT FROM OLD.response_body THEN
      RAISE EXCEPTION 'the stored answer changed after COMMIT';
    END IF;
    RETURN NEW;
  END $$`,
  `CREATE TRIGGER crash_test_answer_is_final BEFORE UPDATE ON idempotency_keys
    FOR EACH ROW EXECUTE FUNCTION crash_test_answer_is_final()`,
];

/**
 * What other writes change without a write to the entity: an account's and a contact's last
 * contact moment (a deal or note about them).
 */
const volatile = new Set(['lastContactMoment']);
/** The members of `stored` and `answered` that differ (volatile ones aside): `{ member: [stored, answered] }`. */
const differences = (stored: Record<string, unknown>, answered: Record<string, unknown>) =>
  Object.fromEntries(
    [...new Set([...Object.keys(stored), ...Object.keys(answered)])]
      .filter((k) => !volatile.has(k) && !isDeepStrictEqual(stored[k], answered[k]))
      .map((k) => [k, [stored[k], answered[k]]]),
  );
const productParts = (p: Record<string, unknown>) => ({
  name: p.name,
  barcodes: p.barcodes,
  categories: [...((p.categories as string[] | undefined) ?? [])]
    .map((c) => (typeof c === 'string' ? c : (c as { id: string }).id))
    .sort(),
  salesPrice: (p.pricing as { salesPrice?: unknown } | undefined)?.salesPrice,
});

/**
 * Writes of every kind sent concurrently to a child service, killed (-9) at random points and
 * restarted on the same data: every answered write is there as answered, unanswered creates
 * retried with their Idempotency-Key replay or run once, and nothing anywhere is half-written.
 */
describe('Crash safety of every kind of write (kill -9 under load)', () => {
  let bed: CrashBed;
  let receiver: WebhookReceiver;

  // Transpiling the service takes long on a busy machine.
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    bed = await CrashBed.create('crash_safety', {
      LOGIN_RATE_LIMIT: '1000',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_POLL_INTERVAL_MS: '200',
    });
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
    await bed?.dispose();
  });

  it('loses no answered write and half-writes nothing', async () => {
    try {
      await run();
    } catch (e) {
      if (e instanceof Error) e.message = `Replay with CRASH_SEED=${seed}\n${e.message}`;
      throw e;
    }
  }, 300_000);

  async function run(): Promise<void> {
    let service: ChildService = await bed.timedStart();
    const token = await bed.adminToken();
    const call = async (method: string, path: string, body?: unknown, key?: string): Promise<Answer> => {
      const res = await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        replayed: res.headers.get('idempotent-replayed') === 'true',
      };
    };
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await call(method, path, body);
      if (res.status !== 200)
        throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string } & Record<string, unknown>;
    };

    // The fixed data, made before the first kill.
    const warehouse = (
      await ok('POST', '/core-api/inventory/locations', { name: 'Warehouse', isWarehouse: true })
    ).id;
    await ok('PUT', '/core-api/salesorders/settings', { defaultStockLocationId: warehouse });
    const product = async (name: string, quantity: number) => {
      const id = (await ok('POST', '/core-api/catalog/products', { name, pricing: { salesPrice: 4.25 } })).id;
      const stock = await ok('POST', '/core-api/inventory/stocks', {
        productId: id,
        locationId: warehouse,
        quantity,
      });
      return { id, stock: stock.id };
    };
    const fx: Fixture = {
      warehouse,
      categories: [
        (await ok('POST', '/core-api/catalog/productcategories', { name: 'Chairs' })).id,
        (await ok('POST', '/core-api/catalog/productcategories', { name: 'Tables' })).id,
        (await ok('POST', '/core-api/catalog/productcategories', { name: 'Lamps' })).id,
      ],
      orderProducts: [],
      adjustedStocks: [],
      pipelineId: (
        await ok('POST', '/core-api/pipelines', {
          title: 'Crash pipeline',
          statuses: [
            { title: 'Lead', successRate: 10 },
            { title: 'Won', successRate: 100, kind: 'Won' },
          ],
        })
      ).id,
    };
    for (let i = 0; i < 4; i++) fx.orderProducts.push((await product(`Ordered ${i}`, initialStock)).id);
    for (let i = 0; i < 3; i++) fx.adjustedStocks.push((await product(`Adjusted ${i}`, 100)).stock);
    await ok('POST', '/core-api/webhooks', { url: `${receiver.url}/crash`, topics: ['*'] });

    const load = new Workload(prng(seed), fx);
    const killAt = prng(seed ^ 0x5bd1e995);
    const unexpected: string[] = [];
    const retries = { replayed: 0, ranAfresh: 0, answeredReplayed: 0 };

    /** Sends `w`; the connection dying with the process leaves it unanswered. */
    const send = async (w: Write) => {
      try {
        const res = await call(w.method, w.path, w.body, w.key);
        load.settle(w, res);
        if (w.failed) unexpected.push(w.failed);
        return res;
      } catch {
        load.settle(w, 'unanswered');
        return undefined;
      }
    };

    /** After a restart: every unanswered create again with its key, and some answered ones. */
    const retry = async (round: number) => {
      const pending = load.writes.filter((w) => w.key && w.unanswered);
      const answered = load.writes.filter((w) => w.key && w.answer && w.round === round - 1).slice(0, 8);
      for (const w of answered) {
        const res = await call(w.method, w.path, w.body, w.key);
        expect({ n: w.n, status: res.status, replayed: res.replayed, body: res.body }).toEqual({
          n: w.n,
          status: 200,
          replayed: true,
          body: w.answer,
        });
        retries.answeredReplayed++;
      }
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let w = pending.shift(); w; w = pending.shift()) {
            const res = await call(w.method, w.path, w.body, w.key);
            load.settle(w, res);
            if (w.failed) unexpected.push(`retry: ${w.failed}`);
            else if (res.replayed) retries.replayed++;
            else retries.ranAfresh++;
          }
        }),
      );
    };

    let answeredBeforeKills = 0;
    for (let round = 0; round < killsUnderLoad; round++) {
      if (round > 0) {
        service = await bed.timedStart();
        await retry(round);
      }
      const threshold = 10 + Math.floor(killAt() * 40);
      const delay = Math.floor(killAt() * 25);
      let answers = 0;
      let killing: Promise<void> | undefined;
      const first = service;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (!killing) {
            const res = await send(load.next(round));
            if (res && ++answers === threshold)
              killing = new Promise((r) => setTimeout(r, delay)).then(() => first.kill());
          }
        }),
      );
      await killing;
      if (round === 0)
        await bed.withDatabase(async (query) => {
          for (const sql of answerIsFinal) await query(sql);
        });
      answeredBeforeKills += load.writes.filter((w) => w.round === round && w.answer).length;
    }
    expect(unexpected).toEqual([]);

    service = await bed.timedStart();
    await retry(killsUnderLoad);
    expect(unexpected).toEqual([]);

    // Every answered write is there as answered (the last answered state of each entity).
    const mismatches: unknown[] = [];
    const seen = new Set<string>();
    const latest: Array<{ w: Write; id: string }> = [];
    for (const w of [...load.writes].reverse()) {
      const id = (w.target ?? w.answer?.id) as string | undefined;
      if (!w.answer || !id || seen.has(id) || w.kind === 'stockAdjustment') continue;
      seen.add(id);
      latest.push({ w, id });
    }
    const verify = async ({ w, id }: { w: Write; id: string }) => {
      const answer = w.answer!;
      const kind = w.kind === 'productUpdate' ? 'product' : w.kind === 'orderStatus' ? 'order' : w.kind;
      const stored = await call('GET', `${creates[kind]!.read}/${id}`);
      if (load.uncertain.has(id)) {
        // Its last write went unanswered: the entity is as answered before it, or as that write says.
        const last = load.writes.filter((x) => x.target === id).at(-1)!;
        if (kind === 'product') {
          const now = productParts(stored.body);
          const either = [productParts(answer), productParts({ ...last.body, pricing: last.body.pricing })];
          if (!either.some((e) => isDeepStrictEqual(e, now))) mismatches.push({ id, now, either });
        } else if (![answer.orderingStatus, last.body.orderingStatus].includes(stored.body.orderingStatus))
          mismatches.push({ id, stored: stored.body.orderingStatus, answered: answer.orderingStatus });
        return;
      }
      if (w.kind === 'commerceOrder') {
        const lines = (stored.body.lines as Array<{ productId: string; quantity: number }>).map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
        }));
        const expected = { orderNumber: answer.orderNumber, lines: w.body.lines };
        if (!isDeepStrictEqual({ orderNumber: stored.body.orderNumber, lines }, expected))
          mismatches.push({ id, stored: stored.body, expected });
        return;
      }
      // A stock answer shows its product's current name and sku (product updates change them).
      const own = (b: Record<string, unknown>) =>
        kind === 'stock' ? { ...b, product: (b.product as { id: string }).id } : b;
      const differ = differences(own(stored.body), own(answer));
      if (Object.keys(differ).length) mismatches.push({ kind, id, differ });
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = latest.shift(); next; next = latest.shift()) await verify(next);
      }),
    );
    expect(mismatches).toEqual([]);

    // A last kill with nothing in flight, then the whole database is checked as recovery left it.
    await service.kill();
    const { found, lost, extra, covered } = await bed.withDatabase(async (query) => {
      const lost: unknown[] = [];
      const extra: unknown[] = [];
      for (const [kind, { made }] of Object.entries(creates) as Array<[Kind, { made: string }]>) {
        const stored = new Set((await query<{ id: string }>(made)).map((r) => r.id));
        const answered = new Set(load.answered(kind).map((w) => w.answer!.id as string));
        for (const id of answered) if (!stored.has(id)) lost.push({ kind, id });
        for (const id of stored) if (!answered.has(id)) extra.push({ kind, id });
      }
      // The checks looked at something: each aggregate they cover has rows.
      const [seen] = await query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM sales_orders) AS orders,
                (SELECT count(*)::int FROM sales_orders WHERE ordering_status = 'Completed') AS completed,
                (SELECT count(*)::int FROM activities WHERE type = 'StockQuantityUpdated') AS "stockChanges",
                (SELECT count(*)::int FROM webhook_deliveries) AS deliveries,
                (SELECT count(*)::int FROM idempotency_keys) AS keys`,
      );
      return {
        found: await violations(query, { orderProducts: fx.orderProducts, initialStock }),
        lost,
        extra,
        covered: seen,
      };
    });
    for (const [what, count] of Object.entries(covered))
      expect({ what, some: count > 0 }).toEqual({ what, some: true });
    expect(lost).toEqual([]);
    expect(extra).toEqual([]);
    for (const [name, rows] of Object.entries(found)) expect({ name, rows }).toEqual({ name, rows: [] });

    const answered = load.writes.filter((w) => w.answer).length;
    const starts = bed.startSeconds.slice(1);
    process.stdout.write(
      `crash-safety (${bed.databaseUrl ? 'server' : 'embedded'} database, seed ${seed}): ` +
        `${killsUnderLoad} kills under load + 1 idle, ${load.writes.length} writes sent, ` +
        `${answeredBeforeKills} answered 2xx before their kill, ` +
        `${load.writes.filter((w) => w.unanswered).length} left unanswered (updates/adjustments), ` +
        `${retries.replayed} unanswered creates replayed and ${retries.ranAfresh} ran afresh on retry, ` +
        `${retries.answeredReplayed} answered creates replayed, ${answered} answered in all, lost 0, ` +
        `half-written 0, restarts ${Math.min(...starts).toFixed(1)}–${Math.max(...starts).toFixed(1)} s\n`,
    );
  }
});
