import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Api } from './lib/api';
import { benchConfig, say, serviceEnv } from './lib/config';
import { freePort, ServerProcess, startBareServer } from './lib/processes';
import { productionNodeArgs, recreateDatabase } from './lib/setup';
import { checkOrderTwins, measureOrders, ordersSection, seedOrders } from './scenarios/sales-orders';
import { benchShopper } from './scenarios/shopper';

/**
 * `npm run bench:orders`: the storefront order create alone, service and bare server side by side
 * (it also runs as part of `npm run bench`). Knobs: BENCH_DATABASE_URL, BENCH_DURATION,
 * BENCH_ROUNDS, BENCH_WARMUP, BENCH_ORDER_CONNECTIONS (default 10,50), BENCH_ORDER_CLIENTS (default 50).
 */
async function main(): Promise<void> {
  const config = benchConfig();
  const started = Date.now();
  const log = (line: string) => say(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
  await recreateDatabase(config.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-orders-'));
  const distRoot = resolve(__dirname, '..');
  const nodeArgs = productionNodeArgs();
  const servers: ServerProcess[] = [];
  try {
    const full = ServerProcess.start(
      'full stack',
      join(distRoot, 'src/main.js'),
      await freePort(),
      {
        ...serviceEnv(config, config.databaseUrl, dataDir),
        LOGIN_RATE_LIMIT: '100000',
        STORAGE_DIR: join(dataDir, 'files'),
        BOOTSTRAP_ADMIN_EMAIL: 'bench-admin@example.test',
      },
      nodeArgs,
    );
    servers.push(full);
    await full.waitReady('/health/ready');
    const bare = await startBareServer(distRoot, config, nodeArgs);
    servers.push(bare);
    const login = await new Api(full.url).ok<{ accessToken: string; workspaceId: string }>(
      'POST',
      '/core-api/auth/login',
      { username: 'admin', password: config.adminPassword },
    );
    const ctx = { api: new Api(full.url, login.accessToken), workspaceId: login.workspaceId, config, log };
    const seed = await seedOrders(ctx, Number(process.env.BENCH_ORDER_CLIENTS ?? 50), 200);
    await (await benchShopper(ctx)).setScript(full.url, true);
    await checkOrderTwins(full, bare, seed);
    const orders = await measureOrders({
      full,
      bare,
      databaseUrl: config.databaseUrl,
      workspaceId: login.workspaceId,
      seed,
      connectionCounts: (process.env.BENCH_ORDER_CONNECTIONS ?? '10,50').split(',').map(Number),
      rounds: config.rounds,
      seconds: config.duration,
      warmup: config.warmup,
      log,
    });
    say();
    say(ordersSection(orders));
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  say(String(e instanceof Error ? e.stack : e));
  process.exit(1);
});
