import { Client, type Pool } from 'pg';
import { commerceProductAnswerSql } from '../../src/catalog/products/products.queries';
import {
  facetsSql,
  shopperUnitPriceSql,
  toFacets,
  type FacetRows,
} from '../../src/catalog/products/product-facets.queries';
import type { ProductPricingInput } from '../../src/catalog/products/product-pricing-inputs';
import { inParallel } from '../lib/api';
import {
  isCaller,
  liveSessionFrom,
  liveSessionWhere,
  notFound,
  notMirrored,
  shopperFrom,
  shopperWhere,
  unauthorized,
  uuidPattern,
  visibleToShopper,
} from './bare-sql';
import {
  type Account,
  commerceShape,
  price,
  priceTablesJson,
  scriptsOf,
  shopperAccountJson,
  type Vat,
} from './pricing';
import { benchShopper, type BenchShopper } from './shopper';
import { BareAnswer, BareAuth, BareRoute, defineSuite, get, rotate, type Scenario } from './types';

/**
 * Catalog scenarios: BENCH_PRODUCTS products (default 100,000) in 50 categories, created through
 * POST /core-api/catalog/products, with English display content (seedEnglishContent); lookups by id, sku, slug and barcode, and pages of 20 (POST
 * products/list): of one category, of a text search of two words, of one category matching a word,
 * as the workspace Owner. The storefront's (commerce-api) lookups, pages and facets as the bench
 * shopper (shopper.ts), with the bench's atomic script active: as shops call them.
 */

const nouns = ['chair', 'table', 'lamp', 'shelf', 'desk', 'sofa', 'stool', 'bench', 'cabinet', 'mirror'];
const colours = ['red', 'blue', 'green', 'black', 'white', 'oak', 'walnut', 'grey', 'yellow', 'pink'];
const categoryCount = 50;

// ---------------------------------------------------------------- the bare equivalent

/** The columns and owned rows of a product's answer, for products aliased `p`, in one statement. */
const productColumns = `p.id, p.workspace_id, p.created_at, p.modified_at, p.external_reference, p.version,
  p.name, p.product_type, p.slug, p.sku, p.gtin, p.product_code, p.search_code, p.introduced_at::text AS introduced_at,
  p.active, p.display_order, p.show_stock, p.tags, p.external_references, p.manufacturer_id, p.brand_id,
  p.sales_price::text AS sales_price, p.purchase_price::text AS purchase_price,
  p.suggested_retail_price::text AS suggested_retail_price, p.vat_code_id,
  ARRAY(SELECT b.barcode FROM product_barcodes b WHERE b.workspace_id = p.workspace_id AND b.product_id = p.id ORDER BY b.barcode) AS barcodes,
  ARRAY(SELECT k.category_id FROM product_category_links k WHERE k.workspace_id = p.workspace_id AND k.product_id = p.id ORDER BY k.display_order, k.id) AS categories,
  ARRAY(SELECT c.catalog_id FROM product_catalog_links c WHERE c.workspace_id = p.workspace_id AND c.product_id = p.id ORDER BY c.catalog_id) AS catalogs,
  (SELECT json_agg(json_build_object('attributeId', a.attribute_id, 'values', a.values) ORDER BY a.attribute_id)
     FROM product_attribute_values a WHERE a.workspace_id = p.workspace_id AND a.product_id = p.id) AS attributes,
  (SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'displayOrder', i.display_order, 'alt', i.alt) ORDER BY i.display_order, i.created_at, i.id)
     FROM product_images i WHERE i.workspace_id = p.workspace_id AND i.product_id = p.id) AS images,
  (SELECT json_agg(json_build_object('productId', x.component_product_id, 'quantity', x.quantity::text, 'displayOrder', x.display_order) ORDER BY x.display_order, x.id)
     FROM product_components x WHERE x.workspace_id = p.workspace_id AND x.product_id = p.id) AS components,
  (SELECT json_agg(json_build_object('minQuantity', t.min_quantity::text, 'salesPrice', t.sales_price::text) ORDER BY t.min_quantity)
     FROM product_price_tiers t WHERE t.workspace_id = p.workspace_id AND t.product_id = p.id) AS tiers`;

