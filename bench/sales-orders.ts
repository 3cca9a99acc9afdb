import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { Api } from './lib/api';
import { benchConfig, say } from './lib/config';
import { freePort, ServerProcess } from './lib/processes';
import { runSalesOrderBench, salesOrderReport } from './scenarios/sales-orders';

/**
 * `node dist/bench/sales-orders.js`: the commerce order creation scenario alone (it also runs as
 * part of `npm run bench`). Knobs: BENCH_DATABASE_URL, BENCH_DURATION, BENCH_ORDER_CONNECTIONS
 * (default 50), BENCH_ORDER_CLIENTS (default 50).
 */
async function main(): Promise<void> {
  const config = benchConfig();
  const started = Date.now();
  const log = (line: string) => say(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
  const url = new URL(config.databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`bench database name "${name}" must be a plain identifier`);
  const admin = new URL(config.databaseUrl);
  admin.pathname = '/postgres';
  const root = new Client({ connectionString: admin.toString() });
  await root.connect();
  await root.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await root.query(`CREATE DATABASE ${name}`);
  await root.end();
  const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-orders-'));
  const server = ServerProcess.start(
    'full stack',
    join(resolve(__dirname, '..'), 'src/main.js'),
    await freePort(),
    {
      NODE_ENV: 'production',
      METRICS_TOKEN: 'bench-metrics-token-unused', // production needs a guarded /metrics
      DATABASE_URL: config.databaseUrl,
      JWT_SECRET: config.jwtSecret,
      JWT_TTL_SECONDS: '86400',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      DATA_DIR: dataDir,
      STORAGE_DIR: join(dataDir, 'files'),
      BOOTSTRAP_ADMIN_EMAIL: 'bench-admin@example.test',
      BOOTSTRAP_ADMIN_PASSWORD: config.adminPassword,
    },
  );
  try {
    await server.waitReady('/health/ready');
    const login = await new Api(server.url).ok<{ accessToken: string; workspaceId: string }>(
      'POST',
      '/core-api/auth/login',
      { username: 'admin', password: config.adminPassword },
    );
    const connections = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 50);
    const result = await runSalesOrderBench({
      baseUrl: server.url,
      databaseUrl: config.databaseUrl,
      api: new Api(server.url, login.accessToken),
      workspaceId: login.workspaceId,
      password: config.adminPassword,
      seconds: config.duration,
      connections,
      clients: Number(process.env.BENCH_ORDER_CLIENTS ?? 50),
      products: 200,
      log,
    });
    say();
    say(salesOrderReport(result, connections));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  say(String(e instanceof Error ? e.stack : e));
  process.exit(1);
});
