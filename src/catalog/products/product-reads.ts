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
import { ProductCategoryLinkEntity } from './product-category-link.entity';
import { ProductEntity } from './product.entity';
import {
  answerSelect,
  categoryPageSql,
  productLookupSql,
  viewHasLanguage,
  visibilitySql,
  type ProductKey,
  type ProductView,
} from './products.queries';

export type { ProductKey, ProductView } from './products.queries';

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

/** The language of a storefront answer's content, and its fallback (the workspace's default language). */
export interface AnswerLanguage {
  language: string;
  defaultLanguage: string;
}
const noLanguage: AnswerLanguage = { language: 'en', defaultLanguage: 'en' };

/** How a page is read: whose products, in which view, and whether its filters are selective (see paginateAnswers). */
export interface PageOptions {
  visibility?: ProductVisibility;
  view?: ProductView;
  /** The content language of a storefront view. */
  language?: AnswerLanguage;
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
  /** Category page statements by view, visibility and direction (categoryPageSql). */
  private readonly categoryPages = new Map<string, PreparedStatement>();

  constructor(private readonly db: Db) {}

  /** The answer of the product with this key (core view: ETag = its version), or a 404 problem. */
  async one<R = ProductResponse>(
    ctx: RequestContext | Tx,
    key: ProductKey,
    value: string,
    visibility: ProductVisibility = everything,
    view: ProductView = 'core',
    language: AnswerLanguage = noLanguage,
  ): Promise<R> {
    const found = await this.find<R>(ctx, key, value, visibility, view, language);
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
    language: AnswerLanguage = noLanguage,
  ): Promise<R | null> {
    const languages = viewHasLanguage(view) ? [language.language, language.defaultLanguage] : [];
    const extra = visibilitySql(visibility, 3 + languages.length);
    const [row] = await this.repo(ctx).prepared<AnswerRow<R>>(this.lookup(key, extra.sql, view), [
      value,
      ...languages,
      ...extra.values,
    ]);
    if (!row) return null;
    // The storefront's view also holds rows the product's version does not count (texts, stock,
    // the caller's price): the version would be a wrong ETag for it, so it gets none.
    return view === 'core' ? withEtag(row.answer as R & object, row.version) : row.answer;
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
    const view = options.view ?? 'core';
    if (viewHasLanguage(view)) {
      const language = options.language ?? noLanguage;
      qb.setParameters({ __language: language.language, __fallbackLanguage: language.defaultLanguage });
    }
    const answer = answerSelect(view);
    const page = await paginateAnswers<AnswerRow<R>, S>(
      qb,
      params,
      spec,
      { table: 'products', select: answer },
      { materialize: options.selective },
    );
    return { data: page.data.map((row) => row.answer), total: page.total };
  }

  /**
   * A page of one category's products in display order (then id), with its total, from the
   * category's listing (the product columns the links carry: migration CategoryListing): the
   * matches are one range of `ix_product_category_links__listing`, and only the page's products
   * are read, by a named prepared statement (`categoryPageSql`). The same rows, order and total as
   * `page` of the category filter, for a visibility without a catalog (the listing has no catalog):
   * `ProductListService` decides.
   */
  async categoryPage<R = ProductResponse>(
    ctx: RequestContext,
    categoryId: string,
    params: ListParams<'DisplayOrder'>,
    options: PageOptions = {},
  ): Promise<Page<R>> {
    const view = options.view ?? 'core';
    const activeOnly = !!options.visibility?.activeOnly;
    const descending = params.sortOrder === 'Desc';
    const key = `${view}:${activeOnly}:${descending}`;
    let statement = this.categoryPages.get(key);
    if (!statement) {
      statement = preparedStatement(categoryPageSql(view, activeOnly, descending));
      this.categoryPages.set(key, statement);
    }
    const language = options.language ?? noLanguage;
    const languages = viewHasLanguage(view) ? [language.language, language.defaultLanguage] : [];
    if (params.take === 0) {
      const total = await this.listing(ctx, categoryId, options.visibility ?? everything).getCount();
      return { data: [], total };
    }
    const rows = await this.db
      .repo(ctx, ProductCategoryLinkEntity, 'Product category link')
      .prepared<AnswerRow<R> & { total: string }>(statement, [
        categoryId,
        params.take,
        params.skip,
        ...languages,
      ]);
    const total = rows.length
      ? Number(rows[0].total)
      : params.skip > 0
        ? await this.listing(ctx, categoryId, options.visibility ?? everything).getCount()
        : 0;
    return { data: rows.map((row) => row.answer), total };
  }

  /**
   * A category's listing: its links (aliased `kl`, with their copies of the products' columns)
   * under `visibility`, whose catalog the listing does not know (the caller checks there is none).
   */
  listing(
    ctx: RequestContext,
    categoryId: string,
    visibility: ProductVisibility,
  ): SelectQueryBuilder<ProductCategoryLinkEntity> {
    const qb = this.db
      .repo(ctx, ProductCategoryLinkEntity, 'Product category link')
      .qb('kl')
      .andWhere('kl.category_id = :__category', { __category: categoryId });
    if (visibility.activeOnly) qb.andWhere('kl.product_active');
    return qb;
  }

  /** The lookup statement by `key` with this visibility condition, made once per shape. */
  private lookup(key: ProductKey, condition: string, view: ProductView): PreparedStatement {
    const cacheKey = `${view}:${key}${condition}`;
    let statement = this.lookups.get(cacheKey);
    if (!statement) {
      statement = preparedStatement(productLookupSql(key, condition, view));
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
