import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Api } from './lib/api';
import { benchConfig, serviceEnv, say } from './lib/config';
import { processCpuMs, runLoad, type LoadResult } from './lib/load';
import { PgWireCounter } from './lib/pg-wire-counter';
import { backendPids } from './lib/instances';
import { countQueries } from './lib/query-count';
import { freePort, ServerProcess } from './lib/processes';
import { analyzeDatabase, productionNodeArgs, recreateDatabase } from './lib/setup';
import { productsSuite } from './scenarios/products';

/**
 * `npm run bench:replicas`: storefront reads on two instances (round-robin), with the primary
 * alone and with the primary and a hot standby (DATABASE_READ_URLS), measuring where PostgreSQL's
 * CPU goes per request: the primary's backends of the bench database and the standby's (CPU of
 * their processes, from /proc). The standby runs on this machine: `BENCH_STANDBY_URL`
 * (`postgres://user@host:port`) names one of the server, else `.ci/standby` makes one (Debian's
 * PostgreSQL 15; as root or postgres) and removes it at the end. docs/scaling.md, "Read replicas",
 * holds a run.
 *
 * Env as `npm run bench` (BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS); its own
 * defaults: BENCH_DATABASE_URL …/trade_bench_replicas, BENCH_PRODUCTS 10000.
 */
const distRoot = resolve(__dirname, '..');
const scenarioNames = [
  'commerce product by id (shopper)',
  'commerce products of a category, page of 20 (shopper)',
];

interface Measured {
  scenario: string;
  deployment: string;
  result: LoadResult;
  primaryMs: number;
  standbyMs: number;
}

async function cpuOf(url: string | undefined): Promise<Map<number, number>> {
  return url ? processCpuMs(await backendPids(url)) : new Map();
}

