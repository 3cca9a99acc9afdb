import autocannon from 'autocannon';
import { Client } from 'pg';
import { Api, inParallel } from '../lib/api';

/**
 * Commerce order creation under load: `clients` client logins of one workspace (each linked to a
 * contact whose account gets a discount) place 5-line orders, priced by the engine, over
 * `connections` concurrent connections for `seconds`. Afterwards the database is asked how many
 * orders exist and whether their numbers are distinct and gapless. Not a bare-server comparison:
 * a create's answer differs per request by design, so this scenario reports on its own.
 */
export interface SalesOrderBenchOptions {
  baseUrl: string;
  databaseUrl: string;
  /** Logged in as an Owner of `workspaceId`. */
  api: Api;
  workspaceId: string;
  password: string;
  seconds: number;
  connections: number;
  clients: number;
  products: number;
  log: (line: string) => void;
}

export interface SalesOrderBenchResult {
  orders: number;
  ordersPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  distinctNumbers: number;
  firstNumber: number;
  lastNumber: number;
  gaps: number;
  /** Sessions waiting on a lock, sampled every 50 ms during the run: mean and peak. */
  lockWaitsMean: number;
  lockWaitsPeak: number;
  /** Of the waiting sessions, those waiting on the counter row (a transactionid/tuple lock on sales_settings). */
  counterWaitsMean: number;
}

interface Seeded {
  tokens: string[];
  productIds: string[];
}

async function seed(o: SalesOrderBenchOptions): Promise<Seeded> {
  const { api } = o;
  o.log(`sales orders: seeding ${o.products} priced products and ${o.clients} shoppers…`);
  const productIds: string[] = [];
  await inParallel(o.products, 8, async (i) => {
    const p = await api.ok<{ id: string }>('POST', '/core-api/catalog/products', {
      name: `Order bench product ${i}`,
      sku: `OB-${i}`,
      pricing: { salesPrice: 5 + (i % 50), tiers: [{ minQuantity: 3, salesPrice: 4 + (i % 50) }] },
    });
    productIds.push(p.id);
  });
  const tokens: string[] = [];
  await inParallel(o.clients, 4, async (i) => {
    const username = `order-bench-${i}-${Date.now()}`;
    const login = await api.ok<{ id: string }>('POST', '/core-api/identities', {
      username,
      email: `${username}@example.test`,
      password: o.password,
      displayName: `Shopper ${i}`,
    });
    const account = await api.ok<{ id: string }>('POST', '/core-api/accounts', {
      displayName: `Order bench customer ${i}`,
      commerceSettings: { discountPercentage: i % 20 },
    });
    await api.ok('POST', '/core-api/contacts', {
      firstName: 'Shopper',
      lastName: String(i),
      clientLoginId: login.id,
      accounts: [{ accountId: account.id }],
    });
    const session = await new Api(o.baseUrl).ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
      username,
      password: o.password,
      workspaceId: o.workspaceId,
    });
    tokens.push(session.accessToken);
  });
  return { tokens, productIds };
}

/** Counts sessions waiting on locks while `running` lasts. */
function sampleLockWaits(databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  const samples: Array<{ all: number; counter: number }> = [];
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ all: string; counter: string }>(
        `SELECT count(*) AS all,
                count(*) FILTER (WHERE a.query ILIKE '%sales_settings%') AS counter
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND a.datname = current_database()`,
      );
      samples.push({ all: Number(rows[0].all), counter: Number(rows[0].counter) });
      await new Promise((r) => setTimeout(r, 50));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await done;
    const mean = (f: (s: { all: number; counter: number }) => number) =>
      samples.length ? samples.reduce((n, s) => n + f(s), 0) / samples.length : 0;
    return {
      lockWaitsMean: mean((s) => s.all),
      lockWaitsPeak: Math.max(0, ...samples.map((s) => s.all)),
      counterWaitsMean: mean((s) => s.counter),
    };
  };
}

export async function runSalesOrderBench(o: SalesOrderBenchOptions): Promise<SalesOrderBenchResult> {
  const { tokens, productIds } = await seed(o);
  let n = 0;
  const body = () => {
    const i = n++;
    return JSON.stringify({
      channel: 'bench',
      deliveryMethod: 'Delivery',
      externalReference: `bench-${i}`,
      lines: Array.from({ length: 5 }, (_, k) => ({
        productId: productIds[(i * 7 + k * 13) % productIds.length],
        quantity: 1 + ((i + k) % 3),
      })),
    });
  };
  o.log(`sales orders: ${o.connections} connections for ${o.seconds} s…`);
  const stopSampling = sampleLockWaits(o.databaseUrl);
  const result = await autocannon({
    url: o.baseUrl,
    connections: o.connections,
    duration: o.seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: 'POST',
          path: '/commerce-api/salesorders',
          body: body(),
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[n % tokens.length]}`,
          },
        }),
      },
    ],
  });
  const locks = await stopSampling();
  const db = new Client({ connectionString: o.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ orders: string; distinct: string; first: string; last: string }>(
      `SELECT count(*) AS orders, count(DISTINCT order_number) AS distinct,
              min(order_sequence) AS first, max(order_sequence) AS last
         FROM sales_orders WHERE workspace_id = $1 AND channel = 'bench'`,
      [o.workspaceId],
    );
    const orders = Number(rows[0].orders);
    const first = Number(rows[0].first ?? 0);
    const last = Number(rows[0].last ?? 0);
    return {
      orders,
      ordersPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      distinctNumbers: Number(rows[0].distinct),
      firstNumber: first,
      lastNumber: last,
      gaps: orders ? last - first + 1 - orders : 0,
      ...locks,
    };
  } finally {
    await db.end();
  }
}

export function salesOrderReport(r: SalesOrderBenchResult, connections: number): string {
  const f = (x: number, d = 0) =>
    x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  return [
    '## Commerce order creation (5-line orders priced by the engine, one workspace)',
    '',
    '| connections | orders/s | p50 (ms) | p99 (ms) | failed | orders stored | distinct numbers | numbers | gaps | lock waits mean / peak | of which on the counter |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|',
    `| ${connections} | ${f(r.ordersPerSec)} | ${f(r.p50)} | ${f(r.p99)} | ${r.non2xx + r.errors} | ${r.orders} | ${r.distinctNumbers} | ${r.firstNumber}–${r.lastNumber} | ${r.gaps} | ${f(r.lockWaitsMean, 1)} / ${r.lockWaitsPeak} | ${f(r.counterWaitsMean, 1)} |`,
    '',
  ].join('\n');
}
