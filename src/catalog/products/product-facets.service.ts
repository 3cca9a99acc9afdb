import { Injectable } from '@nestjs/common';
import { notFound } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ProductAttributeFilter } from './product-list.dto';
import { listedCategory, ProductListService, type SearchFallback } from './product-list.service';
import {
  listingFacetColumns,
  productFacets,
  type FacetPricing,
  type ProductFacet,
} from './product-facets.queries';
import { ProductReads, type ProductVisibility } from './product-reads';

/** The list whose facets are wanted: a category's products under a text search and attribute filters. */
export interface FacetsQuery {
  query?: string;
  catalogId?: string;
  attributes?: ProductAttributeFilter[];
}

/**
 * The facets of a category's product list for the storefront: the product filters configured for
 * the category, each counted in SQL over exactly the products the list holds under `visibility`,
 * in one statement (with the category's existence and its filters).
 */
@Injectable()
export class ProductFacetsService {
  constructor(
    private readonly reads: ProductReads,
    private readonly lists: ProductListService,
  ) {}

  /** 404 for an unknown category; `nothing`: a list that can hold no product (every count 0). */
  async facets(
    ctx: RequestContext,
    categoryId: string,
    body: FacetsQuery,
    visibility: ProductVisibility,
    nothing: boolean,
    pricing: FacetPricing | null = { discountPercentage: 0 },
  ): Promise<ProductFacet[]> {
    const q = {
      categoryIds: [categoryId],
      catalogId: body.catalogId,
      attributes: body.attributes,
      query: body.query,
    } as Parameters<ProductListService['matching']>[1];
    if (!nothing && listedCategory({ ...q, sortBy: 'DisplayOrder' }, visibility)) {
      // The category alone: its listing (the links' copies of the products' columns) holds every count.
      const qb = this.reads.listing(ctx, categoryId, visibility);
      const found = await productFacets(qb, ctx.workspaceId, categoryId, pricing, listingFacetColumns);
      if (!found.category) throw notFound('Product category', categoryId);
      return found.facets;
    }
    const run = async (fallback: SearchFallback | null) => {
      const qb = this.lists.matching(ctx, q, fallback);
      this.reads.restrict(qb, visibility);
      if (nothing) qb.andWhere('false');
      const found = await productFacets(qb, ctx.workspaceId, categoryId, pricing);
      if (!found.category) throw notFound('Product category', categoryId);
      return found;
    };
    const facets = await run(null);
    if (facets.total > 0 || !this.lists.hasFallback(q)) return facets.facets;
    // As the list does: a part of name or sku, or the corrected words.
    return (await run(await this.lists.fallback(ctx, q, visibility))).facets;
  }
}