interface ProductRow {
  role: string;
  id: string | null;
  workspace_id: string;
  created_at: Date;
  modified_at: Date;
  external_reference: string | null;
  version: number;
  name: string;
  product_type: string;
  slug: string;
  sku: string | null;
  gtin: string | null;
  product_code: string | null;
  search_code: string | null;
  introduced_at: string | null;
  active: boolean;
  display_order: number;
  show_stock: boolean;
  tags: string[];
  external_references: string[];
  manufacturer_id: string | null;
  brand_id: string | null;
  sales_price: string | null;
  purchase_price: string | null;
  suggested_retail_price: string | null;
  vat_code_id: string | null;
  barcodes: string[];
  categories: string[];
  catalogs: string[];
  attributes: unknown[] | null;
  images: unknown[] | null;
  components: Array<{ productId: string; quantity: string; displayOrder: number }> | null;
  tiers: Array<{ minQuantity: string; salesPrice: string }> | null;
  total?: string;
}

/** numeric(18,4) text → money rounded half away from zero to 2 decimals (as the service's moneyOut). */
function money(value: string | null): number | null {
  if (value == null) return null;
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const cents = (BigInt(whole + (fraction + '0000').slice(0, 4)) + 50n) / 100n;
  return Number(negative ? -cents : cents) / 100;
}

/** The same JSON as the service's toProductResponse. */
const toResponse = (r: ProductRow) => ({
  id: r.id,
  workspace: r.workspace_id,
  createdAt: r.created_at.toISOString(),
  modifiedAt: r.modified_at.toISOString(),
  externalReference: r.external_reference,
  name: r.name,
  productType: r.product_type,
  slug: r.slug,
  sku: r.sku,
  gtin: r.gtin,
  barcodes: r.barcodes,
  productCode: r.product_code,
  searchCode: r.search_code,
  introducedAt: r.introduced_at,
  active: r.active,
  displayOrder: r.display_order,
  showStock: r.show_stock,
  tags: r.tags ?? [],
  externalReferences: r.external_references ?? [],
  categories: r.categories,
  catalogs: r.catalogs,
  manufacturerId: r.manufacturer_id,
  brandId: r.brand_id,
  attributes: r.attributes ?? [],
  images: r.images ?? [],
  pricing: {
    salesPrice: money(r.sales_price),
    purchasePrice: money(r.purchase_price),
    suggestedRetailPrice: money(r.suggested_retail_price),
    vatCodeId: r.vat_code_id,
    tiers: (r.tiers ?? []).map((t) => ({
      minQuantity: Number(t.minQuantity),
      salesPrice: money(t.salesPrice),
    })),
  },
  components: (r.components ?? []).map((c) => ({
    productId: c.productId,
    quantity: Number(c.quantity),
    displayOrder: c.displayOrder,
  })),
});

/** One statement: the session check, the product found by `match` (SQL on $2 = workspace, $3 = value), its owned rows. */
const lookupSql = (match: string) => `SELECT m.role, ${productColumns}
  FROM ${liveSessionFrom}
  LEFT JOIN products p ON p.workspace_id = $2 AND ${match}
 WHERE ${liveSessionWhere}`;

function lookupRoute(name: string, path: string, match: string, what: string): BareRoute {
  const text = lookupSql(match);
  return {
    method: 'GET',
    pattern: new RegExp(`^/core-api/catalog/products/${path}$`),
    async handle(m, _query, auth: BareAuth, db: Pool): Promise<BareAnswer> {
      if (auth.typ === 'Client') return { status: 403, body: { title: 'Forbidden', status: 403 } };
      const value = decodeURIComponent(m[1]);
      const { rows } = await db.query<ProductRow>({ name, text, values: [auth.sid, auth.ws, value] });
      if (rows.length === 0) return unauthorized;
      if (!rows[0].id) return notFound(what, value);
      return { status: 200, body: toResponse(rows[0]), etag: `"${rows[0].version}"` };
    },
  };
}

/** `red chair 12` → `red:* & chair:* & 12:*` (as the service's prefixTsQuery). */
const prefixTsQuery = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16)
    .map((w) => `${w}:*`)
    .join(' & ');

/**
 * A page of products, optionally of some categories and matching words (by prefix on the
 * tsvector, as the service answers a query of words), by displayOrder then id, with the total and
 * each product's owned rows: the matches materialized first, then their page (the plan shape of
 * the service's paginateAnswers).
 */
