import { Client } from 'pg';
import { Api, inParallel } from '../lib/api';
import { combine, type LoadResult, runLoad } from '../lib/load';
import type { ServerProcess } from '../lib/processes';
import { nowUs, type Window } from '../lib/profile';
import { benchShopper, createShopper, type LinkedShopper } from './shopper';
import type { Scenario, SeedContext } from './types';

/**
 * Storefront order creation, the service beside the bare server
 * (sales-orders-bare.ts): `clients` shoppers of one workspace (client logins linked to contacts
 * whose accounts give 0–19 %) place 5-line orders priced by the engine, over 10 and 50
 * connections, in rounds alternating the two servers as the read scenarios do. Both servers take
 * their numbers from the workspace's one counter (sales_settings.last_order_number): every run is
 * checked afterwards for distinct numbers and for gaps in its range, and the whole workspace at the
 * end. Each run tags its orders with its own `channel`.
 */

export interface OrderSeed {
  shoppers: LinkedShopper[];
  productIds: string[];
}

export async function seedOrders(ctx: SeedContext, clients: number, products: number): Promise<OrderSeed> {
  ctx.log(`sales orders: seeding ${products} priced products and ${clients} shoppers…`);
  const { catalogId, productFields } = await benchShopper(ctx);
  const productIds: string[] = new Array(products);
  await inParallel(products, 8, async (i) => {
    productIds[i] = (
      await ctx.api.ok<{ id: string }>('POST', '/core-api/catalog/products', {
        name: `Order bench product ${i}`,
        ...productFields,
        sku: `OB-${i}`,
        pricing: { salesPrice: 5 + (i % 50), tiers: [{ minQuantity: 3, salesPrice: 4 + (i % 50) }] },
      })
    ).id;
  });
  const stamp = Date.now().toString(36);
  const shoppers: LinkedShopper[] = new Array(clients);
  await inParallel(clients, 4, async (i) => {
    shoppers[i] = await createShopper(ctx, `order-bench-${stamp}-${i}`, i % 20, catalogId);
  });
  return { shoppers, productIds };
}

/** A 5-line order of the next shopper per request, its `channel` the current run's tag. */
export function orderScenario(
  seed: OrderSeed,
  channel: () => string,
  name = 'commerce order create',
): Scenario {
  let n = 0;
  return {
    name,
    bearer: seed.shoppers[0].bearer,
    next: () => {
      const i = n++;
      return {
        method: 'POST',
        path: '/commerce-api/salesorders',
        bearer: seed.shoppers[i % seed.shoppers.length].bearer,
        body: {
          channel: channel(),
          deliveryMethod: 'Delivery',
          externalReference: `bench-${i}`,
          lines: Array.from({ length: 5 }, (_, k) => ({
            productId: seed.productIds[(i * 7 + k * 13) % seed.productIds.length],
            quantity: 1 + ((i + k) % 3),
          })),
        },
      };
    },
  };
}

/**
 * Before measuring: the same order placed on each server, read back through the service's
 * storefront API, must be the same order (but for id, number and time). So the bare server's
 * rows are orders the service accepts, priced the same.
 */
export async function checkOrderTwins(
  full: ServerProcess,
  bare: ServerProcess,
  seed: OrderSeed,
): Promise<void> {
  const scenario = orderScenario(seed, () => 'bench-twin-check');
  const { path, body, bearer } = scenario.next();
  const token = bearer!.slice('Bearer '.length);
  const read = async (server: ServerProcess) => {
    const { id } = await new Api(server.url, token).ok<{ id: string }>('POST', path, body);
    const order = await new Api(full.url, token).ok<Record<string, unknown>>('GET', `${path}/${id}`);
    const { id: _id, orderNumber: _n, orderedAt: _at, ...rest } = order;
    return rest;
  };
  const [a, b] = [await read(full), await read(bare)];
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(
      `the bare order differs from the service's, read back by the service:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`,
    );
}

