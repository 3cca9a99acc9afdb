import { Client, type Pool } from 'pg';
import { commerceProductAnswerSql } from '../../src/catalog/products/products.queries';
import {
  facetsSql,
  listedUnitPriceSql,
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
/** How many products the seed creates through the API (BENCH_API_PRODUCTS); the rest are cloned in SQL. */
const apiProducts = Number(process.env.BENCH_API_PRODUCTS ?? 2000);
const benchName = (i: number) =>
  `Bench ${colours[Math.floor(i / nouns.length) % colours.length]} ${nouns[i % nouns.length]} ${i}`;
const benchSku = (i: number) => `BENCH-${String(i).padStart(6, '0')}`;
const benchBarcode = (i: number) => `20${String(i).padStart(11, '0')}`;

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
const listSql = (byCategory: boolean, byWords: boolean, listing: boolean) => `WITH matches AS MATERIALIZED (
    ${
      listing
        ? // One category alone: its listing (the links' copies of the products' columns), as the service reads it.
          `SELECT kl.product_id AS id, kl.product_display_order AS display_order
      FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = ($5::uuid[])[1]`
        : `SELECT p.id, p.display_order
      FROM products p
     WHERE p.workspace_id = $2
       ${byCategory ? 'AND p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = ANY($5::uuid[])))' : ''}
       ${byWords ? `AND ${wordsMatch(`$${byCategory ? 6 : 5}`)}` : ''}`
    })
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
    const listing = q.categoryIds?.length === 1 && !words;
    const { rows } = await db.query<ProductRow>({ text: listSql(byCategory, !!words, listing), values });
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
const commerceListSql = (byCategory: boolean, byWords: boolean, listing: boolean) => `WITH a AS MATERIALIZED (
    SELECT cl.id AS client_id, a.product_catalog_id, ${shopperAccountJson} AS account
      FROM ${shopperFrom} WHERE ${shopperWhere}),
  matches AS MATERIALIZED (
    ${
      listing
        ? // One category alone, for a shopper without a catalog: the category's listing, as the service reads it.
          `SELECT kl.product_id AS id, kl.product_display_order AS display_order
      FROM product_category_links kl, a
     WHERE kl.workspace_id = $2 AND kl.category_id = ($5::uuid[])[1] AND kl.product_active
       AND a.product_catalog_id IS NULL
    UNION ALL `
        : ''
    }SELECT p.id, p.display_order
      FROM products p, a
     WHERE p.workspace_id = $2
       ${byCategory ? 'AND p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = ANY($5::uuid[])))' : ''}
       ${byWords ? `AND ${wordsMatch(`$${byCategory ? 6 : 5}`)}` : ''}
       AND ${visibleToShopper}${listing ? ' AND a.product_catalog_id IS NOT NULL' : ''})
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
    >({ text: commerceListSql(byCategory, !!words, q.categoryIds?.length === 1 && !words), values });
    if (!isCaller(rows[0]?.client_id, auth)) return unauthorized;
    const data = rows.filter((r) => r.total !== null).map((r) => pricedAnswer(r.answer, r));
    // A word search that finds nothing falls back (the fuzzy path); the bench's searches always find.
    return { status: 200, body: { data, total: data.length ? Number(rows[0].total) : 0, didYouMean: null } };
  },
};