const listSql = (byCategory: boolean, byWords: boolean) => `WITH matches AS MATERIALIZED (
    SELECT p.id, p.display_order
      FROM products p
     WHERE p.workspace_id = $2
       ${byCategory ? 'AND p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = ANY($5::uuid[])))' : ''}
       ${byWords ? `AND ${wordsMatch(`$${byCategory ? 6 : 5}`)}` : ''})
  SELECT m.role, page.total, ${productColumns}
  FROM ${liveSessionFrom}
  LEFT JOIN LATERAL (
    SELECT matches.id, (SELECT count(*) FROM matches) AS total
      FROM matches
     ORDER BY matches.display_order, matches.id
     LIMIT $3 OFFSET $4) page ON true
  LEFT JOIN products p ON p.id = page.id
 WHERE ${liveSessionWhere}
 ORDER BY p.display_order, p.id`;

interface ListBody {
  categoryIds?: string[];
  query?: string;
  take?: number;
  skip?: number;
}

const listRoute: BareRoute = {
  method: 'POST',
  pattern: /^\/core-api\/catalog\/products\/list$/,
  async handle(_m, _query, auth, db, body) {
    if (auth.typ === 'Client') return { status: 403, body: { title: 'Forbidden', status: 403 } };
    const q = (body ?? {}) as ListBody;
    // The bench asks only these shapes (words without codes); the service supports many more filters.
    const words = prefixTsQuery(q.query?.trim() ?? '');
    const byCategory = !!q.categoryIds?.length;
    const values: unknown[] = [auth.sid, auth.ws, q.take ?? 100, q.skip ?? 0];
    if (byCategory) values.push(q.categoryIds);
    if (words) values.push(words);
    // Unnamed on purpose: a named (prepared) statement gets a generic plan after five runs, and
    // for these filters that plan scans the whole workspace. Planned per request, with the actual
    // category and words, as the service does.
    const { rows } = await db.query<ProductRow>({ text: listSql(byCategory, !!words), values });
    if (rows.length === 0) return unauthorized;
    const data = rows.filter((r) => r.id).map(toResponse);
    // A word search that finds nothing falls back (the fuzzy path); the bench's searches always find.
    return { status: 200, body: { data, total: data.length ? Number(rows[0].total) : 0, didYouMean: null } };
  },
};

// ---------------------------------------------------------------- the storefront (commerce) reads
// As the bench shopper calls them: the client's session check, its contact's primary account
// (whose catalog limits what it sees), the storefront's visibility and the read, in ONE statement.
// The answers are built by the service's own SQL (imported): the bare server measures what the
// framework adds around the same work.

// The bench shopper sends no language: the workspace default (`en`) is the content language.
const benchLanguage = { language: "'en'", fallback: "'en'" };

const shopperOnly = notMirrored('the storefront for a client login (the bench shopper) only');

/** What the bare server prices an answer with, read in the answer's statement. */
interface PricingTables {
  account: Account | null;
  vat: Vat[] | null;
  scripts: string[] | null;
}
type CommerceAnswer = { pricingInput: ProductPricingInput } & Record<string, unknown>;

/** The answer with the shopper's price of one unit, as the service gives it (the rule and script in plain JS). */
function pricedAnswer({ pricingInput: i, ...answer }: CommerceAnswer, t: PricingTables): object {
  const row = {
    id: i.id,
    sku: i.sku,
    name: i.name,
    active: i.active,
    sales_price: i.salesPrice,
    suggested_retail_price: i.suggestedRetailPriceShown,
    purchase_price: i.purchasePriceShown,
    vat_code_id: i.vatCodeId,
    tiers: i.tiers,
    in_catalog: true,
  };
  return { ...answer, price: commerceShape(price(row, '1', t.account, t.vat ?? [], scriptsOf(t.scripts))) };
}

const commerceLookup = (name: string, path: string, match: string, what: string): BareRoute => {
  const text = `SELECT cl.id AS client_id, p.version, ${commerceProductAnswerSql('p', benchLanguage)} AS answer,
         ${shopperAccountJson} AS account, ${priceTablesJson}
    FROM ${shopperFrom}
    LEFT JOIN products p ON p.workspace_id = $2 AND ${match} AND ${visibleToShopper}
   WHERE ${shopperWhere}`;
  return {
    method: 'GET',
    pattern: new RegExp(`^/commerce-api/catalog/products/${path}$`),
    async handle(m, _query, auth, db) {
      if (auth.typ !== 'Client') return shopperOnly;
      const value = decodeURIComponent(m[1]);
      const { rows } = await db.query<
        { client_id: string; version: number | null; answer: CommerceAnswer } & PricingTables
      >({
        name,
        text,
        values: [auth.sid, auth.ws, value],
      });
      if (!isCaller(rows[0]?.client_id, auth)) return unauthorized;
      if (rows[0].version === null) return notFound(what, value);
      return { status: 200, body: pricedAnswer(rows[0].answer, rows[0]) };
    },
  };
};

