import type { OrderBench } from '../scenarios/sales-orders';
import type { LoadResult } from './load';
import type { QueryCount } from './query-count';

/**
 * The storefront table: the storefront as shops call it (the bench shopper, its account's
 * discount, one active atomic script), the service beside the bare server doing the same work,
 * each row with its target and whether this run met it.
 */

export interface MeasuredRow {
  scenario: string;
  server: 'full stack' | 'bare';
  result: LoadResult;
}

interface Target {
  scenario: string;
  caller: string;
  /** The service's share of the bare server's req/s, at least. */
  ratio?: number;
  /** The service's p99 below this many ms. */
  p99Under?: number;
  /** The service's p50 below this many ms. */
  p50Under?: number;
}

const rssLimitMb = 250;
const shopper = 'shopper (10 %)';
const scripted = `${shopper}, script active`;

const readTargets: Target[] = [
  { scenario: 'commerce product by id (shopper)', caller: scripted, ratio: 0.6 },
  { scenario: 'commerce product by slug (shopper)', caller: scripted, ratio: 0.6 },
  // A category page: its 20 products with content, stock and the shopper's prices, and its facets.
  {
    scenario: 'commerce products of a category, page of 20 (shopper)',
    caller: scripted,
    ratio: 0.6,
    p99Under: 100,
  },
  { scenario: 'commerce facets of a category (shopper)', caller: scripted, ratio: 0.6, p99Under: 100 },
  { scenario: 'commerce category tree (shopper)', caller: scripted, p50Under: 5 },
  { scenario: 'commerce text search of two words, page of 20 (shopper)', caller: scripted, ratio: 0.7 },
  {
    scenario: 'commerce fuzzy search of a misspelled word, page of 20 (shopper)',
    caller: scripted,
    p99Under: 150,
  },
  { scenario: 'commerce price of one product (shopper)', caller: `${shopper}, no script` },
  { scenario: 'commerce price of one product (shopper), one active script', caller: scripted, ratio: 0.6 },
  { scenario: 'commerce prices of 100 products (shopper)', caller: `${shopper}, no script` },
  {
    scenario: 'commerce prices of 100 products (shopper), one active script',
    caller: scripted,
    p99Under: 25,
  },
];

const f = (x: number | undefined, d = 0) =>
  x === undefined || Number.isNaN(x)
    ? '–'
    : x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

interface Line {
  target: Target;
  connections: number;
  service: LoadResult;
  /** None for a scenario measured on the service only (its target is absolute). */
  bare?: LoadResult;
  statements: [number | undefined, number | undefined];
}

function verdict(line: Line): { target: string; met: boolean } {
  const { target, service, bare } = line;
  const parts: string[] = [];
  let met = true;
  if (target.ratio !== undefined) {
    parts.push(`≥ ${f(target.ratio, 1)} of bare`);
    met &&= bare !== undefined && service.reqPerSec / bare.reqPerSec >= target.ratio;
  }
  if (target.p50Under !== undefined) {
    parts.push(`p50 < ${target.p50Under} ms`);
    met &&= service.p50 < target.p50Under;
  }
  if (target.p99Under !== undefined) {
    parts.push(`p99 < ${target.p99Under} ms`);
    met &&= service.p99 < target.p99Under;
  }
  parts.push(`RSS < ${rssLimitMb} MB`);
  met &&= (service.rssMb ?? Infinity) < rssLimitMb;
  met &&= service.non2xx + service.errors === 0;
  return { target: parts.join(', '), met };
}

export interface StorefrontTableInput {
  rows: MeasuredRow[];
  connections: number;
  counts: QueryCount[];
  bareCounts: QueryCount[];
  orders?: OrderBench;
  orderCounts?: [number | undefined, number | undefined];
  loadStart: number[];
  loadEnd: number[];
  /** The shoppers' accounts see one product catalog (BENCH_SHOPPER_CATALOG=1). */
  shopperCatalog: boolean;
}

