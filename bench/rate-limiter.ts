import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/app.database-options';
import { Env } from '../src/config/env';
import { startEmbeddedPostgres } from '../src/platform/database/embedded-postgres';
import { RateLimits } from '../src/platform/http/rate-limits';
import { say as print } from './lib/config';

/**
 * The CPU the rate limiter costs a request (issue 29: under 0.05 ms), in this process:
 * - `take()` alone: the guard's part of every request (two counters, the header texts);
 * - paced: REQUEST_RATE requests per second spread over CALLERS callers of WORKSPACES workspaces
 *   for SECONDS, with the background flush every RATE_LIMIT_FLUSH_MS against a real database
 *   (in the server's process); the CPU of everything this process did, divided by the requests.
 *   On the embedded database (one instance) the limiter flushes nothing: the paced figure is
 *   `take()` and the loop alone.
 *
 *   npm run bench:rate-limits                       # embedded PostgreSQL (migrated on the fly)
 *   DATABASE_URL=postgres://…/migrated npm run bench:rate-limits
 *
 * Env: DATABASE_URL, CALLERS (2000), WORKSPACES (100), REQUEST_RATE (5000), SECONDS (10),
 * TAKES (2000000), RATE_LIMIT_FLUSH_MS (200).
 */
const int = (name: string, fallback: number) => Number(process.env[name] || fallback);
const callers = int('CALLERS', 2000);
const workspaces = int('WORKSPACES', 100);
const requestRate = int('REQUEST_RATE', 5000);
const seconds = int('SECONDS', 10);
const takes = int('TAKES', 2_000_000);

/** The limiter's settings; on a server database (`databaseUrl`) it flushes, as a deployed instance does. */
function limiterEnv(databaseUrl: string | undefined): Env {
  return Object.assign(new Env(), {
    DATABASE_URL: databaseUrl ?? '',
    RATE_LIMIT_PER_API_KEY: 100_000_000,
    RATE_LIMIT_PER_USER: 100_000_000,
    RATE_LIMIT_PER_CLIENT: 100_000_000,
    RATE_LIMIT_PER_WORKSPACE: 100_000_000,
    RATE_LIMIT_WINDOW_SECONDS: 60,
    RATE_LIMIT_FLUSH_MS: int('RATE_LIMIT_FLUSH_MS', 200),
  });
}

async function openDatabase(databaseUrl: string | undefined): Promise<{ ds: DataSource; pglite?: PGlite }> {
  if (databaseUrl) return { ds: await new DataSource(dataSourceOptions({ databaseUrl })).initialize() };
  const pglite = await startEmbeddedPostgres();
  const ds = await new DataSource(dataSourceOptions({ pglite })).initialize();
  await ds.runMigrations({ transaction: 'each' });
  return { ds, pglite };
}

const cpuMicros = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

/**
 * Runs the limiter bench on the migrated database at `databaseUrl` (embedded PostgreSQL in this
 * process without one); returns its table.
 */
export async function rateLimiterBench(databaseUrl: string | undefined): Promise<string> {
  const lines: string[] = [];
  const say = (line = '') => lines.push(line);
  const { ds, pglite } = await openDatabase(databaseUrl);
  const workspaceIds = Array.from({ length: workspaces }, () => randomUUID());
  const who = Array.from({ length: callers }, (_, i) => ({
    type: (['User', 'ApiKey', 'Client'] as const)[i % 3],
    id: randomUUID(),
    workspaceId: workspaceIds[i % workspaces],
  }));

  // take() alone: no flush runs (the timer is not started).
  const alone = new RateLimits(limiterEnv(databaseUrl), ds);
  for (let i = 0; i < 100_000; i++)
    alone.take(who[i % callers].type, who[i % callers].id, who[i % callers].workspaceId);
  let cpu = process.cpuUsage();
  let t0 = performance.now();
  for (let i = 0; i < takes; i++) {
    const c = who[i % callers];
    alone.take(c.type, c.id, c.workspaceId);
  }
  const takeCpu = cpuMicros(cpu) / takes;
  const takeWall = ((performance.now() - t0) * 1000) / takes;

  // Paced, with the flushes: the way a busy instance sees requests.
  const limits = new RateLimits(limiterEnv(databaseUrl), ds);
  let flushes = 0;
  const flush = limits.flush.bind(limits);
  limits.flush = () => {
    flushes++;
    return flush();
  };
  const before = Number((await ds.query('SELECT count(*)::int AS n FROM rate_limit_counts'))[0].n);
  limits.onModuleInit();
  const tickMs = 10;
  const perTick = Math.max(1, Math.round((requestRate * tickMs) / 1000));
  let sent = 0;
  cpu = process.cpuUsage();
  t0 = performance.now();
  const end = t0 + seconds * 1000;
  for (let tick = 0; performance.now() < end; tick++) {
    for (let k = 0; k < perTick; k++, sent++) {
      const c = who[sent % callers];
      limits.take(c.type, c.id, c.workspaceId);
    }
    const next = t0 + (tick + 1) * tickMs;
    await sleep(Math.max(0, next - performance.now()));
  }
  await limits.onModuleDestroy();
  const pacedCpu = cpuMicros(cpu) / sent;
  const elapsed = (performance.now() - t0) / 1000;
  const flushedRows =
    Number((await ds.query('SELECT count(*)::int AS n FROM rate_limit_counts'))[0].n) - before;

  // The same pacing without the limiter: the loop's own cost, taken off the figure above.
  cpu = process.cpuUsage();
  t0 = performance.now();
  let idleSent = 0;
  for (let tick = 0; performance.now() < t0 + seconds * 1000; tick++) {
    for (let k = 0; k < perTick; k++) idleSent++;
    await sleep(Math.max(0, t0 + (tick + 1) * tickMs - performance.now()));
  }
  const loopCpu = cpuMicros(cpu) / idleSent;

  const database = databaseUrl ? 'PostgreSQL server' : 'embedded PostgreSQL (in this process)';
  say(
    `Rate limiter (npm run bench:rate-limits, docs/security.md), load average ${loadavg()[0].toFixed(1)}, ${callers} callers in ${workspaces} workspaces, ${database}`,
  );
  say(`| measure | CPU µs per request | wall µs per request |`);
  say(`|---|---:|---:|`);
  say(
    `| take() alone (${takes.toLocaleString('en-US')} calls) | ${takeCpu.toFixed(2)} | ${takeWall.toFixed(2)} |`,
  );
  say(
    `| paced ${requestRate}/s for ${elapsed.toFixed(1)} s with flushes (${flushes} flushes, ${flushedRows} keys) | ` +
      `${(pacedCpu - loopCpu).toFixed(2)} (loop alone ${loopCpu.toFixed(2)} taken off) | – |`,
  );
  await ds.destroy();
  await pglite?.close();
  return lines.join('\n');
}

if (require.main === module)
  rateLimiterBench(process.env.DATABASE_URL || undefined)
    .then((table) => print(table))
    .catch((e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    });
