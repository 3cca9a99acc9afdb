import type { WorkspaceSql } from '../../platform/database/db';
import { displayContentSql, type LanguagePlaceholders } from '../display-contents/display-contents.queries';
import { pricingInputSql } from './product-pricing.queries';

/*
 * The products' hand-written SQL: the answers PostgreSQL builds (ProductReads runs them as prepared
 * lookups and pages), the slug lock of creates, and the used-tag counts.
 */

/** How a product is looked up: its id, or one of its unique codes. */
export type ProductKey = 'id' | 'sku' | 'gtin' | 'slug' | 'barcode';

/** Milliseconds UTC, as `Date.toISOString()` writes them (PostgreSQL truncates microseconds like `pg` does). */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Money at the edge: numeric rounded half away from zero to 2 decimals (as `moneyOut`). */
const money = (column: string) => `round(${column}, 2)`;

/** The rows a product owns, in their documented order, for the product aliased `p`. */
const owned = (table: string, alias: string, p: string) =>
  `FROM ${table} ${alias} WHERE ${alias}.workspace_id = ${p}.workspace_id AND ${alias}.product_id = ${p}.id`;

/**
 * The whole answer of the product aliased `p` as one json value (the ProductResponse contract:
 * every field, `[]` for no rows, null for unset values), built by PostgreSQL: each owned table is
 * one correlated subquery on its `(workspace_id, product_id)` index.
 */
export const productAnswerSql = (p: string): string => `json_build_object(
  'id', ${p}.id, 'workspace', ${p}.workspace_id,
  'createdAt', ${isoTime(`${p}.created_at`)}, 'modifiedAt', ${isoTime(`${p}.modified_at`)},
  'externalReference', ${p}.external_reference,
  'name', ${p}.name, 'productType', ${p}.product_type, 'slug', ${p}.slug, 'sku', ${p}.sku, 'gtin', ${p}.gtin,
  'barcodes', ARRAY(SELECT b.barcode ${owned('product_barcodes', 'b', p)} ORDER BY b.barcode),
  'productCode', ${p}.product_code, 'searchCode', ${p}.search_code, 'introducedAt', ${p}.introduced_at,
  'active', ${p}.active, 'displayOrder', ${p}.display_order, 'showStock', ${p}.show_stock,
  'tags', coalesce(${p}.tags, '{}'), 'externalReferences', coalesce(${p}.external_references, '{}'),
  'categories', ARRAY(SELECT k.category_id ${owned('product_category_links', 'k', p)} ORDER BY k.display_order, k.id),
  'catalogs', ARRAY(SELECT c.catalog_id ${owned('product_catalog_links', 'c', p)} ORDER BY c.catalog_id),
  'manufacturerId', ${p}.manufacturer_id, 'brandId', ${p}.brand_id,
  'attributes', coalesce((SELECT json_agg(json_build_object('attributeId', a.attribute_id, 'values', a.values)
      ORDER BY a.attribute_id) ${owned('product_attribute_values', 'a', p)}), '[]'),
  'images', coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'displayOrder', i.display_order,
      'alt', i.alt) ORDER BY i.display_order, i.created_at, i.id) ${owned('product_images', 'i', p)}), '[]'),
  'pricing', json_build_object(
    'salesPrice', ${money(`${p}.sales_price`)}, 'purchasePrice', ${money(`${p}.purchase_price`)},
    'suggestedRetailPrice', ${money(`${p}.suggested_retail_price`)}, 'vatCodeId', ${p}.vat_code_id,
    'tiers', coalesce((SELECT json_agg(json_build_object('minQuantity', t.min_quantity,
        'salesPrice', ${money('t.sales_price')}) ORDER BY t.min_quantity) ${owned('product_price_tiers', 't', p)}), '[]')),
  'components', coalesce((SELECT json_agg(json_build_object('productId', x.component_product_id,
      'quantity', x.quantity, 'displayOrder', x.display_order) ORDER BY x.display_order, x.id)
      ${owned('product_components', 'x', p)}), '[]')
)`;

/**
 * The storefront's view of the product aliased `p` (CommerceProduct): what a shop shows, nothing
 * internal (no purchase price, catalogs, tags or external references). `lang`: the placeholders of
 * the request's language and its fallback (the display content); the brand and, when the product
 * shows its stock, the stock per stock location are correlated subqueries on their indexes too.
 * `pricingInput` is what the price engine needs to price it for the caller (the storefront takes
 * it out of the answer and sets `price`): read in the same statement, so a priced page costs no
 * second one. Only visible products are read, so each is in the caller's catalog.
 */