export function storefrontSection(input: StorefrontTableInput): string {
  const perRequest = (counts: QueryCount[], scenario: string) =>
    counts.find((c) => c.scenario === scenario)?.perRequest;
  const lines: Line[] = [];
  for (const target of readTargets) {
    const service = input.rows.find((r) => r.scenario === target.scenario && r.server === 'full stack');
    const bare = input.rows.find((r) => r.scenario === target.scenario && r.server === 'bare');
    if (!service || (!bare && target.ratio !== undefined)) continue;
    lines.push({
      target,
      connections: input.connections,
      service: service.result,
      bare: bare?.result,
      statements: [perRequest(input.counts, target.scenario), perRequest(input.bareCounts, target.scenario)],
    });
  }
  for (const r of input.orders?.results ?? []) {
    if (r.server !== 'full stack') continue;
    const bare = input.orders!.results.find((b) => b.server === 'bare' && b.connections === r.connections)!;
    lines.push({
      target: {
        scenario: `commerce order create, 5 lines, ${r.connections} connections`,
        caller: '50 shoppers (0–19 %), script active',
        ratio: 0.6,
        ...(r.connections === 50 ? { p99Under: 100 } : {}),
      },
      connections: r.connections,
      service: r.result,
      bare: bare.result,
      statements: input.orderCounts ?? [undefined, undefined],
    });
  }
  const table = [
    '| scenario | caller | conn. | service req/s | bare req/s | service/bare | p50 ms (service / bare) | p99 ms (service / bare) | statements per request (service / bare) | RSS MB (service / bare) | target | |',
    '|---|---|---:|---:|---:|---:|---|---|---|---|---|---|',
    ...lines.map((l) => {
      const v = verdict(l);
      const failed = l.service.non2xx + l.service.errors;
      const bare = l.bare;
      return `| ${l.target.scenario} | ${l.target.caller} | ${l.connections} | ${f(l.service.reqPerSec)}${failed ? ` (${failed} failed)` : ''} | ${f(bare?.reqPerSec)} | ${f(bare && l.service.reqPerSec / bare.reqPerSec, 2)} | ${f(l.service.p50)} / ${f(bare?.p50)} | ${f(l.service.p99)} / ${f(bare?.p99)} | ${f(l.statements[0], 2)} / ${f(l.statements[1], 2)} | ${f(l.service.rssMb)} / ${f(bare?.rssMb)} | ${v.target} | ${v.met ? 'met' : '**NOT met**'} |`;
    }),
  ];
  const load = (l: number[]) => l.map((x) => f(x, 2)).join(' / ');
  return [
    '## The storefront as shops call it, service vs bare',
    '',
    '**Caller.** Every storefront request carries the bearer of a client login linked to a contact ' +
      '(`POST /core-api/contacts` with `clientLoginId` and `accounts: [{accountId}]`) whose account has ' +
      '`commerceSettings.discountPercentage` 10 (orders: 50 such shoppers, 0–19 %, in turn)' +
      (input.shopperCatalog
        ? ' and `productCatalogId` a catalog (one product in seven of the catalog suite outside it)'
        : ', no product catalog (every active product visible)') +
      ', and the ' +
      'workspace has one active PriceCalculation atomic script (`if (input.quantity >= 10) return ' +
      '{ customerPrice: input.customerPrice * 0.99, … }`), except in the rows marked "no script".',
    '',
    '**The bare server** (node:http + pg, bench/bare-server.ts) verifies the same JWT with the same ' +
      'library, then per read ONE prepared statement: the client session (unrevoked, its client login ' +
      "active, the token's subject and workspace), the shopper's contact and its first account by " +
      "position, the storefront's visibility (active products; only the account's catalog when it has " +
      "one) and the answer, built by the service's own SQL. Prices: the same statement also reads the " +
      "products, tiers, VAT codes and the active scripts; the prices are computed with the service's " +
      "rule functions, the script's rule in plain JS. Order create: BEGIN; that statement for the 5 " +
      'lines; `UPDATE sales_settings … RETURNING` (the gapless number); the order and its lines in one ' +
      'INSERT (a data-modifying CTE); COMMIT (no activity record, no Idempotency-Key). Every bare ' +
      "answer is checked equal to the service's before measuring (reads byte for byte with the ETag; " +
      "a bare order read back through the service equals the service's own).",
    '',
    `Load average (1 / 5 / 15 min) at the start of the run: ${load(input.loadStart)}; at the end: ` +
      `${load(input.loadEnd)}. Statements per request: counted on the wire (bench/lib/pg-wire-counter.ts), ` +
      'the service and the bare server each through its own counting proxy, BEGIN/COMMIT included.',
    '',
    ...table,
    '',
  ].join('\n');
}
