import { performance } from 'node:perf_hooks';
import { DataSource, type Logger } from 'typeorm';
import { dataSourceOptions } from '../src/app.database-options';
import { ProductListService, ProductReads } from '../src/catalog/catalog.api';
import { ActivityObservers } from '../src/platform/activity/activity-recorder';
import { Db } from '../src/platform/database/db';
import { startEmbeddedPostgres } from '../src/platform/database/embedded-postgres';
import { RequestContext } from '../src/platform/tenancy/request-context';
import { say } from './lib/config';
import { recreateDatabase } from './lib/setup';

/**
 * The plans of the storefront's product list at BENCH_PRODUCTS products (default 100,000), every
 * sort with and without a query, on a PostgreSQL server (DATABASE_URL, recreated) or, without
 * DATABASE_URL, on the embedded database (in memory). BENCH_QUERIES (comma-separated, `-` for no
 * query) runs only those lists. Products are generated in SQL (names `<colour> <noun> <n>`,
 * an English and, for every second product, a Dutch display content), then each list is run
 * through ProductListService as the storefront runs it (active products, commerce view):
 * its statements are captured and run again under EXPLAIN (ANALYZE, BUFFERS), and each list is
 * timed BENCH_RUNS times (default 100; p50, p99 of the whole list call, all its statements).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_search node dist/bench/search-plans.js
 *   npm run build && BENCH_QUERIES=chiar node dist/bench/search-plans.js      # embedded
 */
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 100);
const url = process.env.DATABASE_URL;
const only = process.env.BENCH_QUERIES?.split(',').map((q) => (q === '-' ? undefined : q));

const workspaceId = '5e000000-0000-4000-8000-000000000001';
const colours = ['red', 'blue', 'green', 'black', 'white', 'oak', 'walnut', 'grey', 'yellow', 'pink'];
const nouns = ['chair', 'table', 'lamp', 'shelf', 'desk', 'sofa', 'stool', 'bench', 'cabinet', 'mirror'];
const dutch = ['stoel', 'tafel', 'lamp', 'plank', 'bureau', 'bank', 'kruk', 'zitbank', 'kast', 'spiegel'];

/** Statements the data source runs while `capturing` is on. */
class Capture implements Logger {
  capturing = false;
  readonly statements: Array<{ sql: string; parameters: unknown[] }> = [];
  logQuery(sql: string, parameters?: unknown[]) {
    if (this.capturing) this.statements.push({ sql, parameters: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

async function seed(ds: DataSource): Promise<void> {
  await ds.query(`INSERT INTO workspaces (id, name) VALUES ($1, 'Search bench')`, [workspaceId]);
  await ds.query(
    `INSERT INTO supported_languages (workspace_id, language_code) VALUES ($1, 'en'), ($1, 'nl')`,
    [workspaceId],
  );
  await ds.query(
    `INSERT INTO products (id, workspace_id, name, slug, sku, sales_price, display_order, created_at, active)
     SELECT gen_random_uuid(), $1,
            initcap((${sqlArray(colours)})[1 + (n / 10) % 10]) || ' ' || (${sqlArray(nouns)})[1 + n % 10] || ' ' || n,
            'p-' || n, 'SKU-' || lpad(n::text, 6, '0'),
            CASE WHEN n % 20 = 0 THEN NULL ELSE round((10 + (n::bigint * 7919) % 990)::numeric, 2) END,
            (n::bigint * 104729) % 1000, now() - make_interval(mins => n), n % 47 <> 0
       FROM generate_series(1, $2::int) n`,
    [workspaceId, productCount],
  );
  await ds.query(
    `INSERT INTO product_display_contents (id, workspace_id, product_id, language, title, description)
     SELECT gen_random_uuid(), p.workspace_id, p.id, 'en', p.name,
            'A sturdy ' || split_part(p.name, ' ', 2) || ' for every home, in ' || split_part(p.name, ' ', 1)
       FROM products p WHERE p.workspace_id = $1`,
    [workspaceId],
  );
  await ds.query(
    `INSERT INTO product_display_contents (id, workspace_id, product_id, language, title, description)
     SELECT gen_random_uuid(), p.workspace_id, p.id, 'nl',
            (${sqlArray(dutch)})[1 + array_position(${sqlArray(nouns)}, split_part(p.name, ' ', 2)) - 1] || ' ' || split_part(p.name, ' ', 3),
            'Stevige ' || (${sqlArray(dutch)})[array_position(${sqlArray(nouns)}, split_part(p.name, ' ', 2))] || 'en voor elk huis'
       FROM products p WHERE p.workspace_id = $1 AND split_part(p.name, ' ', 3)::int % 2 = 0`,
    [workspaceId],
  );
  await ds.query('ANALYZE');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function main() {
  if (url) await recreateDatabase(url);
  const capture = new Capture();
  const target = url ? { databaseUrl: url, poolSize: 2 } : { pglite: await startEmbeddedPostgres() };
  const ds = new DataSource({
    ...dataSourceOptions(target),
    logging: ['query'],
    logger: capture,
  });
  await ds.initialize();
  await ds.runMigrations();
  const seeded = performance.now();
  await seed(ds);
  say(`seeded ${productCount} products in ${Math.round(performance.now() - seeded)} ms\n`);
  const db = new Db(ds, new ActivityObservers());
  const lists = new ProductListService(db, new ProductReads(db));
  const ctx = RequestContext.system(workspaceId);
  // As the DTO canonicalises them (`price` is SalesPrice; `newest` is CreatedAt, newest first when descending).
  const sorts: Array<[string, 'Asc' | 'Desc']> = [
    ['Relevance', 'Asc'],
    ['Name', 'Asc'],
    ['SalesPrice', 'Asc'],
    ['CreatedAt', 'Desc'],
    ['DisplayOrder', 'Asc'],
  ];
  const queries: Array<[string, string | undefined]> = [
    ['no query', undefined],
    ['a common word (10 %)', 'chair'],
    ['two words (1 %)', 'oak chair'],
    ['a Dutch plural, stemmed (10 %)', 'stoelen'],
    ['a typo, fuzzy fallback', 'chiar'],
    ['two typos, fuzzy fallback', 'walnt tabel'],
  ];
  for (const [label, query] of queries.filter(([, q]) => !only || only.includes(q))) {
    for (const [sortBy, sortOrder] of query ? sorts : sorts.filter(([s]) => s !== 'Relevance')) {
      const body = { query, sortBy: sortBy as never, sortOrder, take: 20, skip: 0 };
      const run = () => lists.list(ctx, body, { visibility: { activeOnly: true }, view: 'commerce' });
      capture.statements.length = 0;
      capture.capturing = true;
      const page = await run();
      capture.capturing = false;
      const statements = [...capture.statements];
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      say(
        `### ${label}${query ? ` (\`${query}\`)` : ''}, sortBy ${sortBy} ${sortOrder}: total ${page.total}, ` +
          `didYouMean ${JSON.stringify((page as { didYouMean?: unknown }).didYouMean ?? null)}, ` +
          `${statements.length} statement(s), p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`,
      );
      for (const { sql, parameters } of statements) {
        const plan: Array<{ 'QUERY PLAN': string }> = await ds.query(
          `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
          parameters,
        );
        say('```\n' + plan.map((row) => row['QUERY PLAN']).join('\n') + '\n```');
      }
    }
  }
  await ds.destroy();
}

void main().catch((error) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