export const commerceProductAnswerSql = (p: string, lang: LanguagePlaceholders): string => `json_build_object(
  'id', ${p}.id, 'name', ${p}.name, 'slug', ${p}.slug, 'productType', ${p}.product_type,
  'displayOrder', ${p}.display_order, 'showStock', ${p}.show_stock, 'sku', ${p}.sku, 'gtin', ${p}.gtin,
  'barcodes', ARRAY(SELECT b.barcode ${owned('product_barcodes', 'b', p)} ORDER BY b.barcode),
  'introducedAt', ${p}.introduced_at,
  'categories', ARRAY(SELECT k.category_id ${owned('product_category_links', 'k', p)} ORDER BY k.display_order, k.id),
  'manufacturerId', ${p}.manufacturer_id, 'brandId', ${p}.brand_id,
  'brand', (SELECT json_build_object('id', br.id, 'name', br.name, 'imageUrl', br.image_url)
      FROM brands br WHERE br.workspace_id = ${p}.workspace_id AND br.id = ${p}.brand_id),
  'attributes', coalesce((SELECT json_agg(json_build_object('attributeId', a.attribute_id, 'values', a.values)
      ORDER BY a.attribute_id) ${owned('product_attribute_values', 'a', p)}), '[]'),
  'images', coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'displayOrder', i.display_order,
      'alt', i.alt) ORDER BY i.display_order, i.created_at, i.id) ${owned('product_images', 'i', p)}), '[]'),
  'components', coalesce((SELECT json_agg(json_build_object('productId', x.component_product_id,
      'quantity', x.quantity, 'displayOrder', x.display_order) ORDER BY x.display_order, x.id)
      ${owned('product_components', 'x', p)}), '[]'),
  'pricingInput', ${pricingInputSql(p, 'true')},
  'content', ${displayContentSql('product_display_contents', 'product_id', `${p}.id`, `${p}.workspace_id`, lang)},
  'availability', CASE WHEN ${p}.show_stock THEN (SELECT json_build_object(
      'inStock', trim_scale(coalesce(sum(s.quantity), 0)),
      'locations', coalesce(json_agg(json_build_object('locationId', l.id, 'name', l.name,
          'quantity', trim_scale(coalesce(s.quantity, 0)), 'isPickupLocation', l.is_pickup_location)
        ORDER BY l.display_order, l.name, l.id), '[]'))
    FROM locations l LEFT JOIN stocks s ON s.workspace_id = l.workspace_id AND s.location_id = l.id
     AND s.product_id = ${p}.id
    WHERE l.workspace_id = ${p}.workspace_id AND l.is_stock_location) END
)`;

/** What an answer holds: the core API's full product, or the storefront's view. */
export type ProductView = 'core' | 'commerce';
const answerSql: Record<ProductView, (p: string, lang: LanguagePlaceholders) => string> = {
  core: productAnswerSql,
  commerce: commerceProductAnswerSql,
};

/** Whether an answer in `view` reads the request's language (two parameters). */
export const viewHasLanguage = (view: ProductView): boolean => view === 'commerce';

/** Where the lookup statements bind the language (after `$1` workspace and `$2` the key's value). */
const lookupLanguage: LanguagePlaceholders = { language: '$3', fallback: '$4' };
/** Where a page binds it (named parameters of the page's query builder). */
export const pageLanguage: LanguagePlaceholders = {
  language: ':__language',
  fallback: ':__fallbackLanguage',
};

/** The condition for `key = $2` on products aliased `p` (`$1` is the workspace). */
const keyCondition: Record<ProductKey, string> = {
  id: 'p.id = $2::uuid',
  sku: 'p.sku = $2',
  gtin: 'p.gtin = $2',
  slug: 'p.slug = $2',
  barcode:
    'p.id = (SELECT b.product_id FROM product_barcodes b WHERE b.workspace_id = $1 AND b.barcode = $2)',
};

/** What a visibility adds to the condition on `p`, with its parameters from `$<next>` on. */
export function visibilitySql(
  v: { activeOnly?: boolean; catalogId?: string | null },
  next: number,
): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  if (v.activeOnly) parts.push('p.active');
  if (v.catalogId) {
    values.push(v.catalogId);
    parts.push(
      `EXISTS (SELECT 1 FROM product_catalog_links vc WHERE vc.workspace_id = p.workspace_id ` +
        `AND vc.product_id = p.id AND vc.catalog_id = $${next + values.length - 1}::uuid)`,
    );
  }
  return { sql: parts.map((s) => ` AND ${s}`).join(''), values };
}

