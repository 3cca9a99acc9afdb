import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, type Page } from '../../platform/http/list-query';
import { likePattern, filterByIds } from '../../platform/http/paginate';
import type { ProductListRequest, ProductSortBy, ProductTagsQuery, UsedProductTag } from './product-list.dto';
import type { ProductResponse } from './product-response.dto';
import { missingAttributesSql, missingDescriptionSql, missingImagesSql } from './product-issue-rules';
import { ProductEntity } from './product.entity';
import { narrowedBeyond } from './list-members';
import { correctionKey, ProductCorrectionCache } from './product-correction-cache';
import { ProductReads, type PageOptions, type ProductVisibility } from './product-reads';
import {
  correctedQuery,
  exactTsQuery,
  isCorrection,
  prefixTsQuery,
  productSearch,
  searchWords,
  type ProductSearch,
} from './product-search';
import { countUsedProductTags, usedProductTags } from './products.queries';
import { productIdsBySkuSql } from './product-skus.queries';
import { nearestNameWords, visibleNameWords } from './product-words.queries';

/**
 * POST products/list and GET products/tags. Every filter is a condition on `products`; filters on
 * link tables are `p.id = ANY(ARRAY(subquery))`: the subquery runs once on its index and the
 * products are fetched by primary key. (As a plain semi-join, the planner liked to walk every
 * product of the workspace in display order and probe the links for each: 300 ms at 100,000.)
 * The page, its total and every product's whole answer come back in one statement (ProductReads).
 */
/**
 * Each sort's column, each with an index leading with workspace_id (ending in id, the tie-break,
 * but for the unique sku); the storefront test checks the plans.
 */
const productSortColumns: Record<Exclude<ProductSortBy, 'Relevance'>, string> = {
  DisplayOrder: 'p.display_order',
  Id: 'p.id',
  Name: 'p.name',
  Sku: 'p.sku',
  CreatedAt: 'p.created_at',
  SalesPrice: 'p.sales_price',
};

/** A list body whose sort is any product sort (the storefront's are a superset of the core's). */
type AnyProductList = Omit<ProductListRequest, 'sortBy'> & { sortBy: ProductSortBy };

/** A page of a product search, with the corrected query when its words found nothing. */
export type SearchPage<R> = Page<R> & { didYouMean: string | null };

/** The fallback of a word search that found nothing: its query corrected ("did you mean"), or null. */
export interface SearchFallback {
  corrected: string | null;
}

/**
 * `sortBy: Relevance` of a search, best first when ascending (the key grows as relevance falls):
 * tier 0 every word whole in name/sku/gtin/codes, 1 as prefixes there, 2 only through the stemmed
 * display contents; within a tier by ts_rank of the product's words. Without a query: display order.
 */
const wordsRelevance =
  "(CASE WHEN p.search_vector @@ to_tsquery('simple', :exact) THEN 0 " +
  "WHEN p.search_vector @@ to_tsquery('simple', :tsquery) THEN 1 ELSE 2 END " +
  "+ 1.0 / (2 + ts_rank(p.search_vector, to_tsquery('simple', :tsquery))))";
/**
 * Relevance of the fallback, after every tier above: tier 3 the products that hold the "did you
 * mean" words (as prefixes), by their ts_rank; tier 4 those holding the text as a substring.
 */
const fallbackRelevance = (corrected: boolean) =>
  corrected
    ? "(CASE WHEN p.search_vector @@ to_tsquery('simple', :corrected) THEN 3 ELSE 4 END " +
      "+ 1.0 / (2 + ts_rank(p.search_vector, to_tsquery('simple', :corrected))))"
    : 'p.display_order';

/** Members of a list body that a category's listing answers (with `categoryIds` of one category). */
const listingMembers = new Set(['categoryIds', 'sortBy', 'sortOrder', 'take', 'skip', 'query', 'language']);

/**
 * The category whose listing alone answers `q` (ProductReads.categoryPage), or null: one category,
 * in display order (relevance without a query is display order), nothing else narrowing it — any
 * other member with a value, present or added later, takes the general path — and no catalog
 * restricting the caller (the listing does not know catalogs).
 */
export function listedCategory(q: AnyProductList, visibility: ProductVisibility = {}): string | null {
  if (q.categoryIds?.length !== 1 || visibility.catalogId || q.query?.trim()) return null;
  if (q.sortBy !== 'DisplayOrder' && q.sortBy !== 'Relevance') return null;
  return narrowedBeyond(q, listingMembers) ? null : q.categoryIds[0];
}

@Injectable()
export class ProductListService {
  constructor(
    private readonly db: Db,
    private readonly reads: ProductReads,
    private readonly corrections: ProductCorrectionCache,
  ) {}

