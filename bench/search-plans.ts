import { performance } from 'node:perf_hooks';
import { DataSource, type Logger } from 'typeorm';
import { dataSourceOptions } from '../src/app.database-options';
import {
  ProductCorrectionCache,
  ProductFacetsService,
  ProductListService,
  ProductReads,
} from '../src/catalog/catalog.api';
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
 * query, `category` for the category page and its facets) runs only those lists. Products are
 * generated in SQL (names `<colour> <noun> <n>`, an English and, for every second product, a Dutch
 * display content; 50 categories of 2,000 products as in `npm run bench`), then each list is run
 * through ProductListService as the storefront runs it (active products, commerce view):
 * its statements are captured and run again under EXPLAIN (ANALYZE, BUFFERS), and each list is
 * timed BENCH_RUNS times (default 100; p50, p99 of the whole list call, all its statements).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_search node dist/bench/search-plans.js
 *   npm run build && BENCH_QUERIES=chiar node dist/bench/search-plans.js      # embedded
 *
 * BENCH_REUSE=1 keeps a database seeded by an earlier run (DATABASE_URL only).
 */
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 100);
const url = process.env.DATABASE_URL;
const only = process.env.BENCH_QUERIES?.split(',').map((q) => (q === '-' ? undefined : q));
const reuse = !!url && process.env.BENCH_REUSE === '1';
const categoryCount = 50;

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
  await ds.query(
    `INSERT INTO product_categories (id, workspace_id, name, slug)
     SELECT ('5e000000-0000-4000-8001-' || lpad(c::text, 12, '0'))::uuid, $1, 'Category ' || c, 'category-' || c
       FROM generate_series(0, $2::int - 1) c`,
    [workspaceId, categoryCount],
  );
  // Blocks of ten consecutive products per category, as the bench seeds them.
  await ds.query(
    `INSERT INTO product_category_links (id, workspace_id, product_id, category_id)
     SELECT gen_random_uuid(), p.workspace_id, p.id,
            ('5e000000-0000-4000-8001-' || lpad(((split_part(p.name, ' ', 3)::int / 10) % $2)::text, 12, '0'))::uuid
       FROM products p WHERE p.workspace_id = $1`,
    [workspaceId, categoryCount],
  );
  await ds.query('VACUUM ANALYZE');
}

/** Runs `run` once capturing its statements, then BENCH_RUNS times; prints p50/p99 and each statement's plan. */
async function measure(
  ds: DataSource,
  capture: Capture,
  heading: (statements: number, p50: string, p99: string) => string,
  run: () => Promise<unknown>,
): Promise<void> {
  capture.statements.length = 0;
  capture.capturing = true;
  await run();
  capture.capturing = false;
  const statements = [...capture.statements];
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  say(heading(statements.length, percentile(times, 0.5).toFixed(1), percentile(times, 0.99).toFixed(1)));
  for (const { sql, parameters } of statements) {
    const plan: Array<{ 'QUERY PLAN': string }> = await ds.query(
      `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
      parameters,
    );
    say('```\n' + plan.map((row) => row['QUERY PLAN']).join('\n') + '\n```');
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function main() {
  if (url && !reuse) await recreateDatabase(url);
  const capture = new Capture();
  const target = url ? { databaseUrl: url, poolSize: 2 } : { pglite: await startEmbeddedPostgres() };
  const ds = new DataSource({
    ...dataSourceOptions(target),
    logging: ['query'],
    logger: capture,
  });
  await ds.initialize();
  await ds.runMigrations();
  if (!reuse) {
    const seeded = performance.now();
    await seed(ds);
    say(`seeded ${productCount} products in ${Math.round(performance.now() - seeded)} ms\n`);
  }
  const db = new Db(ds, new ActivityObservers());
  // The corrections' cache is never started here (not live: it keeps nothing), so every fuzzy
  // search is measured with its three statements, as on its first sight.
  const lists = new ProductListService(db, new ProductReads(db), new ProductCorrectionCache(ds, null));
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
      let page: { total: number; didYouMean?: unknown } = { total: 0 };
      const run = async () => {
        page = await lists.list(ctx, body, { visibility: { activeOnly: true }, view: 'commerce' });
      };
      await measure(
        ds,
        capture,
        (statements, p50, p99) =>
          `### ${label}${query ? ` (\`${query}\`)` : ''}, sortBy ${sortBy} ${sortOrder}: total ${page.total}, ` +
          `didYouMean ${JSON.stringify(page.didYouMean ?? null)}, ` +
          `${statements} statement(s), p50 ${p50} ms, p99 ${p99} ms`,
        run,
      );
    }
  }
  if (!only || only.includes('category')) {
    const category = '5e000000-0000-4000-8001-000000000007';
    const body = {
      categoryIds: [category],
      sortBy: 'DisplayOrder' as never,
      sortOrder: 'Asc' as const,
      take: 20,
      skip: 0,
    };
    let total = 0;
    await measure(
      ds,
      capture,
      (statements, p50, p99) =>
        `### a category page of 20 (2,000 products), sortBy DisplayOrder: total ${total}, ${statements} statement(s), p50 ${p50} ms, p99 ${p99} ms`,
      async () => {
        total = (await lists.list(ctx, body, { visibility: { activeOnly: true }, view: 'commerce' })).total;
      },
    );
    const facets = new ProductFacetsService(new ProductReads(db), lists);
    await measure(
      ds,
      capture,
      (statements, p50, p99) =>
        `### the facets of that category (a 10 % discount): ${statements} statement(s), p50 ${p50} ms, p99 ${p99} ms`,
      () => facets.facets(ctx, category, {}, { activeOnly: true }, false, { discountPercentage: 10 }),
    );
  }
  await ds.destroy();
}

void main().catch((error) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