// The facets statement of a category: its filters (the bench seeds none), counts and price range.
const shopperDiscount = "coalesce((a.commerce_settings->>'discountPercentage')::numeric, 0)";
const facetsText = `SELECT cl.id AS client_id, f.facets FROM ${shopperFrom}
  LEFT JOIN LATERAL (${facetsSql(
    // The category's listing for a shopper without a catalog, its products for one with (as the service).
    `SELECT kl.product_id AS id, kl.product_brand_id AS brand_id,
            ${listedUnitPriceSql('kl', shopperDiscount)} AS unit_price
       FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = $3::uuid
       AND kl.product_active AND a.product_catalog_id IS NULL
     UNION ALL
     SELECT p.id, p.brand_id, ${shopperUnitPriceSql('p', shopperDiscount)} AS unit_price
       FROM products p WHERE p.workspace_id = $2
       AND p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = $2 AND kl.category_id = $3::uuid))
       AND ${visibleToShopper} AND a.product_catalog_id IS NOT NULL`,
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
/**
 * Products `from`..`to - 1` as the API seed makes them (benchName, benchSku, benchBarcode, the
 * category of their block of ten, displayOrder, tag, the shopper's catalog but for one in seven),
 * cloned from the `template` product (every other column as the API wrote it), with their barcode,
 * category and catalog links; the database's triggers fill what they fill on any insert. Answers
 * the new products' id, sku and slug.
 */
async function cloneProducts(
  databaseUrl: string,
  workspaceId: string,
  o: { from: number; to: number; template: string; categories: string[]; catalogId: string | null },
): Promise<Array<{ id: string; sku: string; slug: string }>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'products' AND is_generated = 'NEVER'
        ORDER BY ordinal_position`,
    );
    const name = `'Bench ' || ($4::text[])[1 + (n / 10) % 10] || ' ' || ($5::text[])[1 + n % 10] || ' ' || n`;
    const overrides: Record<string, string> = {
      id: 'gen_random_uuid()',
      name,
      slug: `lower(replace(${name}, ' ', '-'))`,
      sku: `'BENCH-' || lpad(n::text, 6, '0')`,
      display_order: 'n % 100',
      tags: 'ARRAY[($5::text[])[1 + n % 10]]',
      created_at: 'now()',
      modified_at: 'now()',
    };
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    const values = columns.map((c) => overrides[c.name] ?? `t."${c.name}"`).join(', ');
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; sku: string; slug: string; n: number }>(
      `INSERT INTO products (${list})
       SELECT ${values} FROM generate_series($2::int, $3::int - 1) n,
              (SELECT * FROM products WHERE workspace_id = $1 AND id = $6) t
       RETURNING id, sku, slug`,
      [workspaceId, o.from, o.to, colours, nouns, o.template],
    );
    const number = `substring(p.sku from 7)::int`;
    const fresh = `FROM products p WHERE p.workspace_id = $1 AND p.sku LIKE 'BENCH-%' AND ${number} >= $2`;
    await client.query(
      `INSERT INTO product_barcodes (id, workspace_id, product_id, barcode)
       SELECT gen_random_uuid(), p.workspace_id, p.id, '20' || lpad(${number}::text, 11, '0') ${fresh}`,
      [workspaceId, o.from],
    );
    await client.query(
      `INSERT INTO product_category_links (id, workspace_id, product_id, category_id, display_order)
       SELECT gen_random_uuid(), p.workspace_id, p.id, ($3::uuid[])[1 + (${number} / 10) % $4], 0 ${fresh}`,
      [workspaceId, o.from, o.categories, categoryCount],
    );
    if (o.catalogId)
      await client.query(
        `INSERT INTO product_catalog_links (id, workspace_id, product_id, catalog_id)
         SELECT gen_random_uuid(), p.workspace_id, p.id, $3 ${fresh} AND ${number} % 7 <> 6`,
        [workspaceId, o.from, o.catalogId],
      );
    await client.query('COMMIT');
    return rows;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
}

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
    // The first ones through the API (its write path, and the shape of every row a product owns);
    // the rest cloned from the first in SQL, in the same pattern (an API create costs 8–30 ms here).
    const throughApi = Math.min(total, apiProducts);
    const started = Date.now();
    let done = 0;
    await inParallel(throughApi, 8, async (i) => {
      const created = await api.ok<{ id: string; sku: string; slug: string }>(
        'POST',
        '/core-api/catalog/products',
        {
          name: benchName(i),
          sku: benchSku(i),
          barcodes: [benchBarcode(i)],
          // blocks of ten consecutive products (every noun) per category, so each category has every word
          categories: [categories[Math.floor(i / nouns.length) % categoryCount]],
          displayOrder: i % 100,
          tags: [nouns[i % nouns.length]],
          // With a shopper's catalog, one product in seven stays out of it (lists must leave it out).
          ...(i % 7 === 6 ? {} : shopper.productFields),
        },
      );
      const inShop = !shopper.catalogId || i % 7 !== 6;
      products[i] = {
        id: created.id,
        sku: created.sku,
        slug: created.slug,
        barcode: benchBarcode(i),
        inShop,
      };
      if (++done % Math.max(1, Math.floor(throughApi / 5)) === 0) {
        const rate = done / ((Date.now() - started) / 1000);
        log(`${done} / ${throughApi} products through the API (${rate.toFixed(0)} per second)`);
      }
    });
    if (total > throughApi) {
      const cloned = await cloneProducts(config.databaseUrl, ctx.workspaceId, {
        from: throughApi,
        to: total,
        template: products[0].id,
        categories,
        catalogId: shopper.catalogId,
      });
      for (const row of cloned) {
        const i = Number(row.sku.slice('BENCH-'.length));
        const inShop = !shopper.catalogId || i % 7 !== 6;
        products[i] = { id: row.id, sku: row.sku, slug: row.slug, barcode: benchBarcode(i), inShop };
      }
      log(`${total - throughApi} more cloned from the first in SQL`);
    }
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