export interface NumberCheck {
  orders: number;
  /** Orders sharing a number with another. */
  duplicates: number;
  /** Numbers missing inside the range the orders' numbers span (no order of the workspace holds them). */
  gaps: number;
  first: number;
  last: number;
}

async function checkNumbers(
  databaseUrl: string,
  workspaceId: string,
  channel?: string,
): Promise<NumberCheck> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ orders: string; distinct: string; first: string; last: string }>(
      `SELECT count(*) AS orders, count(DISTINCT order_number) AS distinct,
              min(order_sequence) AS first, max(order_sequence) AS last
         FROM sales_orders WHERE workspace_id = $1 AND ($2::text IS NULL OR channel = $2)`,
      [workspaceId, channel ?? null],
    );
    const r = rows[0];
    const inRange = await db.query<{ n: string }>(
      'SELECT count(DISTINCT order_sequence) AS n FROM sales_orders WHERE workspace_id = $1 AND order_sequence BETWEEN $2 AND $3',
      [workspaceId, r.first ?? 0, r.last ?? -1],
    );
    const first = Number(r.first ?? 0);
    const last = Number(r.last ?? 0);
    return {
      orders: Number(r.orders),
      duplicates: Number(r.orders) - Number(r.distinct),
      gaps: Number(r.orders) ? last - first + 1 - Number(inRange.rows[0].n) : 0,
      first,
      last,
    };
  } finally {
    await db.end();
  }
}

