import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { Api } from './lib/api';
import { benchConfig, say, serviceEnv } from './lib/config';
import { combine, LoadResult, runLoad } from './lib/load';
import { freePort, ServerProcess } from './lib/processes';
import { nowUs, summariseProfile, Window } from './lib/profile';
import type { Scenario } from './scenarios/types';

/**
 * `node dist/bench/webhooks.js`: what subscribed webhooks cost a write, and the memory of the
 * full export. The built service on a fresh PostgreSQL database; POST /core-api/accounts under
 * load with the workspace's 5 webhooks (subscribed to AccountCreated, a local receiver answering
 * 200) inactive, then active, in alternating rounds (off, on, on, off, …); then the NDJSON export
 * of the workspace that the writes filled (accounts, activities, deliveries), with the peak RSS.
 * Knobs: BENCH_DATABASE_URL (its name + `_webhooks` is recreated, or BENCH_WEBHOOKS_DATABASE names
 * it), BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ROUNDS (pairs), BENCH_PROFILE=1 (CPU profiles of the
 * measured rounds with webhooks), and BENCH_WEBHOOKS_WORKER:
 * - `true` (default): the worker runs in the API process;
 * - `separate`: the API process with WEBHOOKS_WORKER=false plus a worker-only process
 *   (dist/src/worker.js) on the same database — the scale-out configuration;
 * - `false`: the API process only writes the outbox and nothing sends during the run.
 */
async function main(): Promise<void> {
  const config = benchConfig();
  const mode = process.env.BENCH_WEBHOOKS_WORKER ?? 'true';
  if (!['true', 'false', 'separate'].includes(mode))
    throw new Error(`BENCH_WEBHOOKS_WORKER must be true, false or separate, got "${mode}"`);
  const worker = mode !== 'false';
  const url = new URL(config.databaseUrl);
  url.pathname = process.env.BENCH_WEBHOOKS_DATABASE
    ? `/${process.env.BENCH_WEBHOOKS_DATABASE}`
    : `${url.pathname}_webhooks`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const pg = new Client({ connectionString: admin.toString() });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS ${url.pathname.slice(1)} WITH (FORCE)`);
  await pg.query(`CREATE DATABASE ${url.pathname.slice(1)}`);
  await pg.end();

  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const dataDir = mkdtempSync(join(tmpdir(), 'trade-bench-webhooks-'));
  const profileDir = join(dataDir, 'profiles');
  const nodeArgs = config.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const env = { ...serviceEnv(config, url.toString(), dataDir), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' };
  const service = ServerProcess.start(
    'full stack',
    resolve(__dirname, '../src/main.js'),
    await freePort(),
    { ...env, WEBHOOKS_WORKER: mode === 'true' ? 'true' : 'false' },
    nodeArgs,
  );
  let workerProcess: ServerProcess | undefined;
  const windows: Window[] = [];
  try {
    await service.waitReady('/health/ready');
    if (mode === 'separate') {
      workerProcess = ServerProcess.start(
        'worker',
        resolve(__dirname, '../src/worker.js'),
        await freePort(),
        env,
        nodeArgs,
      );
      await new Promise((r) => setTimeout(r, 3000));
      if (workerProcess.child.exitCode !== null) throw new Error(`worker exited:\n${workerProcess.tail}`);
    }
    const login = await new Api(service.url).ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
      username: 'admin',
      password: config.adminPassword,
    });
    const api = new Api(service.url).withToken(login.accessToken);
    const hooks: string[] = [];
    for (let i = 0; i < 5; i++)
      hooks.push(
        (
          await api.ok<{ id: string }>('POST', '/core-api/webhooks', {
            url: `${receiverUrl}${i}`,
            topics: ['AccountCreated'],
            active: false,
          })
        ).id,
      );
    const setActive = async (active: boolean) => {
      for (const [i, id] of hooks.entries())
        await api.ok('PUT', `/core-api/webhooks/${id}`, {
          url: `${receiverUrl}${i}`,
          topics: ['AccountCreated'],
          active,
        });
    };
    let n = 0;
    const writes: Scenario = {
      name: 'POST /core-api/accounts',
      next: () => ({ method: 'POST', path: '/core-api/accounts', body: { displayName: `Bench ${n++}` } }),
    };
    const runs: Record<'off' | 'on', LoadResult[]> = { off: [], on: [] };
    const workerCpu = { off: 0, on: 0 };
    await runLoad(service, writes, api.bearer, config.warmup, config.connections);
    for (let round = 0; round < config.rounds * 2; round++) {
      const hooksOn = round % 4 === 0 || round % 4 === 3 ? 'off' : 'on';
      await setActive(hooksOn === 'on');
      const cpuBefore = workerProcess?.cpuMs() ?? 0;
      const startUs = nowUs();
      runs[hooksOn].push(await runLoad(service, writes, api.bearer, config.duration, config.connections));
      if (hooksOn === 'on') windows.push([startUs, nowUs()]);
      workerCpu[hooksOn] += (workerProcess?.cpuMs() ?? 0) - cpuBefore;
      say(`round ${round + 1}: webhooks ${hooksOn}: ${runs[hooksOn].at(-1)!.reqPerSec.toFixed(0)} req/s`);
    }
    const off = combine(runs.off);
    const on = combine(runs.on);
    say('');
    say(`worker: ${{ true: 'in the API process', separate: 'a worker-only process', false: 'none' }[mode]}`);
    say(
      '| POST /core-api/accounts | req/s | p50 (ms) | p99 (ms) | API CPU ms/req | worker CPU ms/req | RSS (MB) |',
    );
    say('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, r, key] of [
      ['no active webhook', off, 'off'],
      ['5 webhooks subscribed', on, 'on'],
    ] as const)
      say(
        `| ${name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${workerProcess ? (workerCpu[key] / r.requests).toFixed(2) : '–'} | ${r.rssMb?.toFixed(0) ?? '–'} |`,
      );
    say(`write throughput with 5 webhooks: ${((on.reqPerSec / off.reqPerSec) * 100).toFixed(1)}% of without`);

    // Let the worker catch up (deliveries of inactive webhooks wait), then export what the writes made.
    await setActive(true);
    const drainStarted = Date.now();
    const deadline = Date.now() + 300_000;
    let pending = Infinity;
    while (worker && pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      pending = 0;
      for (const id of hooks)
        pending += (
          await api.ok<{ total: number }>(
            'GET',
            `/core-api/webhooks/${id}/deliveries?statuses=Pending&Take=0`,
          )
        ).total;
    }
    say(
      `deliveries received: ${received} (pending after the run: ${pending}; drained in ${((Date.now() - drainStarted) / 1000).toFixed(0)} s)`,
    );
    const before = service.rssMb();
    const stop = service.sampleRss(50);
    const started = Date.now();
    const res = await fetch(`${service.url}/core-api/analytics/export`, {
      headers: { authorization: api.bearer },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const peak = stop();
    say(
      `export: ${lines} lines, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${before?.toFixed(0)} MB before, peak ${peak?.toFixed(0)} MB`,
    );
  } finally {
    await service.stop();
    await workerProcess?.stop();
    receiver.close();
    if (config.profile && existsSync(profileDir))
      // node names its profile CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile
      for (const file of readdirSync(profileDir)) {
        const pid = Number(file.split('.')[3]);
        say('');
        say(
          `## CPU profile of the ${pid === workerProcess?.pid ? 'worker' : 'API'} process, rounds with webhooks`,
        );
        say(summariseProfile(join(profileDir, file), windows));
      }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((e: Error) => {
  say(e.stack ?? e.message);
  process.exit(1);
});
