import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { Api } from './lib/api';
import { type BenchConfig, benchConfig, serviceEnv, say as print } from './lib/config';
import { type LoadResult, runLoad } from './lib/load';
import { freePort, ServerProcess } from './lib/processes';

/**
 * `npm run bench:imports`, and the last section of `npm run bench` (docs/imports.md, "Measured"): a products import of BENCH_IMPORT_ROWS
 * rows (100,000: sku, name, a category path of two levels created by the job, a sales price, an
 * English title) through the built service on a fresh PostgreSQL database: the dry run, the
 * apply, the same file applied again (every row unchanged), the export of the products as CSV.
 * Rows per second from the job's own startedAt/finishedAt (the worker's time, not the upload's),
 * the service process's peak RSS while each runs (sampled every 100 ms), and the p50/p99 of a list
 * of another workspace's products (one connection) idle and while the apply runs.
 * Knobs: BENCH_DATABASE_URL (its name + `_imports` is recreated), BENCH_IMPORT_ROWS, BENCH_DURATION
 * (seconds of the idle bystander reads), BENCH_IMPORT_NODE_ARGS (the service's node options),
 * BENCH_IMPORT_WORKER=process (the jobs run in a worker process, `dist/src/worker.js`, as deployed
 * beside API instances with IMPORTS_WORKER=false; CPU and RSS are then the worker's);
 * IMPORT_BATCH_ROWS is passed on to the service.
 */
const rows = Number(process.env.BENCH_IMPORT_ROWS || 100_000);