/**
 * The service's word search (product-list.service.ts): the words as prefixes of the product's
 * words, or of its display contents' words stemmed in their language.
 */
const wordsMatch = (tsquery: string) => `(p.search_vector @@ to_tsquery('simple', ${tsquery})
  OR p.id = ANY(ARRAY(SELECT c.product_id FROM product_display_contents c WHERE c.workspace_id = $2
    AND c.search_vector @@ ANY(ARRAY(SELECT to_tsquery(text_search_config(l.language_code), ${tsquery})
      FROM supported_languages l WHERE l.workspace_id = $2))
    AND c.search_vector @@ to_tsquery(text_search_config(c.language), ${tsquery}))))`;

// The caller first (session and shopper, aliased `a` as visibleToShopper expects), then the
// matches it may see, then their page.
const commerceListSql = (byCategory: boolean, byWords: boolean) => `WITH a AS MATERIALIZED (
    SELECT cl.id AS client_id, a.product_catalog_id, ${shopperAccountJson} AS account
      FROM ${shopperFrom} WHERE ${shopperWhere}),
  matches AS MATERIALIZED (
    SELECT p.id, p.display_order
      FROM products p, a
     WHERE p.workspace_id = $2
       ${byCategory ? 'AND p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = ANY($5::uuid[])))' : ''}
       ${byWords ? `AND ${wordsMatch(`$${byCategory ? 6 : 5}`)}` : ''}
       AND ${visibleToShopper})
  SELECT a.client_id, page.total, ${commerceProductAnswerSql('p', benchLanguage)} AS answer, a.account, ${priceTablesJson}
  FROM a
  LEFT JOIN LATERAL (
    SELECT matches.id, (SELECT count(*) FROM matches) AS total
      FROM matches
     ORDER BY matches.display_order, matches.id
     LIMIT $3 OFFSET $4) page ON true
  LEFT JOIN products p ON p.id = page.id
 ORDER BY p.display_order, p.id`;

const commerceListRoute: BareRoute = {
  method: 'POST',
  pattern: /^\/commerce-api\/catalog\/products$/,
  async handle(_m, _query, auth, db, body) {
    if (auth.typ !== 'Client') return shopperOnly;
    const q = (body ?? {}) as ListBody;
    const words = prefixTsQuery(q.query?.trim() ?? '');
    const byCategory = !!q.categoryIds?.length;
    const values: unknown[] = [auth.sid, auth.ws, q.take ?? 100, q.skip ?? 0];
    if (byCategory) values.push(q.categoryIds);
    if (words) values.push(words);
    const { rows } = await db.query<
      { client_id: string; total: string | null; answer: CommerceAnswer } & PricingTables
    >({ text: commerceListSql(byCategory, !!words), values });
    if (!isCaller(rows[0]?.client_id, auth)) return unauthorized;
    const data = rows.filter((r) => r.total !== null).map((r) => pricedAnswer(r.answer, r));
    // A word search that finds nothing falls back (the fuzzy path); the bench's searches always find.
    return { status: 200, body: { data, total: data.length ? Number(rows[0].total) : 0, didYouMean: null } };
  },
};

// The facets statement of a category: its filters (the bench seeds none), counts and price range.
const facetsText = `SELECT cl.id AS client_id, f.facets FROM ${shopperFrom}
  LEFT JOIN LATERAL (${facetsSql(
    `SELECT p.id, p.brand_id,
            ${shopperUnitPriceSql('p', "coalesce((a.commerce_settings->>'discountPercentage')::numeric, 0)")} AS unit_price
       FROM products p WHERE p.workspace_id = $2
       AND p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = $3::uuid))
       AND ${visibleToShopper}`,
    '$2',
    '$3::uuid',
  )}) f ON true
 WHERE ${shopperWhere}`;

const commerceFacetsRoute: BareRoute = {
  method: 'POST',
  pattern: new RegExp(`^/commerce-api/catalog/products/filters/(${uuidPattern})$`),
  async handle(m, _query, auth, db) {
    if (auth.typ !== 'Client') return shopperOnly;
    const { rows } = await db.query<{ client_id: string; facets: FacetRows }>({
      text: facetsText,
      values: [auth.sid, auth.ws, m[1]],
    });
    if (!isCaller(rows[0]?.client_id, auth)) return unauthorized;
    if (!rows[0].facets.category) return notFound('Product category', m[1]);
    return { status: 200, body: toFacets(rows[0].facets) };
  },
};