/** Sessions waiting on a lock, sampled every 50 ms while a run lasts: mean and peak. */
function sampleLockWaits(databaseUrl: string): () => Promise<{ mean: number; peak: number }> {
  const client = new Client({ connectionString: databaseUrl });
  const samples: number[] = [];
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND a.datname = current_database()`,
      );
      samples.push(Number(rows[0].n));
      await new Promise((r) => setTimeout(r, 50));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await done;
    return {
      mean: samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : 0,
      peak: Math.max(0, ...samples),
    };
  };
}

export type OrderServer = 'full stack' | 'bare';

export interface OrderResult {
  connections: number;
  server: OrderServer;
  result: LoadResult;
  numbers: NumberCheck;
  lockWaitsMean: number;
  lockWaitsPeak: number;
}

export interface OrderBench {
  results: OrderResult[];
  /** Every order of the workspace at the end (both servers, all runs and checks). */
  workspace: NumberCheck;
}

export interface OrderBenchOptions {
  full: ServerProcess;
  bare: ServerProcess;
  databaseUrl: string;
  workspaceId: string;
  seed: OrderSeed;
  connectionCounts: number[];
  rounds: number;
  seconds: number;
  warmup: number;
  log: (line: string) => void;
  /** Told of every measured run (for the CPU profile's windows). */
  measured?: (server: ServerProcess, window: Window) => void;
}

/** Both servers at each connection count, `rounds` rounds each, alternating as run.ts does for reads. */
export async function measureOrders(o: OrderBenchOptions): Promise<OrderBench> {
  let channel = 'bench-warmup';
  const scenario = orderScenario(o.seed, () => channel);
  const servers: Array<[OrderServer, ServerProcess]> = [
    ['full stack', o.full],
    ['bare', o.bare],
  ];
  if (o.warmup > 0)
    for (const [, server] of servers)
      await runLoad(server, scenario, scenario.bearer!, o.warmup, o.connectionCounts[0]);
  const results: OrderResult[] = [];
  for (const connections of o.connectionCounts) {
    const runs = new Map<
      OrderServer,
      Array<{ load: LoadResult; numbers: NumberCheck; mean: number; peak: number }>
    >(servers.map(([name]) => [name, []]));
    for (let round = 0; round < o.rounds; round++) {
      for (const [name, server] of round % 2 === 0 ? servers : [...servers].reverse()) {
        channel = `bench-${name === 'bare' ? 'bare' : 'service'}-c${connections}-r${round}`;
        const stopSampling = sampleLockWaits(o.databaseUrl);
        const startUs = nowUs();
        const load = await runLoad(server, scenario, scenario.bearer!, o.seconds, connections);
        o.measured?.(server, [startUs, nowUs()]);
        const locks = await stopSampling();
        // Requests still in flight when the load generator stopped commit meanwhile.
        await new Promise((r) => setTimeout(r, 500));
        const numbers = await checkNumbers(o.databaseUrl, o.workspaceId, channel);
        runs.get(name)!.push({ load, numbers, ...locks });
      }
    }
    for (const [name] of servers) {
      const r = runs.get(name)!;
      const sum = (f: (x: (typeof r)[number]) => number) => r.reduce((a, x) => a + f(x), 0);
      const numbers: NumberCheck = {
        orders: sum((x) => x.numbers.orders),
        duplicates: sum((x) => x.numbers.duplicates),
        gaps: sum((x) => x.numbers.gaps),
        first: Math.min(...r.map((x) => x.numbers.first)),
        last: Math.max(...r.map((x) => x.numbers.last)),
      };
      const result = combine(r.map((x) => x.load));
      results.push({
        connections,
        server: name,
        result,
        numbers,
        lockWaitsMean: sum((x) => x.mean) / r.length,
        lockWaitsPeak: Math.max(...r.map((x) => x.peak)),
      });
      o.log(
        `commerce order create, ${connections} connections / ${name}: ${result.reqPerSec.toFixed(0)} orders/s, ` +
          `p50 ${result.p50} ms, p99 ${result.p99} ms, RSS ${result.rssMb?.toFixed(0)} MB, ` +
          `${numbers.orders} orders, ${numbers.duplicates} duplicate numbers, ${numbers.gaps} gaps`,
      );
    }
  }
  return { results, workspace: await checkNumbers(o.databaseUrl, o.workspaceId) };
}

/** `6 (503: 6)`: failed requests, by status (errors: no answer). */
const failures = (r: LoadResult): string => {
  const parts = Object.entries(r.statuses ?? {}).map(([code, n]) => `${code}: ${n}`);
  if (r.errors) parts.push(`no answer: ${r.errors}`);
  return parts.length ? `${r.non2xx + r.errors} (${parts.join(', ')})` : String(r.non2xx + r.errors);
};

export function ordersSection(bench: OrderBench): string {
  const f = (x: number | undefined, d = 0) =>
    x === undefined ? '–' : x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  const lines = [
    '## Storefront order creation (5-line orders of linked shoppers, priced by the engine, one workspace)',
    '',
    '| connections | server | orders/s | p50 (ms) | p99 (ms) | RSS (MB) | CPU ms/order | failed | orders stored | duplicate numbers | gaps | lock waits mean / peak | service/bare |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const r of bench.results) {
    const bare = bench.results.find((b) => b.connections === r.connections && b.server === 'bare')!;
    const ratio = r.server === 'full stack' ? f(r.result.reqPerSec / bare.result.reqPerSec, 2) : '';
    lines.push(
      `| ${r.connections} | ${r.server} | ${f(r.result.reqPerSec)} | ${f(r.result.p50)} | ${f(r.result.p99)} | ${f(r.result.rssMb)} | ${f(r.result.cpuMsPerRequest, 2)} | ${failures(r.result)} | ${r.numbers.orders} | ${r.numbers.duplicates} | ${r.numbers.gaps} | ${f(r.lockWaitsMean, 1)} / ${r.lockWaitsPeak} | ${ratio} |`,
    );
  }
  const w = bench.workspace;
  lines.push(
    '',
    `Both servers draw from the workspace's one counter. The workspace at the end: ${w.orders} orders numbered ` +
      `${w.first}–${w.last}, ${w.duplicates} duplicate numbers, ${w.gaps} gaps ` +
      `(${w.duplicates === 0 && w.gaps === 0 ? 'distinct and gapless' : 'NOT distinct and gapless'}).`,
    '',
  );
  return lines.join('\n');
}
