import { Injectable } from '@nestjs/common';
import {
  CategoriesService,
  ProductFiltersService,
  ProductListService,
  ProductReads,
  type ProductVisibility,
} from '../../catalog/catalog.api';
import { AccountsService } from '../../crm/crm.api';
import type { Page } from '../../platform/http/list-query';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type {
  CommerceProduct,
  CommerceProductListRequest,
  ProductFacet,
  ProductFacetsRequest,
} from './commerce-product.dto';
import { productFacets } from './product-facets';

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
    private readonly accounts: AccountsService,
    private readonly filters: ProductFiltersService,
    private readonly categories: CategoriesService,
  ) {}

  /** What the caller may see: a client login → its account's catalog; a user → every active product. */
  async visibility(ctx: RequestContext): Promise<ProductVisibility> {
    if (ctx.userType !== 'Client') return { activeOnly: true };
    const account = await this.accounts.pricingAccount(ctx, { clientLoginId: ctx.actor.id! });
    return { activeOnly: true, catalogId: account?.productCatalogId ?? null };
  }

  async get(ctx: RequestContext, key: 'id' | 'slug' | 'barcode', value: string): Promise<CommerceProduct> {
    return this.reads.one<CommerceProduct>(ctx, key, value, await this.visibility(ctx), 'commerce');
  }

  async list(ctx: RequestContext, q: CommerceProductListRequest): Promise<Page<CommerceProduct>> {
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
      return this.facetsOf(ctx, categoryId, body, { ...visibility, catalogId: body.catalogId }, true);
    return this.facetsOf(ctx, categoryId, body, visibility, false);
  }

  private async facetsOf(
    ctx: RequestContext,
    categoryId: string,
    body: ProductFacetsRequest,
    visibility: ProductVisibility,
    nothing: boolean,
  ): Promise<ProductFacet[]> {
    await this.categories.get(ctx, categoryId);
    const filters = (await this.filters.forCategory(ctx, categoryId))
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((f) => ({ attributeId: f.attributeId, kind: f.kind, title: f.title ?? f.attributeName }));
    const q = {
      categoryIds: [categoryId],
      catalogId: body.catalogId,
      attributes: body.attributes,
      query: body.query,
    } as CommerceProductListRequest & { catalogId?: string };
    const run = async (fallback: boolean) => {
      const qb = this.lists.matching(ctx, q, fallback);
      this.reads.restrict(qb, visibility);
      if (nothing) qb.andWhere('false');
      return productFacets(qb, ctx.workspaceId, filters);
    };
    const facets = await run(false);
    if (facets.total > 0 || !this.lists.hasFallback(q)) return facets.facets;
    return (await run(true)).facets;
  }
}
