import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Api } from './lib/api';
import { benchConfig, say, serviceEnv } from './lib/config';
import { combine, LoadResult, runLoad } from './lib/load';
import { freePort, ServerProcess } from './lib/processes';
import { productionNodeArgs } from './lib/setup';
import type { Scenario } from './scenarios/types';

/**
 * `npm run bench:embedded`: the built service on the embedded database (no DATABASE_URL), what
 * fsync costs a write and how much memory the process holds. Two processes on data directories
 * of their own, EMBEDDED_FSYNC=true (the default) and false, each measured with
 * POST /core-api/accounts in alternating rounds (so a busy machine weighs on both alike); the
 * resident memory after start, its peak under the writes, after 10 s idle, and the time SIGTERM
 * takes to a clean exit. BENCH_BASELINE_MAIN (the `src/main.js` of another build, e.g. an earlier
 * commit's) adds a third process with that build's defaults, for a before/after of the memory.
 * Knobs: BENCH_DURATION (seconds per round, default 10), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS.
 */
interface Variant {
  name: string;
  main: string;
  env: Record<string, string>;
  service?: ServerProcess;
  dataDir?: string;
  bearer?: string;
  runs: LoadResult[];
  rssStart?: number;
  rssIdle?: number;
  shutdownMs?: number;
  exitCode?: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const config = benchConfig();
  const current = resolve(__dirname, '../src/main.js');
  const variants: Variant[] = [
    { name: 'fsync on (default)', main: current, env: { EMBEDDED_FSYNC: 'true' }, runs: [] },
    { name: 'fsync off', main: current, env: { EMBEDDED_FSYNC: 'false' }, runs: [] },
  ];
  if (process.env.BENCH_BASELINE_MAIN)
    variants.push({
      name: 'baseline build',
      main: resolve(process.env.BENCH_BASELINE_MAIN),
      env: {},
      runs: [],
    });
  let n = 0;
  const writes: Scenario = {
    name: 'POST /core-api/accounts',
    next: () => ({ method: 'POST', path: '/core-api/accounts', body: { displayName: `Bench ${n++}` } }),
  };
  try {
    for (const v of variants) {
      v.dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-embedded-'));
      v.service = ServerProcess.start(
        v.name,
        v.main,
        await freePort(),
        { ...serviceEnv(config, undefined, v.dataDir), ...v.env },
        productionNodeArgs(),
      );
      await v.service.waitReady('/health/ready');
      const login = await new Api(v.service.url).ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
        username: 'admin',
        password: config.adminPassword,
      });
      v.bearer = new Api(v.service.url).withToken(login.accessToken).bearer;
    }
    // The first start ran initdb in a second PGlite: measure from a restart, as a running service is.
    for (const v of variants) {
      const started = Date.now();
      v.service!.child.kill('SIGTERM');
      await new Promise((r) => v.service!.child.once('exit', r));
      say(`${v.name}: first start shut down in ${Date.now() - started} ms`);
      v.service = ServerProcess.start(
        v.name,
        v.main,
        v.service!.port,
        { ...serviceEnv(config, undefined, v.dataDir!), ...v.env },
        productionNodeArgs(),
      );
      await v.service.waitReady('/health/ready');
      v.rssStart = v.service.rssMb();
    }
    for (const v of variants) await runLoad(v.service!, writes, v.bearer!, config.warmup, config.connections);
    for (let round = 0; round < config.rounds; round++)
      for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
        v.runs.push(await runLoad(v.service!, writes, v.bearer!, config.duration, config.connections));
        say(`round ${round + 1}: ${v.name}: ${v.runs.at(-1)!.reqPerSec.toFixed(0)} req/s`);
      }
    await sleep(10_000);
    for (const v of variants) v.rssIdle = v.service!.rssMb();
    for (const v of variants) {
      const started = Date.now();
      const exited = new Promise<number | null>((r) => v.service!.child.once('exit', (code) => r(code)));
      v.service!.child.kill('SIGTERM');
      v.exitCode = await exited;
      v.shutdownMs = Date.now() - started;
    }
    const fmt = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(0));
    say('');
    say(
      `| embedded, POST /core-api/accounts, ${config.connections} connections | writes | req/s | p50 (ms) | p99 (ms) | CPU ms/req | RSS after start (MB) | RSS peak under writes (MB) | RSS after 10 s idle (MB) | SIGTERM to exit (ms, status) |`,
    );
    say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const v of variants) {
      const r = combine(v.runs);
      say(
        `| ${v.name} | ${r.requests} | ${fmt(r.reqPerSec)}${r.non2xx + r.errors ? ` (${r.non2xx + r.errors} failed)` : ''} | ${r.p50} | ${r.p99} | ${r.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${fmt(v.rssStart)} | ${fmt(r.rssMb)} | ${fmt(v.rssIdle)} | ${v.shutdownMs} (${v.exitCode}) |`,
      );
    }
    const [on, off] = variants.map((v) => combine(v.runs).reqPerSec);
    say(`write throughput with fsync: ${((on / off) * 100).toFixed(0)}% of without`);
  } finally {
    for (const v of variants) {
      if (v.service && v.service.child.exitCode === null) v.service.child.kill('SIGKILL');
      if (v.dataDir) rmSync(v.dataDir, { recursive: true, force: true });
    }
  }
}

void main().catch((e: Error) => {
  say(e.stack ?? e.message);
  process.exit(1);
});
