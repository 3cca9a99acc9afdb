import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { Db, Tx } from '../../platform/database/db';
import { preparedStatement, type PreparedStatement } from '../../platform/database/lean-reads';
import type { ScopedRepository } from '../../platform/database/scoped-repository';
import type { ListParams, Page } from '../../platform/http/list-query';
import { paginateAnswers, type ListSpec } from '../../platform/http/paginate';
import { notFound } from '../../platform/http/problem';
import { withEtag } from '../../platform/http/etag';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ProductResponse } from './product-response.dto';
import { ProductEntity } from './product.entity';

/** How a product is looked up: its id, or one of its unique codes. */
export type ProductKey = 'id' | 'sku' | 'gtin' | 'slug' | 'barcode';

/**
 * Which products a caller may see. Core callers see every product of the workspace; the
 * storefront sees active products only, and a client whose account has a product catalog only
 * that catalog's products.
 */
export interface ProductVisibility {
  activeOnly?: boolean;
  /** Only products linked to this catalog. */
  catalogId?: string | null;
}

const everything: ProductVisibility = {};

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
 * internal (no purchase price, catalogs, tags or external references; prices come from the price
 * operations, which know the caller's account).
 */
export const commerceProductAnswerSql = (p: string): string => `json_build_object(
  'id', ${p}.id, 'name', ${p}.name, 'slug', ${p}.slug, 'productType', ${p}.product_type,
  'displayOrder', ${p}.display_order, 'showStock', ${p}.show_stock, 'sku', ${p}.sku, 'gtin', ${p}.gtin,
  'barcodes', ARRAY(SELECT b.barcode ${owned('product_barcodes', 'b', p)} ORDER BY b.barcode),
  'introducedAt', ${p}.introduced_at,
  'categories', ARRAY(SELECT k.category_id ${owned('product_category_links', 'k', p)} ORDER BY k.display_order, k.id),
  'manufacturerId', ${p}.manufacturer_id, 'brandId', ${p}.brand_id,
  'attributes', coalesce((SELECT json_agg(json_build_object('attributeId', a.attribute_id, 'values', a.values)
      ORDER BY a.attribute_id) ${owned('product_attribute_values', 'a', p)}), '[]'),
  'images', coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'displayOrder', i.display_order,
      'alt', i.alt) ORDER BY i.display_order, i.created_at, i.id) ${owned('product_images', 'i', p)}), '[]'),
  'components', coalesce((SELECT json_agg(json_build_object('productId', x.component_product_id,
      'quantity', x.quantity, 'displayOrder', x.display_order) ORDER BY x.display_order, x.id)
      ${owned('product_components', 'x', p)}), '[]')
)`;

/** What an answer holds: the core API's full product, or the storefront's view. */
export type ProductView = 'core' | 'commerce';
const answerSql: Record<ProductView, (p: string) => string> = {
  core: productAnswerSql,
  commerce: commerceProductAnswerSql,
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
function visibilitySql(v: ProductVisibility, next: number): { sql: string; values: unknown[] } {
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

/** How a page is read: whose products, in which view, and whether its filters are selective (see paginateAnswers). */
export interface PageOptions {
  visibility?: ProductVisibility;
  view?: ProductView;
  selective?: boolean;
}

const notFoundLabel: Record<ProductKey, string> = {
  id: 'Product',
  sku: 'Product with sku',
  gtin: 'Product with gtin',
  slug: 'Product with slug',
  barcode: 'Product with barcode',
};

interface AnswerRow<R = ProductResponse> {
  version: number;
  answer: R;
}

/**
 * The catalog's read path: a product answer is ONE statement, built by PostgreSQL
 * (`productAnswerSql`), a page of products is one statement with its total. Lookups are named
 * prepared statements (planned once per connection); a page is planned per request with its
 * actual filters. Core and storefront reads differ only in the `ProductVisibility` they pass.
 */
@Injectable()
export class ProductReads {
  /** Lookup statements by key and visibility shape (a handful: texts never depend on values). */
  private readonly lookups = new Map<string, PreparedStatement>();

  constructor(private readonly db: Db) {}

  /** The answer of the product with this key (ETag = its version), or a 404 problem. */
  async one<R = ProductResponse>(
    ctx: RequestContext | Tx,
    key: ProductKey,
    value: string,
    visibility: ProductVisibility = everything,
    view: ProductView = 'core',
  ): Promise<R> {
    const found = await this.find<R>(ctx, key, value, visibility, view);
    if (!found) throw notFound(notFoundLabel[key], value);
    return found;
  }

  /** The answer of the product with this key, or null. */
  async find<R = ProductResponse>(
    ctx: RequestContext | Tx,
    key: ProductKey,
    value: string,
    visibility: ProductVisibility = everything,
    view: ProductView = 'core',
  ): Promise<R | null> {
    const extra = visibilitySql(visibility, 3);
    const [row] = await this.repo(ctx).prepared<AnswerRow<R>>(this.lookup(key, extra.sql, view), [
      value,
      ...extra.values,
    ]);
    return row ? withEtag(row.answer as R & object, row.version) : null;
  }

  /** Restricts a products query (aliased `p`) to what the visibility shows. */
  restrict(qb: SelectQueryBuilder<ProductEntity>, visibility: ProductVisibility): void {
    if (visibility.activeOnly) qb.andWhere('p.active');
    if (visibility.catalogId) {
      qb.andWhere(
        'EXISTS (SELECT 1 FROM product_catalog_links vc WHERE vc.workspace_id = p.workspace_id ' +
          'AND vc.product_id = p.id AND vc.catalog_id = :__visibleCatalog)',
        { __visibleCatalog: visibility.catalogId },
      );
    }
  }

  /**
   * A page of the products the query (aliased `p`, filters applied) matches, answers and total in
   * one statement. `selective`: the query has filters with indexes of their own (a text search, a
   * category, …), planned apart from the page (see paginateAnswers).
   */
  async page<S extends string, R = ProductResponse>(
    qb: SelectQueryBuilder<ProductEntity>,
    params: ListParams<S>,
    spec: ListSpec<S>,
    options: PageOptions = {},
  ): Promise<Page<R>> {
    this.restrict(qb, options.visibility ?? everything);
    const answer = answerSql[options.view ?? 'core'];
    const page = await paginateAnswers<AnswerRow<R>, S>(
      qb,
      params,
      spec,
      { table: 'products', select: (p) => `${p}.version AS version, ${answer(p)} AS answer` },
      { materialize: options.selective },
    );
    return { data: page.data.map((row) => row.answer), total: page.total };
  }

  /** The lookup statement by `key` with this visibility condition, made once per shape. */
  private lookup(key: ProductKey, condition: string, view: ProductView): PreparedStatement {
    const cacheKey = `${view}:${key}${condition}`;
    let statement = this.lookups.get(cacheKey);
    if (!statement) {
      statement = preparedStatement(
        `SELECT p.version, ${answerSql[view]('p')} AS answer FROM products p ` +
          `WHERE p.workspace_id = $1 AND ${keyCondition[key]}${condition}`,
      );
      this.lookups.set(cacheKey, statement);
    }
    return statement;
  }

  private repo(ctx: RequestContext | Tx): ScopedRepository<ProductEntity> {
    return ctx instanceof Tx
      ? ctx.repo(ProductEntity, 'Product')
      : this.db.repo(ctx, ProductEntity, 'Product');
  }
}
