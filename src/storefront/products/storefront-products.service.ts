import { Injectable } from '@nestjs/common';
import {
  ProductFacetsService,
  ProductListService,
  ProductReads,
  type ProductVisibility,
} from '../../catalog/catalog.api';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { Shoppers } from '../shoppers';
import type {
  CommerceProduct,
  CommerceProductListRequest,
  CommerceProductPage,
  ProductFacet,
  ProductFacetsRequest,
} from './commerce-product.dto';
/**
 * The storefront's catalog: the catalog's one-statement reads (ProductReads) with the caller's
 * visibility — active products only, and for a client login whose account has a product catalog,
 * that catalog only. Another product is simply not there (404, absent from lists and facets).
 */
@Injectable()
export class StorefrontProductsService {
  constructor(
    private readonly reads: ProductReads,
    private readonly lists: ProductListService,
    private readonly shoppers: Shoppers,
    private readonly facetCounts: ProductFacetsService,
  ) {}

  /** What the caller may see: a client login → its account's catalog; a user → every active product. */
  async visibility(ctx: RequestContext): Promise<ProductVisibility> {
    if (ctx.userType !== 'Client') return { activeOnly: true };
    const account = await this.shoppers.account(ctx);
    return { activeOnly: true, catalogId: account?.productCatalogId ?? null };
  }

  async get(ctx: RequestContext, key: 'id' | 'slug' | 'barcode', value: string): Promise<CommerceProduct> {
    return this.reads.one<CommerceProduct>(ctx, key, value, await this.visibility(ctx), 'commerce');
  }

  async list(ctx: RequestContext, q: CommerceProductListRequest): Promise<CommerceProductPage> {
    return this.lists.list<CommerceProduct>(ctx, q, {
      visibility: await this.visibility(ctx),
      view: 'commerce',
    });
  }

  /** The facets of the category's list under the body's query and filters, counted in SQL. */
  async facets(ctx: RequestContext, categoryId: string, body: ProductFacetsRequest): Promise<ProductFacet[]> {
    if (body.categoryId && body.categoryId !== categoryId)
      throw badRequest({ categoryId: ['must be the category of the path when given'] });
    const visibility = await this.visibility(ctx);
    // A client limited to its account's catalog cannot widen or swap it.
    if (body.catalogId && visibility.catalogId && body.catalogId !== visibility.catalogId)
      return this.facetCounts.facets(
        ctx,
        categoryId,
        body,
        { ...visibility, catalogId: body.catalogId },
        true,
      );
    return this.facetCounts.facets(ctx, categoryId, body, visibility, false);
  }
}