const spent = (before: Map<number, number>, after: Map<number, number>) => {
  let ms = 0;
  for (const [pid, v] of after) ms += v - (before.get(pid) ?? 0);
  return ms;
};

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
  const config = {
    ...benchConfig(),
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/trade_bench_replicas',
    products: Number(process.env.BENCH_PRODUCTS || 10_000),
    suites: ['products'],
  };
  const log = (line: string) => say(`[bench:replicas] ${line}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-replicas-'));
  const standbyDir = process.env.BENCH_STANDBY_URL
    ? undefined
    : join(tmpdir(), `trade_bench_standby_${process.pid}`);
  const servers: ServerProcess[] = [];
  try {
    let standbyBase = process.env.BENCH_STANDBY_URL;
    if (standbyDir) {
      log('making a hot standby of the server (.ci/standby)…');
      standbyBase = execFileSync('.ci/standby', ['start', standbyDir], { encoding: 'utf8' }).trim();
    }
    log(`recreating ${new URL(config.databaseUrl).pathname.slice(1)} (streamed to the standby)`);
    await recreateDatabase(config.databaseUrl);
    const standby = new URL(standbyBase!);
    standby.pathname = new URL(config.databaseUrl).pathname;
    const standbyUrl = standby.toString();

    const env = (extra: Record<string, string>) => ({
      ...serviceEnv(config, config.databaseUrl, dataDir),
      STORAGE_DIR: join(dataDir, 'files'),
      BOOTSTRAP_ADMIN_EMAIL: 'bench-admin@example.test',
      ...extra,
    });
    const start = async (name: string, extra: Record<string, string>) => {
      const server = ServerProcess.start(
        name,
        join(distRoot, 'src/main.js'),
        await freePort(),
        env(extra),
        productionNodeArgs(),
      );
      servers.push(server);
      await server.waitReady('/health/ready');
      return server;
    };
    log('starting the service (migrations) and seeding the products suite through the API…');
    const first = await start('primary only 1', {});
    const anonymous = new Api(first.url);
    const login = await anonymous.ok<{ accessToken: string; workspaceId: string }>(
      'POST',
      '/core-api/auth/login',
      { username: 'admin', password: config.adminPassword },
    );
    const api = anonymous.withToken(login.accessToken);
    const scenarios = (
      await productsSuite.prepare({ api, workspaceId: login.workspaceId, config, log })
    ).filter((s) => scenarioNames.includes(s.name));
    await analyzeDatabase(config.databaseUrl);
    const replicated = { DATABASE_READ_URLS: standbyUrl };
    const deployments: Array<{ name: string; servers: ServerProcess[]; standby: boolean }> = [
      { name: 'primary alone', servers: [first, await start('primary only 2', {})], standby: false },
      {
        name: 'primary + standby',
        servers: [await start('with standby 1', replicated), await start('with standby 2', replicated)],
        standby: true,
      },
    ];
    // Every instance warm (15 s each) before the measured rounds.
    const rows: Measured[] = [];
    for (const scenario of scenarios) {
      for (const d of deployments) for (const s of d.servers) await scenario.before?.(s.url);
      const bearer = scenario.bearer ?? api.bearer;
      for (const d of deployments) await runLoad(d.servers, scenario, bearer, 15, config.connections);
      const runs = new Map<string, Array<Omit<Measured, 'scenario' | 'deployment'>>>(
        deployments.map((d) => [d.name, []]),
      );
      for (let round = 0; round < config.rounds; round++) {
        for (const d of deployments.map((_, i) => deployments[(i + round) % deployments.length])) {
          const [p0, s0] = [await cpuOf(config.databaseUrl), await cpuOf(standbyUrl)];
          const result = await runLoad(d.servers, scenario, bearer, config.duration, config.connections);
          const [p1, s1] = [await cpuOf(config.databaseUrl), await cpuOf(standbyUrl)];
          runs.get(d.name)!.push({ result, primaryMs: spent(p0, p1), standbyMs: spent(s0, s1) });
        }
      }
      for (const d of deployments) {
        const r = runs.get(d.name)!;
        const requests = r.reduce((a, x) => a + x.result.requests, 0);
        const sum = (f: (x: (typeof r)[number]) => number) => r.reduce((a, x) => a + f(x), 0);
        rows.push({
          scenario: scenario.name,
          deployment: d.name,
          result: {
            ...r[0].result,
            reqPerSec: sum((x) => x.result.reqPerSec) / r.length,
            p50: [...r.map((x) => x.result.p50)].sort((a, b) => a - b)[Math.floor((r.length - 1) / 2)],
            p99: [...r.map((x) => x.result.p99)].sort((a, b) => a - b)[Math.floor((r.length - 1) / 2)],
            cpuMsPerRequest: sum((x) => (x.result.cpuMsPerRequest ?? 0) * x.result.requests) / requests,
            requests,
            non2xx: sum((x) => x.result.non2xx),
          },
          primaryMs: sum((x) => x.primaryMs) / requests,
          standbyMs: sum((x) => x.standbyMs) / requests,
        });
        log(`${scenario.name} / ${d.name}: ${Math.round(rows.at(-1)!.result.reqPerSec)} req/s`);
      }
    }
    say(report(rows, config.connections, config.rounds, config.duration, config.products));

    // What each server still gets per request: one more instance with a standby, through counting
    // proxies (bench/lib/pg-wire-counter.ts), 20 sequential requests per scenario. The polls'
    // statements (10 a second on each) are left out.
    const primaryCounter = new PgWireCounter('127.0.0.1', Number(new URL(config.databaseUrl).port || 5432));
    const standbyCounter = new PgWireCounter(standby.hostname, Number(standby.port || 5432));
    const via = (url: string, port: number) => {
      const u = new URL(url);
      u.host = `127.0.0.1:${port}`;
      return u.toString();
    };
    const counted = await start('counted', {
      DATABASE_URL: via(config.databaseUrl, await primaryCounter.listen()),
      DATABASE_READ_URLS: via(standbyUrl, await standbyCounter.listen()),
    });
    for (let tries = 0; tries < 100; tries++) {
      const ready = (await (await fetch(`${counted.url}/health/ready`)).json()) as {
        details: { standbys?: { standbys: Array<{ state: string }> } };
      };
      if (ready.details.standbys?.standbys[0]?.state === 'up') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const polls = /pg_last_wal_replay_lsn|pg_current_wal_insert_lsn/;
    const lines = [
      '| scenario | statements per request on the primary | on the standby | the primary’s |',
      '|---|---:|---:|---|',
    ];
    for (const scenario of scenarios) {
      const bearer = scenario.bearer ?? api.bearer;
      await scenario.before?.(counted.url);
      await countQueries(counted, primaryCounter, scenario, bearer);
      standbyCounter.reset();
      const onPrimary = (await countQueries(counted, primaryCounter, scenario, bearer)).statements.filter(
        (x) => !polls.test(x.sql),
      );
      const onStandby = standbyCounter.statements.filter((x) => !polls.test(x.sql)).length / 20;
      const perRequest = onPrimary.reduce((a, x) => a + x.perRequest, 0);
      const which = onPrimary.map((x) => `${fmt(x.perRequest, 2)} × \`${x.sql.slice(0, 60)}…\``).join('<br>');
      lines.push(`| ${scenario.name} | ${fmt(perRequest, 2)} | ${fmt(onStandby, 2)} | ${which} |`);
    }
    await primaryCounter.close();
    await standbyCounter.close();
    say(lines.join('\n'));
  } finally {
    for (const s of servers) await s.stop();
    if (standbyDir) execFileSync('.ci/standby', ['stop', standbyDir], { stdio: 'inherit' });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  rows: Measured[],
  connections: number,
  rounds: number,
  duration: number,
  products: number,
): string {
  return [
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} CPUs · ${products} products · ` +
      `two instances round-robin · autocannon ${connections} connections, ${rounds} × ${duration} s per ` +
      `scenario and deployment (alternating) · all on this machine · load average ${fmt(loadavg()[0], 1)} at the end`,
    '',
    '| scenario | deployment | req/s | p50 (ms) | p99 (ms) | service CPU ms/req | primary CPU ms/req | standby CPU ms/req | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.deployment} | ${fmt(r.result.reqPerSec)} | ${fmt(r.result.p50)} | ${fmt(r.result.p99)} | ` +
        `${fmt(r.result.cpuMsPerRequest ?? NaN, 2)} | ${fmt(r.primaryMs, 2)} | ${fmt(r.standbyMs, 2)} | ${r.result.non2xx} |`,
    ),
    '',
  ].join('\n');
}

void main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
