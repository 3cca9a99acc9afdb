import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Api } from './lib/api';
import { benchConfig, BenchConfig, say, serviceEnv as baseEnv } from './lib/config';
import { compareDeployments, DeploymentRow, deploymentTable } from './lib/instances';
import { combine, LoadResult, runLoad } from './lib/load';
import { PgWireCounter } from './lib/pg-wire-counter';
import { freePort, ServerProcess, startBareServer } from './lib/processes';
import { analyzeDatabase, productionNodeArgs, recreateDatabase } from './lib/setup';
import { nowUs, summariseProfile, Window } from './lib/profile';
import { countQueries, explainSessionQuery, QueryCount } from './lib/query-count';
import { importBench } from './imports';
import { rateLimiterBench } from './rate-limiter';
import { suites } from './scenarios';
import { storefrontSection } from './lib/storefront-table';
import { benchShopper } from './scenarios/shopper';
import {
  checkOrderTwins,
  measureOrders,
  orderScenario,
  ordersSection,
  seedOrders,
  type OrderBench,
} from './scenarios/sales-orders';
import type { Scenario, SeedContext } from './scenarios/types';

/**
 * `npm run bench`: the built service (dist/src/main.js) against a bare node:http + pg server doing
 * the same work, on a freshly created PostgreSQL database seeded through the service's API. Every
 * load run has a fixed duration and connection count; all traffic stays on 127.0.0.1.
 * Knobs: see bench/lib/config.ts (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ONLY, BENCH_PRODUCTS, …).
 */
const distRoot = resolve(__dirname, '..');
const resultsDir = resolve(process.cwd(), 'bench/results');

interface Row {
  scenario: string;
  server: 'full stack' | 'bare';
  result: LoadResult;
}

function serviceEnv(config: BenchConfig, databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    ...baseEnv(config, databaseUrl, dataDir),
    STORAGE_DIR: join(dataDir, 'files'),
    BOOTSTRAP_ADMIN_EMAIL: 'bench-admin@example.test',
    LOGIN_RATE_LIMIT: '100000', // the order scenario logs in 50 shoppers
  };
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows: Row[]): string {
  const lines = [
    '| scenario | server | req/s | p50 (ms) | p99 (ms) | RSS (MB) | CPU ms/req | full/bare req/s | bare/full CPU |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const bare = rows.find((r) => r.scenario === row.scenario && r.server === 'bare');
    const isFull = row.server === 'full stack' && bare !== undefined;
    const ratio = isFull ? row.result.reqPerSec / bare.result.reqPerSec : undefined;
    const cpuRatio =
      isFull && row.result.cpuMsPerRequest && bare.result.cpuMsPerRequest
        ? bare.result.cpuMsPerRequest / row.result.cpuMsPerRequest
        : undefined;
    const failures = row.result.non2xx + row.result.errors;
    lines.push(
      `| ${row.scenario} | ${row.server} | ${fmt(row.result.reqPerSec)}${failures ? ` (${failures} failed)` : ''} | ${fmt(row.result.p50)} | ${fmt(row.result.p99)} | ${fmt(row.result.rssMb)} | ${fmt(row.result.cpuMsPerRequest, 2)} | ${ratio === undefined ? '' : fmt(ratio, 2)} | ${cpuRatio === undefined ? '' : fmt(cpuRatio, 2)} |`,
    );
  }
  return lines.join('\n');
}