const bareRoutes: BareRoute[] = [
  commerceListRoute,
  commerceFacetsRoute,
  commerceLookup('commerce_by_slug', 'slug/([^/]+)', 'p.slug = $3', 'Product with slug'),
  commerceLookup('commerce_by_id', `(${uuidPattern})`, 'p.id = $3::uuid', 'Product'),
  listRoute,
  lookupRoute('product_by_sku', 'sku/([^/]+)', 'p.sku = $3', 'Product with sku'),
  lookupRoute('product_by_slug', 'slug/([^/]+)', 'p.slug = $3', 'Product with slug'),
  lookupRoute(
    'product_by_barcode',
    'barcode/([^/]+)',
    'p.id = (SELECT b.product_id FROM product_barcodes b WHERE b.workspace_id = $2 AND b.barcode = $3)',
    'Product with barcode',
  ),
  lookupRoute('product_by_id', `(${uuidPattern})`, 'p.id = $3::uuid', 'Product'),
];

// ---------------------------------------------------------------- seed and scenarios

/**
 * English display content for every product of the workspace, as a shop has it (the storefront's
 * answers carry it): written by one statement, since through the API (one POST per product) it
 * doubled the seeding of 100,000 products. The reads measured are the same either way.
 */
async function seedEnglishContent(databaseUrl: string, workspaceId: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO product_display_contents (id, workspace_id, product_id, language, title, excerpt, description)
       SELECT gen_random_uuid(), p.workspace_id, p.id, 'en', p.name, 'The ' || p.name || '.', p.name || ', made to last.'
         FROM products p WHERE p.workspace_id = $1`,
      [workspaceId],
    );
  } finally {
    await client.end();
  }
}

interface Seeded {
  /** `inShop`: the bench shopper sees it (always, unless its account has a catalog). */
  products: Array<{ id: string; sku: string; slug: string; barcode: string; inShop: boolean }>;
  categories: string[];
  shopper: BenchShopper;
}

export const productsSuite = defineSuite<Seeded>({
  name: 'products',
  async available({ api }) {
    const res = await api.call('POST', '/core-api/catalog/products/list', { take: 0 });
    return res.status === 200;
  },
  async seed(ctx) {
    const { api, config, log } = ctx;
    const shopper = await benchShopper(ctx);
    const categories: string[] = [];
    for (let c = 0; c < categoryCount; c++) {
      categories.push(
        (
          await api.ok<{ id: string }>('POST', '/core-api/catalog/productcategories', {
            name: `Bench category ${c}`,
          })
        ).id,
      );
    }
    const total = config.products;
    const products: Seeded['products'] = new Array(total);
    const started = Date.now();
    let done = 0;
    await inParallel(total, 8, async (i) => {
      const barcode = `20${String(i).padStart(11, '0')}`;
      const created = await api.ok<{ id: string; sku: string; slug: string }>(
        'POST',
        '/core-api/catalog/products',
        {
          name: `Bench ${colours[Math.floor(i / nouns.length) % colours.length]} ${nouns[i % nouns.length]} ${i}`,
          sku: `BENCH-${String(i).padStart(6, '0')}`,
          barcodes: [barcode],
          // blocks of ten consecutive products (every noun) per category, so each category has every word
          categories: [categories[Math.floor(i / nouns.length) % categoryCount]],
          displayOrder: i % 100,
          tags: [nouns[i % nouns.length]],
          // With a shopper's catalog, one product in seven stays out of it (lists must leave it out).
          ...(i % 7 === 6 ? {} : shopper.productFields),
        },
      );
      const inShop = !shopper.catalogId || i % 7 !== 6;
      products[i] = { id: created.id, sku: created.sku, slug: created.slug, barcode, inShop };
      if (++done % Math.max(1, Math.floor(total / 10)) === 0) {
        const rate = done / ((Date.now() - started) / 1000);
        log(`${done} / ${total} products (${rate.toFixed(0)} per second)`);
      }
    });
    log(`${total} products in ${categoryCount} categories, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await seedEnglishContent(config.databaseUrl, ctx.workspaceId);
    log('English display content for every product (one statement)');
    return { products, categories, shopper };
  },
  scenarios({ products, categories, shopper }) {
    const shuffled = [...products].sort(() => Math.random() - 0.5).slice(0, 10_000);
    const byId = rotate(shuffled);
    const bySku = rotate(shuffled);
    const bySlug = rotate(shuffled);
    const byBarcode = rotate(shuffled);
    const inShop = shuffled.filter((p) => p.inShop);
    const shopById = rotate(inShop);
    const shopBySlug = rotate(inShop);
    // Only categories that hold products (with a small BENCH_PRODUCTS the last ones stay empty).
    const filled = categories.slice(
      0,
      Math.max(1, Math.min(categories.length, Math.ceil(products.length / nouns.length))),
    );
    const listArgs = rotate(filled.flatMap((c) => nouns.map((n) => ({ c, n }))));
    // A colour and a noun: 1 % of the products (1,000 at 100,000).
    const searchWords = rotate(colours.flatMap((c) => nouns.map((n) => `${c} ${n}`)));
    // The same with the noun mistyped (two letters swapped), as shoppers type: the fuzzy path.
    const typo = (w: string) => w.slice(0, 1) + w.slice(2, 3) + w.slice(1, 2) + w.slice(3);
    const misspelled = rotate(colours.flatMap((c) => nouns.map((n) => `${c} ${typo(n)}`)));
    // The storefront as shops call it: the bench shopper's bearer, its script active.
    const asShopper = {
      bearer: shopper.bearer,
      before: (baseUrl: string) => shopper.setScript(baseUrl, true),
    };
    const storefront: Scenario[] = [
      {
        name: 'commerce product by id (shopper)',
        next: () => get(`/commerce-api/catalog/products/${shopById().id}`),
      },
      {
        name: 'commerce product by slug (shopper)',
        next: () => get(`/commerce-api/catalog/products/slug/${encodeURIComponent(shopBySlug().slug)}`),
      },
      {
        name: 'commerce products of a category, page of 20 (shopper)',
        next: () => ({
          method: 'POST',
          path: '/commerce-api/catalog/products',
          body: { categoryIds: [listArgs().c], take: 20 },
        }),
      },
      {
        name: 'commerce text search of two words, page of 20 (shopper)',
        next: () => ({
          method: 'POST',
          path: '/commerce-api/catalog/products',
          body: { query: searchWords(), take: 20 },
        }),
      },
      {
        name: 'commerce fuzzy search of a misspelled word, page of 20 (shopper)',
        next: () => ({
          method: 'POST',
          path: '/commerce-api/catalog/products',
          body: { query: misspelled(), take: 20 },
        }),
        noBare: 'the typo-tolerant search (product-search.ts) has no bare twin; its target is absolute',
      },
      {
        name: 'commerce category tree (shopper)',
        next: () => get('/commerce-api/catalog/categories'),
        noBare:
          'the tree is served from a cache kept exact by notifications (one grouped statement on a change); its target is absolute',
      },
      {
        name: 'commerce facets of a category (shopper)',
        next: () => ({
          method: 'POST',
          path: `/commerce-api/catalog/products/filters/${listArgs().c}`,
          body: {},
        }),
      },
    ];
    return [
      { name: 'product by id', next: () => get(`/core-api/catalog/products/${byId().id}`) },
      {
        name: 'product by sku',
        next: () => get(`/core-api/catalog/products/sku/${encodeURIComponent(bySku().sku)}`),
      },
      {
        name: 'product by slug',
        next: () => get(`/core-api/catalog/products/slug/${encodeURIComponent(bySlug().slug)}`),
      },
      {
        name: 'product by barcode',
        next: () => get(`/core-api/catalog/products/barcode/${byBarcode().barcode}`),
      },
      {
        name: 'products of a category, page of 20',
        next: () => ({
          method: 'POST',
          path: '/core-api/catalog/products/list',
          body: { categoryIds: [listArgs().c], take: 20 },
        }),
      },
      {
        name: 'text search of two words, page of 20',
        next: () => ({
          method: 'POST',
          path: '/core-api/catalog/products/list',
          body: { query: searchWords(), take: 20 },
        }),
      },
      ...storefront.map((scenario) => ({ ...scenario, ...asShopper })),
      {
        name: 'products of a category matching a word, page of 20',
        next: () => {
          const { c, n } = listArgs();
          return {
            method: 'POST',
            path: '/core-api/catalog/products/list',
            body: { categoryIds: [c], query: n, take: 20 },
          };
        },
      },
    ];
  },
  bareRoutes,
});