  /** The scoped query of products matching the list filters (without the text search, sorting or paging). */
  filtered(ctx: RequestContext, q: AnyProductList): SelectQueryBuilder<ProductEntity> {
    const ws = ctx.workspaceId;
    const qb = this.db.repo(ctx, ProductEntity, 'Product').qb('p');
    filterByIds(qb, q);
    if (q.skus?.length)
      qb.andWhere(`p.id = ANY(${productIdsBySkuSql(':ws', ':skus')})`, { ws, skus: q.skus });
    if (q.gtins?.length) qb.andWhere('p.gtin IN (:...gtins)', { gtins: q.gtins });
    if (q.slugs?.length) qb.andWhere('p.slug IN (:...slugs)', { slugs: q.slugs });
    if (q.type) qb.andWhere('p.product_type = :type', { type: q.type });
    if (q.barcodes?.length) {
      qb.andWhere(
        'p.id = ANY(ARRAY(SELECT b.product_id FROM product_barcodes b WHERE b.workspace_id = :ws AND b.barcode IN (:...barcodes)))',
        {
          ws,
          barcodes: q.barcodes,
        },
      );
    }
    if (q.catalogId) {
      qb.andWhere(
        'p.id = ANY(ARRAY(SELECT cl.product_id FROM product_catalog_links cl WHERE cl.workspace_id = :ws AND cl.catalog_id = :catalogId))',
        {
          ws,
          catalogId: q.catalogId,
        },
      );
    }
    if (q.categoryIds?.length) {
      qb.andWhere(
        'p.id = ANY(ARRAY(SELECT kl.product_id FROM product_category_links kl WHERE kl.workspace_id = :ws AND kl.category_id IN (:...categoryIds)))',
        { ws, categoryIds: q.categoryIds },
      );
    }
    (q.attributes ?? []).forEach((filter, i) => {
      const values = filter.values.length
        ? `AND av.values && CAST(:attrValues${i} AS text[])`
        : 'AND cardinality(av.values) > 0';
      qb.andWhere(
        `p.id = ANY(ARRAY(SELECT av.product_id FROM product_attribute_values av WHERE av.workspace_id = :ws AND av.attribute_id = :attr${i} ${values}))`,
        { ws, [`attr${i}`]: filter.attributeId, [`attrValues${i}`]: filter.values },
      );
    });
    const issue = (flag: boolean | undefined, sql: string) => {
      if (flag !== undefined) qb.andWhere(flag ? sql : `NOT (${sql})`);
    };
    issue(q.isMissingImages, missingImagesSql('p'));
    issue(q.isMissingDescription, missingDescriptionSql('p'));
    issue(q.isMissingAttributes, missingAttributesSql('p'));
    return qb;
  }

  /**
   * The text search of `query` (product-search.ts) on the filtered products. Stemmed: the words,
   * stemmed in any language the workspace supports, among the stems of the product's display
   * contents, each content stemmed in its own language (`@@ ANY(…)` on the product's
   * `contents_search_vector`: one GIN bitmap scan per language, OR-ed with the name's).
   */
  private search(
    qb: SelectQueryBuilder<ProductEntity>,
    search: ProductSearch,
    text: string,
    fallback: SearchFallback | null,
  ): void {
    const words = `p.search_vector @@ to_tsquery('simple', :tsquery)`;
    const substring = '(p.name ILIKE :pattern OR p.sku ILIKE :pattern)';
    if (search.kind === 'substring') qb.andWhere(substring, { pattern: search.pattern });
    else if (search.kind === 'words' && fallback) {
      // A part of name or sku, or the corrected words as prefixes (on the tsvector's index).
      if (fallback.corrected)
        qb.andWhere(`(${substring} OR p.search_vector @@ to_tsquery('simple', :corrected))`, {
          pattern: search.fallback,
          corrected: prefixTsQuery(fallback.corrected),
        });
      else qb.andWhere(substring, { pattern: search.fallback });
    } else if (search.kind === 'words') {
      const stemmed =
        'p.contents_search_vector @@ ANY(ARRAY(SELECT to_tsquery(text_search_config(l.language_code), :tsquery) ' +
        'FROM supported_languages l WHERE l.workspace_id = :ws))';
      qb.andWhere(`(${words} OR ${stemmed})`, { tsquery: search.tsquery });
    } else qb.andWhere(`(${words} OR ${substring})`, { tsquery: search.tsquery, pattern: search.pattern });
    if (search.kind !== 'substring') qb.setParameter('exact', exactTsQuery(text));
  }

  /**
   * The products of `q`: its filters and its text search (no sort, no page). `fallback`: the
   * fallback of a word search (`fallback()`), for when the words find nothing (see `hasFallback`).
   */
  matching(
    ctx: RequestContext,
    q: AnyProductList,
    fallback: SearchFallback | null = null,
  ): SelectQueryBuilder<ProductEntity> {
    const qb = this.filtered(ctx, q);
    const text = q.query?.trim();
    if (text) this.search(qb.setParameter('ws', ctx.workspaceId), productSearch(text), text, fallback);
    return qb;
  }