/** The select list of a page of answers in `view`, for the products aliased `p`: version and answer. */
export const answerSelect =
  (view: ProductView) =>
  (p: string): string =>
    `${p}.version AS version, ${answerSql[view](p, pageLanguage)} AS answer`;

/**
 * A page of one category's products from its listing (migration CategoryListing), in display order
 * then id (`descending`: both reversed), with the total: `$1` the workspace, `$2` the category,
 * `$3` take, `$4` skip; for a view with a language `$5` and `$6` the language and its fallback.
 * `activeOnly`: only active products. The same rows as the general path (`paginateAnswers` of the
 * category filter); one text per shape, so it is a named prepared statement whose generic plan is
 * one range of `ix_product_category_links__listing`.
 */
export const categoryPageSql = (view: ProductView, activeOnly: boolean, descending: boolean): string => {
  const order = descending ? 'DESC' : 'ASC';
  const language: LanguagePlaceholders = { language: '$5', fallback: '$6' };
  return (
    `WITH m AS MATERIALIZED (SELECT kl.product_id AS id, kl.product_display_order AS display_order ` +
    `FROM product_category_links kl WHERE kl.workspace_id = $1 AND kl.category_id = $2` +
    `${activeOnly ? ' AND kl.product_active' : ''}) ` +
    `SELECT (SELECT count(*) FROM m) AS total, p.version, ${answerSql[view]('p', language)} AS answer ` +
    `FROM (SELECT id, display_order FROM m ORDER BY display_order ${order}, id ${order} LIMIT $3 OFFSET $4) page ` +
    `JOIN products p ON p.workspace_id = $1 AND p.id = page.id ` +
    `ORDER BY page.display_order ${order}, page.id ${order}`
  );
};

/**
 * The lookup of one product by `key` (`$1` the workspace, `$2` the value; for a view with a
 * language `$3` and `$4` the language and its fallback) with a visibility `condition` (see
 * visibilitySql): its version and its answer in `view`.
 */
export const productLookupSql = (key: ProductKey, condition: string, view: ProductView): string =>
  `SELECT p.version, ${answerSql[view]('p', lookupLanguage)} AS answer FROM products p ` +
  `WHERE p.workspace_id = $1 AND ${keyCondition[key]}${condition}`;

/** Makes creates of the same slug base take turns until commit, so each sees the slugs the others took. */
export async function lockProductSlug(on: WorkspaceSql, base: string): Promise<void> {
  await on.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `product-slug:${on.workspaceId}:${base}`,
  ]);
}

/** How a page of used tags is cut: an ILIKE pattern on the tag, the order, and the page. */
export interface TagPageSpec {
  pattern?: string;
  byCount: boolean;
  descending: boolean;
  take: number;
  skip: number;
}

/** The workspace's products' tags, one row per tag use (set-returning functions cannot be grouped in place). */
const tagUses = `SELECT unnest(p.tags) AS tag FROM products p WHERE p.workspace_id = $1`;

/**
 * A page of the tags the workspace's products use, with how many products use each; every row also
 * carries the number of distinct tags that match (`total`).
 */
export async function usedProductTags(
  on: WorkspaceSql,
  spec: TagPageSpec,
): Promise<Array<{ value: string; count: string; total: string }>> {
  const search = spec.pattern !== undefined ? 'WHERE u.tag ILIKE $2' : '';
  const direction = spec.descending ? 'DESC' : 'ASC';
  const order = spec.byCount ? `t.count ${direction}, t.value` : `t.value ${direction}`;
  return on.query(
    `WITH t AS (SELECT u.tag AS value, count(*) AS count FROM (${tagUses}) u ${search} GROUP BY u.tag)
     SELECT t.value, t.count, (SELECT count(*) FROM t) AS total FROM t ORDER BY ${order} LIMIT ${spec.take} OFFSET ${spec.skip}`,
    spec.pattern !== undefined ? [on.workspaceId, spec.pattern] : [on.workspaceId],
  );
}

/** How many distinct tags the workspace's products use (matching the ILIKE `pattern` when given). */
export async function countUsedProductTags(on: WorkspaceSql, pattern?: string): Promise<number> {
  const [row] = await on.query<{ total: string }>(
    `SELECT count(DISTINCT u.tag) AS total FROM (${tagUses}) u ${pattern !== undefined ? 'WHERE u.tag ILIKE $2' : ''}`,
    pattern !== undefined ? [on.workspaceId, pattern] : [on.workspaceId],
  );
  return Number(row.total);
}
