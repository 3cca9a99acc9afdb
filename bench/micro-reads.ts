import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { ProductEntity } from '../src/catalog/products/product.entity';
import { dataSourceOptions } from '../src/app.database-options';
import { ClientLoginEntity } from '../src/identity/client-logins/client-login.entity';
import { WorkspaceEntity } from '../src/identity/workspaces/workspace.entity';
import { ActivityObservers } from '../src/platform/activity/activity-recorder';
import { Db } from '../src/platform/database/db';
import { RequestContext } from '../src/platform/tenancy/request-context';
import { paginate } from '../src/platform/http/paginate';
import { say } from './lib/config';

/**
 * The two hot reads of the platform without HTTP around them: `repo.get(id)` and `paginate()`
 * (pages of 20), one call after the other through the same Db the services use, against a
 * PostgreSQL server. Prints, per case, the median over rounds of wall-clock µs per call and of
 * this process's CPU µs per call (user + system: TypeORM's share of a request's work).
 *
 *   npx tsc -p tsconfig.build.json --outDir /tmp/lean-dist
 *   ln -sfn "$PWD/node_modules" /tmp/lean-dist/node_modules   # outside the repo, to resolve packages
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/trade_lean node /tmp/lean-dist/bench/micro-reads.js
 *
 * Env: DATABASE_URL (a migrated database; the script adds a workspace of its own and leaves it),
 * GETS (20000), PAGES (2000), ROUNDS (5), ONLY (comma-separated case names).
 */
const int = (name: string, fallback: number) => Number(process.env[name] || fallback);
const gets = int('GETS', 20_000);
const pages = int('PAGES', 2_000);
const rounds = int('ROUNDS', 5);
const only = (process.env.ONLY ?? '').split(',').filter(Boolean);

interface Case {
  name: string;
  calls: number;
  run: (i: number) => Promise<unknown>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function measure(c: Case): Promise<{ wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < c.calls; i++) await c.run(i);
  const wall = ((performance.now() - t0) * 1000) / c.calls;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / c.calls };
}

async function seed(ds: DataSource): Promise<{ ctx: RequestContext; logins: string[]; products: string[] }> {
  const workspaceId = randomUUID();
  await ds.manager.insert(WorkspaceEntity, { id: workspaceId, name: 'micro-reads', defaultCurrency: 'EUR' });
  const ctx = RequestContext.system(workspaceId);
  const db = new Db(ds, new ActivityObservers());
  const logins = await db.repo(ctx, ClientLoginEntity).insertMany(
    Array.from({ length: 200 }, (_, i) => ({
      username: `client-${i}`,
      email: `client-${i}@example.test`,
      displayName: i % 2 ? `Client ${i}` : null,
      lastLoginAt: i % 3 ? new Date(Date.UTC(2024, 0, 1 + (i % 28))) : null,
      passwordHash: 'x',
    })),
  );
  const products = await db.repo(ctx, ProductEntity).insertMany(
    Array.from({ length: 200 }, (_, i) => ({
      name: `Product ${i}`,
      slug: `product-${i}`,
      sku: `SKU-${i}`,
      introducedAt: i % 2 ? '2024-02-29' : null,
      displayOrder: i,
      tags: ['a', `t${i % 5}`],
      salesPrice: i % 2 ? '12.3400' : null,
    })),
  );
  return { ctx, logins: logins.map((l) => l.id), products: products.map((p) => p.id) };
}

async function main(): Promise<void> {
  const ds = await new DataSource(dataSourceOptions({ databaseUrl: process.env.DATABASE_URL })).initialize();
  const { ctx, logins, products } = await seed(ds);
  const db = new Db(ds, new ActivityObservers());
  const cases: Case[] = (
    [
      {
        name: 'get ClientLogin',
        calls: gets,
        run: (i) => db.repo(ctx, ClientLoginEntity).get(logins[i % logins.length]),
      },
      {
        name: 'get Product',
        calls: gets,
        run: (i) => db.repo(ctx, ProductEntity).get(products[i % products.length]),
      },
      {
        name: 'page ClientLogin',
        calls: pages,
        run: (i) =>
          paginate(
            db.repo(ctx, ClientLoginEntity).qb('c'),
            { take: 20, skip: (i % 10) * 20, sortBy: 'Email', sortOrder: 'Asc' },
            { sort: { Email: 'lower(c.email)' }, search: ['c.username', 'c.email'] },
          ),
      },
      {
        name: 'page Product',
        calls: pages,
        run: (i) =>
          paginate(
            db.repo(ctx, ProductEntity).qb('p').andWhere('p.active = :active', { active: true }),
            { take: 20, skip: (i % 10) * 20, sortBy: 'Name', sortOrder: 'Asc' },
            { sort: { Name: 'p.name' } },
          ),
      },
    ] satisfies Case[]
  ).filter((c) => only.length === 0 || only.some((o) => c.name.toLowerCase().includes(o.toLowerCase())));

  const results = new Map<string, Array<{ wall: number; cpu: number }>>();
  for (const c of cases) await measure({ ...c, calls: Math.min(c.calls, 2000) }); // warm-up (JIT, pool, plans)
  for (let r = 0; r < rounds; r++)
    for (const c of cases) {
      const m = await measure(c);
      results.set(c.name, [...(results.get(c.name) ?? []), m]);
      process.stderr.write(
        `round ${r + 1} ${c.name}: ${m.wall.toFixed(1)} µs wall, ${m.cpu.toFixed(1)} µs CPU\n`,
      );
    }
  say(`case                 calls   wall µs/call (median)   CPU µs/call (median)   [${rounds} rounds]`);
  for (const c of cases) {
    const ms = results.get(c.name)!;
    const wall = median(ms.map((m) => m.wall)).toFixed(1);
    const cpu = median(ms.map((m) => m.cpu)).toFixed(1);
    say(`${c.name.padEnd(20)} ${String(c.calls).padStart(6)}   ${wall.padStart(20)}   ${cpu.padStart(20)}`);
  }
  await ds.destroy();
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