  /** Whether `q` is a word search that, finding nothing, is tried again (substring, corrected words). */
  hasFallback(q: AnyProductList): boolean {
    const search = q.query?.trim() ? productSearch(q.query) : null;
    return search?.kind === 'words' && search.fallback !== null;
  }

  /**
   * One statement for the page, its answers and its total. Only when a word search found nothing:
   * the correction ("did you mean": `fallback`, two statements unless kept from an earlier search),
   * then the page of the fallback (a part of name or sku, or the corrected words).
   */
  async list<R = ProductResponse>(
    ctx: RequestContext,
    q: AnyProductList,
    options: Omit<PageOptions, 'selective'> = {},
  ): Promise<SearchPage<R>> {
    const params = { ...listParams(q), query: undefined };
    const category = listedCategory(q, options.visibility);
    if (category) {
      const page = await this.reads.categoryPage<R>(
        ctx,
        category,
        { ...params, sortBy: 'DisplayOrder' },
        options,
      );
      return { ...page, didYouMean: null };
    }
    const text = q.query?.trim();
    const search = text ? productSearch(text) : null;
    const relevance = search && search.kind !== 'substring' ? wordsRelevance : 'p.display_order';
    const spec = { sort: { ...productSortColumns, Relevance: relevance } };
    // Filters answered by indexes of their own: their matches are planned apart from the page.
    const selective =
      !!q.query?.trim() ||
      [q.ids, q.skus, q.gtins, q.slugs, q.barcodes, q.categoryIds, q.attributes].some(
        (values) => values?.length,
      ) ||
      !!q.catalogId;
    const page = await this.reads.page<string, R>(this.matching(ctx, q), params, spec, {
      ...options,
      selective,
    });
    if (page.total > 0 || !this.hasFallback(q)) return { ...page, didYouMean: null };
    const fallback = await this.fallback(ctx, q, options.visibility);
    const fallbackSpec = {
      sort: { ...productSortColumns, Relevance: fallbackRelevance(!!fallback.corrected) },
    };
    const found = await this.reads.page<string, R>(this.matching(ctx, q, fallback), params, fallbackSpec, {
      ...options,
      selective,
    });
    return { ...found, didYouMean: fallback.corrected };
  }

  /**
   * The fallback of a word search: each word of the query that no product the caller may see
   * (under the list's filters) holds in its name replaced by the nearest name word that one does
   * (fewest edits: `correctedQuery`), from the words of the workspace's names nearest to it by
   * trigrams (`nearestNameWords`: an ordered scan of their GiST index, no scan of the products),
   * kept where a visible product holds it (`visibleNameWords`). Null when no word changes. Kept
   * between requests for a search of the shop or of categories (ProductCorrectionCache).
   */
  async fallback(
    ctx: RequestContext,
    q: AnyProductList,
    visibility: ProductVisibility = {},
  ): Promise<SearchFallback> {
    const key = correctionKey(ctx.workspaceId, q, visibility);
    const corrected = () => this.correction(ctx, q, visibility);
    return {
      corrected: key ? await this.corrections.through(key, ctx.workspaceId, corrected) : await corrected(),
    };
  }

  /** The query corrected to the nearest words of the names the caller may see (see `fallback`). */
  private async correction(
    ctx: RequestContext,
    q: AnyProductList,
    visibility: ProductVisibility,
  ): Promise<string | null> {
    const words = searchWords(q.query ?? '').filter((word) => !/^\p{N}+$/u.test(word));
    if (!words.length) return null;
    const on = this.db.sql(ctx);
    // The name words near enough to be a correction (or the word itself), then those a product
    // the caller may see holds: the check reads each word's products, so only these few are checked.
    const candidates = (await nearestNameWords(on, words))
      .filter((row) => isCorrection(row.typed, row.word))
      .map((row) => row.word);
    const visible = this.filtered(ctx, q).select('1');
    this.reads.restrict(visible, visibility);
    const [sql, params] = visible.getQueryAndParameters();
    const held = new Set(await visibleNameWords(on, [...new Set(candidates)], { sql, params }));
    return correctedQuery(
      q.query ?? '',
      candidates.filter((word) => held.has(word)),
    );
  }

  /** The tags the workspace's products use, with how many products use each. */
  async tags(ctx: RequestContext, q: ProductTagsQuery): Promise<Page<UsedProductTag>> {
    const on = this.db.sql(ctx);
    const pattern = q.Query ? likePattern(q.Query) : undefined;
    const rows = await usedProductTags(on, {
      pattern,
      byCount: q.SortBy === 'Count',
      descending: q.SortOrder === 'Desc',
      take: q.Take,
      skip: q.Skip,
    });
    const total = rows.length
      ? Number(rows[0].total)
      : q.Skip > 0 || q.Take === 0
        ? await countUsedProductTags(on, pattern)
        : 0;
    return { data: rows.map((r) => ({ value: r.value, count: Number(r.count) })), total };
  }
}
