import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Api } from './lib/api';
import { benchConfig, say, benchRateLimits } from './lib/config';
import { runLoad, type LoadResult } from './lib/load';
import { freePort, ServerProcess } from './lib/processes';
import { productionNodeArgs, recreateDatabase } from './lib/setup';
import { get, type Scenario } from './scenarios/types';

/**
 * `npm run bench:scripts`: what a hostile atomic script in workspace A costs an honest shop B
 * (issue 24). B has its own active rule (`customerPrice: 1000`); its shopper reads a product and
 * prices one. Each is measured alone, then while A's shoppers keep pricing with a script whose
 * built-in runs seconds in C (`Array(10000).fill('x'.repeat(32768)).sort()`), once with the default
 * cool-down and once without (A then keeps one worker busy at every moment). Reported: B's p99 and
 * the ratio to B alone, and whether every answer of B carried its rule.
 * Knobs: BENCH_DATABASE_URL, BENCH_DURATION (seconds per measurement), BENCH_CONNECTIONS.
 */
const hostile = "var s='x'.repeat(32768);Array(10000).fill(s).sort();";

interface Shop {
  owner: Api;
  shopper: Api;
  productId: string;
}

/** A workspace of the admin's, with a product priced 90, `code` as its active rule, and a shopper. */
async function shop(admin: Api, name: string, code: string): Promise<Shop> {
  const ws = await admin.ok<{ id: string }>('POST', '/core-api/workspaces', { name });
  const switched = await admin.ok<{ accessToken: string }>('POST', '/core-api/auth/switch-workspace', {
    workspaceId: ws.id,
  });
  const owner = admin.withToken(switched.accessToken);
  const product = await owner.ok<{ id: string }>('POST', '/core-api/catalog/products', {
    name: 'Drill',
    sku: `DR-${name}`,
    pricing: { salesPrice: 90 },
  });
  await owner.ok('POST', '/core-api/atomicscripts', { name: 'rule', trigger: 'PriceCalculation', code });
  const username = `shopper-${name.toLowerCase()}`;
  const password = 'bench-password-1';
  await owner.ok('POST', '/core-api/identities', { username, email: `${username}@example.test`, password });
  const login = await new Api(admin.baseUrl).ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
    username,
    password,
    workspaceId: ws.id,
  });
  return { owner, shopper: admin.withToken(login.accessToken), productId: product.id };
}

/** A's shoppers pricing as fast as they are answered, until `stop`. */
function attack(a: Shop, concurrency: number): { stop: () => Promise<number> } {
  let running = true;
  let sent = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      sent++;
      await a.shopper.call('POST', '/commerce-api/catalog/products/prices', [
        { identifier: a.productId, quantity: 1 },
      ]);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return sent;
    },
  };
}

async function main(): Promise<void> {
  const config = benchConfig();
  const databaseUrl =
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/trade_bench_scripts';
  const seconds = config.duration;
  const connections = config.connections;
  const rows: string[] = [];
  for (const cooldown of ['5000', '0']) {
    await recreateDatabase(databaseUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-scripts-'));
    const server = ServerProcess.start(
      'full stack',
      resolve(__dirname, '../src/main.js'),
      await freePort(),
      {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: config.jwtSecret,
        ...benchRateLimits,
        JWT_TTL_SECONDS: '86400',
        LOG_LEVEL: 'error',
        LOGIN_RATE_LIMIT: '100000',
        DATA_DIR: dataDir,
        STORAGE_DIR: join(dataDir, 'files'),
        BOOTSTRAP_ADMIN_EMAIL: 'bench-admin@example.test',
        BOOTSTRAP_ADMIN_PASSWORD: config.adminPassword,
        SCRIPTS_COOLDOWN_MS: cooldown,
      },
      productionNodeArgs(),
    );
    try {
      await server.waitReady('/health/ready');
      const login = await new Api(server.url).ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
        username: 'admin',
        password: config.adminPassword,
      });
      const admin = new Api(server.url, login.accessToken);
      const b = await shop(admin, 'Honest', 'return { customerPrice: 1000 };');
      const a = await shop(admin, 'Hostile', hostile);
      let wrong = 0;
      const scenarios: Scenario[] = [
        {
          name: 'B: product by id (shopper)',
          next: () => get(`/commerce-api/catalog/products/${b.productId}`),
        },
        {
          name: 'B: price of one product with its rule (shopper)',
          next: () => ({
            method: 'POST',
            path: '/commerce-api/catalog/products/prices',
            body: [{ identifier: b.productId, quantity: 1 }],
          }),
        },
      ];
      for (const scenario of scenarios) {
        await runLoad(server, scenario, b.shopper.bearer, 2, connections); // warm-up
        const alone = await runLoad(server, scenario, b.shopper.bearer, seconds, connections);
        const hostileLoad = attack(a, 4);
        const during = await runLoad(server, scenario, b.shopper.bearer, seconds, connections);
        const attackRequests = await hostileLoad.stop();
        // B's rule, checked after the load (and during it: every answer was 2xx).
        const check = await b.shopper.ok<Array<{ customerPrice: number }>>(
          'POST',
          '/commerce-api/catalog/products/prices',
          [{ identifier: b.productId, quantity: 1 }],
        );
        if (check[0].customerPrice !== 1000) wrong++;
        const ratio = (r: LoadResult) => (r.p99 / Math.max(alone.p99, 1)).toFixed(2);
        rows.push(
          `| ${scenario.name} | ${cooldown} | ${alone.reqPerSec.toFixed(0)} / ${during.reqPerSec.toFixed(0)} | ${alone.p99} / ${during.p99} | ${ratio(during)} | ${during.non2xx + during.errors} | ${attackRequests} | ${during.rssMb === undefined ? '–' : during.rssMb.toFixed(0)} |`,
        );
        say(rows[rows.length - 1]);
      }
      if (wrong) throw new Error(`B's rule was not applied in ${wrong} check(s)`);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  say();
  say(`${connections} connections, ${seconds} s per measurement; A: 4 shoppers pricing in a loop`);
  say(
    '| scenario | SCRIPTS_COOLDOWN_MS | B req/s alone / with A | B p99 ms alone / with A | p99 ratio | B non-2xx with A | A requests | RSS MB with A |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) say(row);
  say(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((e: unknown) => {
  say(String(e instanceof Error ? e.stack : e));
  process.exit(1);
});