interface Job {
  id: string;
  status: string;
  rowsTotal: number | null;
  rowsProcessed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errorCount: number;
  failure: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

async function writeFile(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('sku,name,categories,salesPrice,title:en\r\n');
  for (let i = 0; i < rows; i++) {
    const line = `BENCH-${String(i).padStart(7, '0')},Bench product ${i},Cat ${i % 20} > Sub ${i % 400},${(10 + (i % 990) / 10).toFixed(2)},Bench product ${i} in English\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs the import bench on its own database and service; returns its section of the report. */
export async function importBench(config: BenchConfig): Promise<string> {
  const lines: string[] = [];
  const say = (line = '') => lines.push(line);
  const url = new URL(config.databaseUrl);
  url.pathname = `${url.pathname}_imports`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const pg = new Client({ connectionString: admin.toString() });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS ${url.pathname.slice(1)} WITH (FORCE)`);
  await pg.query(`CREATE DATABASE ${url.pathname.slice(1)}`);
  await pg.end();

  const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-imports-'));
  const file = join(dataDir, 'products.csv');
  await writeFile(file);
  const separateWorker = process.env.BENCH_IMPORT_WORKER === 'process';
  const env: Record<string, string> = {
    ...serviceEnv(config, url.toString(), dataDir),
    IMPORTS_POLL_INTERVAL_MS: '200',
  };
  if (process.env.IMPORT_BATCH_ROWS) env.IMPORT_BATCH_ROWS = process.env.IMPORT_BATCH_ROWS;
  // e.g. BENCH_IMPORT_NODE_ARGS=--max-old-space-size=160: how much of the RSS is garbage not yet collected
  const nodeArgs = (process.env.BENCH_IMPORT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const api0 = ServerProcess.start(
    'full stack',
    resolve(__dirname, '../src/main.js'),
    await freePort(),
    separateWorker ? { ...env, IMPORTS_WORKER: 'false' } : env,
    nodeArgs,
  );
  let worker: ServerProcess | null = null;
  // The process that runs the jobs: its CPU and RSS are measured.
  let service = api0;
  try {
    await api0.waitReady('/health/ready');
    if (separateWorker) {
      // It serves no HTTP; PORT only has to be valid.
      worker = ServerProcess.start(
        'worker',
        resolve(__dirname, '../src/worker.js'),
        api0.port,
        env,
        nodeArgs,
      );
      for (let waited = 0; !worker.tail.includes('worker started'); waited += 100) {
        if (waited > 60_000) throw new Error(`the worker process did not start:\n${worker.tail}`);
        await sleep(100);
      }
      service = worker;
    }
    const anonymous = new Api(api0.url);
    const login = await anonymous.ok<{ accessToken: string; workspaceId: string }>(
      'POST',
      '/core-api/auth/login',
      { username: 'admin', password: config.adminPassword },
    );
    const api = anonymous.withToken(login.accessToken);
    // A second workspace of the same admin, with products of its own: its reads are the bystander's.
    const other = await api.ok<{ id: string }>('POST', '/core-api/workspaces', { name: 'Bystander' });
    const otherLogin = await anonymous.ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
      username: 'admin',
      password: config.adminPassword,
      workspaceId: other.id,
    });
    const bystander = anonymous.withToken(otherLogin.accessToken);
    for (let i = 0; i < 200; i++)
      await bystander.ok('POST', '/core-api/catalog/products', { name: `Bystander ${i}`, sku: `BY-${i}` });
    const reads = {
      name: 'POST /core-api/catalog/products/list (another workspace)',
      next: () => ({ method: 'POST' as const, path: '/core-api/catalog/products/list', body: { take: 20 } }),
    };
    const idle = await runLoad(api0, reads, bystander.bearer, config.duration, 1);

    const body = readFileSync(file);
    const run = async (mode: 'dryRun' | 'apply', during?: () => Promise<LoadResult>) => {
      const form = new FormData();
      form.append('kind', 'products');
      form.append('mode', mode);
      form.append('createMissingCategories', 'true');
      form.append('file', new Blob([body], { type: 'text/csv' }), 'products.csv');
      const res = await fetch(`${api0.url}/core-api/imports`, {
        method: 'POST',
        headers: { authorization: api.bearer },
        body: form,
      });
      const queued = (await res.json()) as Job;
      if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(queued)}`);
      const peakRss = service.sampleRss(100);
      const cpuBefore = service.cpuMs() ?? 0;
      const load = during?.();
      let job = queued;
      while (!['Succeeded', 'Failed', 'Canceled'].includes(job.status)) {
        await sleep(200);
        job = await api.ok<Job>('GET', `/core-api/imports/${queued.id}`);
      }
      const rss = peakRss();
      const cpuSeconds = ((service.cpuMs() ?? 0) - cpuBefore) / 1000;
      if (job.status !== 'Succeeded' || job.errorCount)
        throw new Error(`the ${mode} job ended ${job.status}: ${JSON.stringify(job).slice(0, 800)}`);
      const seconds = (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000;
      return { job, seconds, rss, cpuSeconds, load: await load };
    };
    const rssBefore = service.rssMb();
    const dry = await run('dryRun');
    const apply = await run('apply', () => runLoad(api0, reads, bystander.bearer, config.duration, 1));
    const again = await run('apply');

    const exportRss = api0.sampleRss(100);
    const started = Date.now();
    const res = await fetch(`${api0.url}/core-api/exports/products?format=csv`, {
      headers: { authorization: api.bearer },
    });
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      for (const b of chunk) if (b === 10) lines++;
    const exportSeconds = (Date.now() - started) / 1000;
    const exportPeak = exportRss();

    say('## Bulk import (npm run bench:imports, docs/imports.md)');
    say('');
    say(
      `products import of ${rows.toLocaleString('en')} rows${separateWorker ? ' (jobs in a worker process: its CPU and RSS)' : ''}, PostgreSQL server ${url.host}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, service RSS ${rssBefore?.toFixed(0)} MB before`,
    );
    say('| step | rows | seconds | rows/s | service CPU (s) | peak RSS (MB) |');
    say('|---|---:|---:|---:|---:|---:|');
    for (const [name, r] of [
      ['dry run', dry],
      ['apply (creates)', apply],
      ['apply again (unchanged)', again],
    ] as const)
      say(
        `| ${name} | ${r.job.rowsProcessed} | ${r.seconds.toFixed(1)} | ${(r.job.rowsProcessed / r.seconds).toFixed(0)} | ${r.cpuSeconds.toFixed(1)} | ${r.rss?.toFixed(0)} |`,
      );
    say(
      `| export (CSV) | ${lines - 1} | ${exportSeconds.toFixed(1)} | ${((lines - 1) / exportSeconds).toFixed(0)} | – | ${exportPeak?.toFixed(0)} |`,
    );
    say(
      `counts: dry run ${dry.job.created} create; apply ${apply.job.created} created; again ${again.job.unchanged} unchanged, ${again.job.updated} updated`,
    );
    say(
      `another workspace's product list, one connection: idle p50 ${idle.p50} ms, p99 ${idle.p99} ms; during the apply p50 ${apply.load?.p50} ms, p99 ${apply.load?.p99} ms`,
    );
  } finally {
    await worker?.stop();
    await api0.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

if (require.main === module)
  importBench(benchConfig())
    .then((section) => print(section))
    .catch((e: unknown) => {
      print(e instanceof Error ? (e.stack ?? e.message) : String(e));
      process.exit(1);
    });