function queryTable(counts: QueryCount[], bareCounts: QueryCount[]): string {
  const lines = [
    '| scenario | statements per request | of which authentication | bare server |',
    '|---|---:|---:|---:|',
  ];
  for (const c of counts)
    lines.push(
      `| ${c.scenario} | ${fmt(c.perRequest, 2)} | ${fmt(c.authPerRequest, 2)} | ${fmt(bareCounts.find((b) => b.scenario === c.scenario)?.perRequest, 2)} |`,
    );
  return lines.join('\n');
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** The scenarios the instance comparison measures: one lookup, one page. */
const instanceScenarios = ['product by id', 'products of a category, page of 20'];
const oneInstance = 'one instance';

/**
 * Two instances of the service on the one database, the load generator alternating between them
 * (round-robin over its connections), and one instance with METRICS_ENABLED=false (what recording
 * metrics costs), each against one instance in the same rounds.
 */
async function measureInstances(
  config: BenchConfig,
  scenarios: Scenario[],
  bearer: string,
  dataDir: string,
  nodeArgs: string[],
  full: ServerProcess,
  servers: ServerProcess[],
  log: (line: string) => void,
): Promise<DeploymentRow[]> {
  const measured = scenarios.filter((s) => instanceScenarios.includes(s.name));
  if (measured.length === 0) return [];
  const start = async (name: string, extra: Record<string, string>) => {
    const server = ServerProcess.start(
      name,
      join(distRoot, 'src/main.js'),
      await freePort(),
      { ...serviceEnv(config, config.databaseUrl, dataDir), ...extra },
      nodeArgs,
    );
    servers.push(server);
    await server.waitReady('/health/ready');
    return server;
  };
  log('starting a second instance and one without metrics…');
  const second = await start('second instance', {});
  const unmetered = await start('without metrics', { METRICS_ENABLED: 'false' });
  // The first instance is warm from seeding and the other scenarios; a fresh process spends
  // more CPU per request until its code is optimised, which would be measured as the deployment's cost.
  for (const scenario of measured)
    for (const fresh of [second, unmetered]) await runLoad(fresh, scenario, bearer, 15, config.connections);
  const rows = await compareDeployments(
    measured,
    [
      { name: oneInstance, servers: [full] },
      { name: 'two instances, round-robin', servers: [full, second] },
      { name: 'one instance, METRICS_ENABLED=false', servers: [unmetered] },
    ],
    bearer,
    config,
    log,
  );
  await second.stop();
  await unmetered.stop();
  return rows;
}

function instancesSection(rows: DeploymentRow[], config: BenchConfig): string {
  return [
    '## Two instances on one database',
    '',
    `${config.connections} connections, ${config.rounds} × ${config.duration} s per scenario and deployment, the deployments ` +
      'in rotating order. Two instances: the load generator spreads its connections over both in turn (a round-robin ' +
      'load balancer). CPU ms/req: CPU time per answered request of the service processes, of the PostgreSQL backends ' +
      "serving the bench database and of the load generator; cores busy: that CPU × req/s, of the machine's " +
      `${cpus().length} cores.`,
    '',
    deploymentTable(rows, oneInstance),
  ].join('\n');
}

async function main(): Promise<void> {
  const config = benchConfig();
  const loadStart = loadavg();
  const started = Date.now();
  const log = (line: string) => say(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
  mkdirSync(resultsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-'));
  const servers: ServerProcess[] = [];
  let counter: PgWireCounter | undefined;
  let bareCounter: PgWireCounter | undefined;

  try {
    log(`recreating ${new URL(config.databaseUrl).pathname.slice(1)}`);
    await recreateDatabase(config.databaseUrl);

    const profileDir = join(resultsDir, 'profiles');
    if (config.profile) rmSync(profileDir, { recursive: true, force: true });
    const nodeArgs = [
      ...productionNodeArgs(),
      ...(config.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ];
    const full = ServerProcess.start(
      'full stack',
      join(distRoot, 'src/main.js'),
      await freePort(),
      serviceEnv(config, config.databaseUrl, dataDir),
      nodeArgs,
    );
    servers.push(full);
    log('starting the service (migrations run on the empty database)…');
    await full.waitReady('/health/ready');

    const anonymous = new Api(full.url);
    const login = await anonymous.ok<{ accessToken: string; workspaceId: string }>(
      'POST',
      '/core-api/auth/login',
      {
        username: 'admin',
        password: config.adminPassword,
      },
    );
    const api = anonymous.withToken(login.accessToken);
    const seedContext: SeedContext = { api, workspaceId: login.workspaceId, config, log };

    const scenarios: Scenario[] = [];
    for (const suite of suites) {
      if (config.suites.length && !config.suites.includes(suite.name)) continue;
      if (suite.available && !(await suite.available(seedContext))) {
        log(`suite ${suite.name}: not available in this build, skipped`);
        continue;
      }
      log(`seeding ${suite.name} through the API…`);
      scenarios.push(...(await suite.prepare(seedContext)));
    }
    await analyzeDatabase(config.databaseUrl);
    log('the seeded tables vacuumed and analyzed (dead rows, planner statistics)');
    const selected = scenarios.filter(
      (s) => config.only.length === 0 || config.only.some((o) => s.name.toLowerCase().includes(o)),
    );

    const bare = await startBareServer(distRoot, config, nodeArgs);
    servers.push(bare);

    // Same work: both must give the same answer to the same request (four of each scenario, so
    // that rotations such as the price scenarios' quantities reach their every branch).
    const checks = selected.filter((s) => !s.noBare).flatMap((s) => [s, s, s, s]);
    for (const scenario of checks) {
      await scenario.before?.(full.url);
      const { method, path, body } = scenario.next();
      const token = scenario.bearer?.slice('Bearer '.length) ?? login.accessToken;
      const [a, b] = await Promise.all([
        new Api(full.url, token).call(method, path, body),
        new Api(bare.url, token).call(method, path, body),
      ]);
      if (a.status !== 200 || b.status !== 200) {
        throw new Error(
          `${scenario.name}: ${method} ${path} answered ${a.status} (full) / ${b.status} (bare)`,
        );
      }
      // A version ETag must be the same; a weak one is a fingerprint of each server's own text
      // (its members' order may differ): both must send one.
      const [tagA, tagB] = [a.headers.get('etag'), b.headers.get('etag')];
      const weak = (tag: string | null) => tag?.startsWith('W/') ?? false;
      const sameTag = weak(tagA) || weak(tagB) ? weak(tagA) && weak(tagB) : tagA === tagB;
      if (JSON.stringify(a.body) !== JSON.stringify(b.body) || !sameTag) {
        writeFileSync(
          join(resultsDir, 'mismatch.json'),
          JSON.stringify({ path, full: a.body, bare: b.body }, null, 2),
        );
        throw new Error(
          `${scenario.name}: the bare answer differs from the service's for ${path} (bench/results/mismatch.json)`,
        );
      }
    }
    log(`bare server answers match the service's on ${selected.length} scenarios`);

    const rows: Row[] = [];
    const windows = new Map<number | undefined, Window[]>([
      [full.pid, []],
      [bare.pid, []],
    ]);
    for (const scenario of selected) {
      await scenario.before?.(full.url);
      const bearer = scenario.bearer ?? api.bearer;
      const targets = [
        { name: 'full stack' as const, server: full, runs: [] as LoadResult[] },
        { name: 'bare' as const, server: bare, runs: [] as LoadResult[] },
      ].filter((t) => t.name === 'full stack' || !scenario.noBare);
      for (const t of targets) {
        if (config.warmup > 0) await runLoad(t.server, scenario, bearer, config.warmup, config.connections);
      }
      for (let round = 0; round < config.rounds; round++) {
        // full, bare, then bare, full, …: a change in the machine's load hits both alike
        for (const t of round % 2 === 0 ? targets : [...targets].reverse()) {
          const startUs = nowUs();
          t.runs.push(await runLoad(t.server, scenario, bearer, config.duration, config.connections));
          windows.get(t.server.pid)!.push([startUs, nowUs()]);
        }
      }
      for (const t of targets) {
        const result = combine(t.runs);
        rows.push({ scenario: scenario.name, server: t.name, result });
        log(
          `${scenario.name} / ${t.name}: ${fmt(result.reqPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
            `RSS ${fmt(result.rssMb)} MB, CPU ${fmt(result.cpuMsPerRequest, 2)} ms/request`,
        );
      }
    }
    const deploymentRows = config.instances
      ? await measureInstances(config, scenarios, api.bearer, dataDir, nodeArgs, full, servers, log)
      : [];
    // Storefront order creation, service and bare side by side (scenarios/sales-orders.ts).
    const ordersName = 'commerce order create';
    const withOrders =
      (config.suites.length === 0 || config.suites.includes('orders')) &&
      (config.only.length === 0 || config.only.some((o) => ordersName.includes(o)));
    let orders: OrderBench | undefined;
    const orderSeed = withOrders
      ? await seedOrders(seedContext, Number(process.env.BENCH_ORDER_CLIENTS ?? 50), 200)
      : undefined;
    if (orderSeed) {
      await (await benchShopper(seedContext)).setScript(full.url, true);
      await checkOrderTwins(full, bare, orderSeed);
      log("a bare order reads back through the service equal to the service's own");
      orders = await measureOrders({
        full,
        bare,
        databaseUrl: config.databaseUrl,
        workspaceId: login.workspaceId,
        seed: orderSeed,
        connectionCounts: (process.env.BENCH_ORDER_CONNECTIONS ?? '10,50').split(',').map(Number),
        rounds: config.rounds,
        seconds: config.duration,
        warmup: config.warmup,
        log,
        measured: (server, window) => windows.get(server.pid)?.push(window),
      });
    }
    await full.stop();
    await bare.stop();

    // Queries per request, counted on the wire: a second instance of the service whose database
    // connections go through a counting proxy (nothing in the service is instrumented).
    const pg = new URL(config.databaseUrl);
    counter = new PgWireCounter(pg.hostname, Number(pg.port || 5432));
    const proxied = new URL(config.databaseUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await counter.listen());
    const counted = ServerProcess.start(
      'counted',
      join(distRoot, 'src/main.js'),
      await freePort(),
      serviceEnv(config, proxied.toString(), dataDir),
    );
    servers.push(counted);
    await counted.waitReady('/health/ready');
    // The bare server the same way, through its own proxy.
    bareCounter = new PgWireCounter(pg.hostname, Number(pg.port || 5432));
    const bareProxied = new URL(proxied.toString());
    bareProxied.port = String(await bareCounter.listen());
    const countedBare = ServerProcess.start(
      'counted bare',
      join(distRoot, 'bench/bare-server.js'),
      await freePort(),
      { DATABASE_URL: bareProxied.toString(), JWT_SECRET: config.jwtSecret },
    );
    servers.push(countedBare);
    await countedBare.waitReady('/health/live');
    const counts: QueryCount[] = [];
    const bareCounts: QueryCount[] = [];
    for (const scenario of selected) {
      await scenario.before?.(counted.url);
      counts.push(await countQueries(counted, counter, scenario, scenario.bearer ?? api.bearer));
      if (!scenario.noBare)
        bareCounts.push(
          await countQueries(countedBare, bareCounter, scenario, scenario.bearer ?? api.bearer),
        );
    }
    let orderCounts: [number, number] | undefined;
    if (orderSeed) {
      await (await benchShopper(seedContext)).setScript(counted.url, true);
      // One shopper, its session and the workspace's scripts cached after the first order, as
      // for the reads above (a run rotating 50 shoppers has them cached as well).
      const orders = orderScenario(orderSeed, () => 'bench-count');
      const counting = { ...orders, next: () => ({ ...orders.next(), bearer: orders.bearer }) };
      const count = async (server: ServerProcess, wire: PgWireCounter) => {
        await countQueries(server, wire, counting, counting.bearer!, 2);
        return (await countQueries(server, wire, counting, counting.bearer!)).perRequest;
      };
      orderCounts = [await count(counted, counter), await count(countedBare, bareCounter)];
    }
    await counted.stop();
    await countedBare.stop();
    const sessionSql = counts.flatMap((c) => c.statements).find((s) => /\bauth_sessions\b/.test(s.sql))?.sql;
    const plan = sessionSql
      ? await explainSessionQuery(config.databaseUrl, sessionSql, login.accessToken)
      : [];

    const profiles: string[] = [];
    if (config.profile && existsSync(profileDir)) {
      // node names its profile CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile
      for (const file of readdirSync(profileDir)) {
        const pid = Number(file.split('.')[3]);
        const name = pid === full.pid ? 'full stack' : pid === bare.pid ? 'bare' : undefined;
        if (!name) continue;
        profiles.push(
          `### ${name}`,
          '',
          summariseProfile(join(profileDir, file), windows.get(pid) ?? []),
          '',
        );
      }
    }

    // The rate limiter's CPU per request, in this process against the bench's database (bench/rate-limiter.ts).
    const limiter =
      config.suites.length === 0 || config.suites.includes('rate-limits')
        ? `## Rate limiter\n\n${await rateLimiterBench(config.databaseUrl)}\n`
        : undefined;
    // The bulk import on a database and service of its own (bench/imports.ts).
    const imports =
      config.suites.length === 0 || config.suites.includes('imports') ? await importBench(config) : undefined;

    const ratios = rows
      .filter(
        (r) =>
          r.server === 'full stack' && rows.some((b) => b.scenario === r.scenario && b.server === 'bare'),
      )
      .map((r) => ({
        scenario: r.scenario,
        ratio:
          r.result.reqPerSec /
          rows.find((b) => b.scenario === r.scenario && b.server === 'bare')!.result.reqPerSec,
      }));
    const report = [
      `# Benchmark: full stack vs bare node:http + pg`,
      '',
      `${new Date().toISOString()} · commit ${gitCommit()} · Node ${process.version} · ${cpus().length} CPUs · ` +
        `PostgreSQL ${pg.hostname}:${pg.port || 5432} · autocannon, ${config.connections} connections, ` +
        `${config.rounds} × ${config.duration} s per scenario and server after ${config.warmup} s warm-up · ` +
        `load generator on the same machine · ${fmt(loadavg()[0], 1)} load average at the end`,
      '',
      storefrontSection({
        rows,
        connections: config.connections,
        counts,
        bareCounts,
        orders,
        orderCounts,
        loadStart,
        loadEnd: loadavg(),
        shopperCatalog: config.shopperCatalog,
      }),
      '## Every scenario',
      '',
      table(rows),
      '',
      `req/s: mean over ${config.rounds} rounds of ${config.duration} s, full stack and bare alternating; p50/p99: latency, median of the rounds; ` +
        'RSS: peak resident memory of the server process; CPU ms/req: CPU time (user + system) the server process spent per request. ' +
        'bare/full CPU is the throughput share the full stack would keep where the server process is the bottleneck; it varies less than req/s on a busy machine.',
      `full/bare: the full stack's share of the bare throughput (target ≥ 0.50): ` +
        ratios
          .map((r) => `${r.scenario} ${fmt(r.ratio, 2)} ${r.ratio >= 0.5 ? 'met' : 'NOT met'}`)
          .join('; ') +
        '.',
      '',
      ...(orders ? [ordersSection(orders)] : []),
      ...(deploymentRows.length ? [instancesSection(deploymentRows, config), ''] : []),
      '## Queries per request (counted on the wire between the service and PostgreSQL)',
      '',
      queryTable(counts, bareCounts),
      '',
      ...counts.flatMap((c) => [
        `- ${c.scenario}:`,
        ...c.statements.map((s) => `  - ${fmt(s.perRequest, 2)}× \`${s.sql.slice(0, 300)}\``),
      ]),
      '',
      'The bare server runs one statement per read (session check and read joined); an order create five (BEGIN, inputs, number, order and lines, COMMIT).',
      '',
      '## The authentication statement, EXPLAIN ANALYZE on the seeded database',
      '',
      '```',
      ...plan,
      '```',
      ...(limiter ? ['', limiter] : []),
      ...(imports ? ['', imports] : []),
      ...(profiles.length
        ? [
            '',
            '## Where the CPU goes (node --cpu-prof, samples inside the measured runs only)',
            '',
            ...profiles,
          ]
        : []),
      '',
    ].join('\n');
    writeFileSync(join(resultsDir, 'latest.md'), report);
    say();
    say(report);
    log(`written to ${join(resultsDir, 'latest.md')}`);
  } finally {
    for (const s of servers) await s.stop();
    await counter?.close();
    await bareCounter?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  process.stderr.write(`bench failed: ${e.stack ?? e.message}\n`);
  process.exit(1);
});
