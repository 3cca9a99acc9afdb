import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../src/app.setup';
import { loadEnv } from '../src/config/env';
import { say } from './lib/config';

/**
 * What a 304 saves and what compression costs (docs/api-conventions.md §4): the service built
 * in-process on a PostgreSQL server database, requests through Fastify's inject (no sockets, so
 * the figures are the service's own CPU), each case run in rounds and the median kept.
 *
 *   npx tsc -p tsconfig.build.json --outDir /tmp/http-dist
 *   ln -sfn "$PWD/node_modules" /tmp/http-dist/node_modules
 *   psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE IF EXISTS bench_http' -c 'CREATE DATABASE bench_http'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_http node /tmp/http-dist/bench/http-caching.js
 *
 * Env: DATABASE_URL (an empty database: migrated and seeded here), CALLS (1000), ROUNDS (5).
 */
const calls = Number(process.env.CALLS || 1000);
const rounds = Number(process.env.ROUNDS || 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU µs (user + system) and wall µs per call, median over the rounds. */
async function measure(
  run: () => Promise<unknown> | unknown,
  n = calls,
): Promise<{ cpu: number; wall: number }> {
  const cpus: number[] = [];
  const walls: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await run();
    walls.push(((performance.now() - t0) * 1000) / n);
    const used = process.cpuUsage(cpu0);
    cpus.push((used.user + used.system) / n);
  }
  return { cpu: median(cpus), wall: median(walls) };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'http-caching-'));
  const env = loadEnv({
    NODE_ENV: 'development', // not test: the bootstrap admin is created
    DATABASE_URL: process.env.DATABASE_URL,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    STORAGE_DIR: join(dataDir, 'files'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    BOOTSTRAP_ADMIN_EMAIL: 'bench@example.test',
    BOOTSTRAP_ADMIN_PASSWORD: 'bench-password',
    WEBHOOKS_WORKER: 'false',
  });
  const app = (await createApp(env)) as NestFastifyApplication;
  const fastify = app.getHttpAdapter().getInstance();
  const login = await fastify.inject({
    method: 'POST',
    url: '/core-api/auth/login',
    payload: { username: 'admin', password: 'bench-password' },
  });
  const authorization = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    fastify.inject({ method: 'GET', url, headers: { authorization, ...headers } });

  const ids: string[] = [];
  for (let i = 0; i < 100; i++) {
    const made = await fastify.inject({
      method: 'POST',
      url: '/core-api/catalog/products',
      headers: { authorization },
      payload: {
        name: `Bench product ${i} with a name of a realistic length`,
        sku: `BENCH-${i}`,
        description: 'A plain description of a product, two sentences long. '.repeat(4),
        salesPrice: 10 + i,
        tags: ['bench', `group-${i % 7}`],
      },
    });
    if (made.statusCode !== 200) throw new Error(`product: ${made.statusCode} ${made.body}`);
    ids.push(made.json<{ id: string }>().id);
  }
  for (let i = 0; i < 100; i++) {
    const made = await fastify.inject({
      method: 'POST',
      url: '/core-api/accounts',
      headers: { authorization },
      payload: {
        displayName: `Bench account ${i} B.V.`,
        description: 'A customer of long standing with a description of some length. '.repeat(2),
        tags: ['bench', `region-${i % 5}`],
        industries: ['Retail'],
      },
    });
    if (made.statusCode !== 200) throw new Error(`account: ${made.statusCode} ${made.body}`);
  }
  const list = await fastify.inject({
    method: 'POST',
    url: '/core-api/catalog/products/list',
    headers: { authorization },
    payload: { take: 100 },
  });
  const page = list.body;
  const out: string[] = [];
  const row = (name: string, m: { cpu: number; wall: number }, extra = '') =>
    out.push(`| ${name} | ${m.cpu.toFixed(0)} | ${m.wall.toFixed(0)} | ${extra} |`);
  out.push(`A page of 100 products: ${(page.length / 1024).toFixed(0)} KB of JSON.`, '');
  out.push('| case | CPU µs / call | wall µs / call | bytes |', '|---|---|---|---|');

  row(
    'fingerprint (SHA-1) of the page',
    await measure(() => createHash('sha1').update(page).digest('base64url')),
    String(page.length),
  );
  for (const level of [1, 4, 6]) {
    const size = gzipSync(page, { level }).length;
    row(`gzip level ${level}`, await measure(() => gzipSync(page, { level }), 100), String(size));
  }
  row(
    'deflate level 6',
    await measure(() => deflateSync(page, { level: 6 }), 100),
    String(deflateSync(page).length),
  );
  for (const quality of [1, 4, 5, 11]) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: quality };
    const size = brotliCompressSync(page, { params }).length;
    row(
      `brotli quality ${quality}`,
      await measure(() => brotliCompressSync(page, { params }), quality === 11 ? 5 : 100),
      String(size),
    );
  }

  const product = `/core-api/catalog/products/${ids[0]}`;
  const tag = (await get(product)).headers.etag as string;
  row('GET a product: 200', await measure(() => get(product)));
  row('GET a product: 304 (If-None-Match)', await measure(() => get(product, { 'if-none-match': tag })));
  const accounts = '/core-api/accounts?Take=100';
  const first = await get(accounts);
  const accountsTag = first.headers.etag as string;
  out.push('', `GET /core-api/accounts?Take=100: ${(first.body.length / 1024).toFixed(0)} KB.`, '');
  row('GET 100 accounts: 200', await measure(() => get(accounts), 200));
  row(
    'GET 100 accounts: 304 (If-None-Match)',
    await measure(() => get(accounts, { 'if-none-match': accountsTag }), 200),
  );
  row('GET 100 accounts: 200, gzip', await measure(() => get(accounts, { 'accept-encoding': 'gzip' }), 200));
  row('GET 100 accounts: 200, br', await measure(() => get(accounts, { 'accept-encoding': 'br' }), 200));
  for (const line of out) say(line);
  await app.close();
}

void main().catch((e) => {
  say(String((e as Error).stack ?? e));
  process.exit(1);
});
