import { Injectable } from '@nestjs/common';
import {
  type AnswerLanguage,
  type ProductPricingInput,
  ProductFacetsService,
  ProductListService,
  ProductReads,
  type ProductVisibility,
} from '../../catalog/catalog.api';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { Shoppers } from '../shoppers';
import { StorefrontPricesService } from '../prices/storefront-prices.service';
import type {
  CommerceProduct,
  CommerceProductListRequest,
  CommerceProductPage,
  ProductFacet,
  ProductFacetsRequest,
} from './commerce-product.dto';
/** A product as the commerce view reads it: the answer and what pricing needs of it. */
type Read = Omit<CommerceProduct, 'price'> & { pricingInput: ProductPricingInput };

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
    private readonly prices: StorefrontPricesService,
  ) {}

  /** What the caller may see: a client login → its account's catalog; a user → every active product. */
  async visibility(ctx: RequestContext): Promise<ProductVisibility> {
    if (ctx.userType !== 'Client') return { activeOnly: true };
    const account = await this.shoppers.account(ctx);
    return { activeOnly: true, catalogId: account?.productCatalogId ?? null };
  }

  async get(
    ctx: RequestContext,
    key: 'id' | 'slug' | 'barcode',
    value: string,
    language: AnswerLanguage,
  ): Promise<CommerceProduct> {
    const product = await this.reads.one<Read>(
      ctx,
      key,
      value,
      await this.visibility(ctx),
      'commerce',
      language,
    );
    return (await this.priced(ctx, [product]))[0];
  }

  async list(
    ctx: RequestContext,
    q: CommerceProductListRequest,
    language: AnswerLanguage,
  ): Promise<CommerceProductPage> {
    const page = await this.lists.list<Read>(ctx, q, {
      visibility: await this.visibility(ctx),
      view: 'commerce',
      language,
    });
    return { ...page, data: await this.priced(ctx, page.data) };
  }

  /**
   * The answers with the caller's price of one unit (`price`), as the price operations answer it
   * (tiers at quantity 1, the account's discount, atomic scripts, VAT): one batched pricing of the
   * products' inputs, which came in the same statement as the answers.
   */
  private async priced(ctx: RequestContext, reads: Read[]): Promise<CommerceProduct[]> {
    if (reads.length === 0) return [];
    const prices = await this.prices.unitPrices(
      ctx,
      reads.map((r) => r.pricingInput),
    );
    return reads.map(({ pricingInput: _input, ...product }, i) => ({ ...product, price: prices[i] }));
  }

  /**
   * The facets of the category's list under the body's query and filters, counted in SQL; the
   * Price facet ranges over the caller's unit prices before atomic scripts (none when its account
   * hides prices).
   */
  async facets(ctx: RequestContext, categoryId: string, body: ProductFacetsRequest): Promise<ProductFacet[]> {
    if (body.categoryId && body.categoryId !== categoryId)
      throw badRequest({ categoryId: ['must be the category of the path when given'] });
    const visibility = await this.visibility(ctx);
    const account = await this.shoppers.account(ctx);
    const pricing =
      account?.commerceSettings.priceVisibility === 'Hidden'
        ? null
        : { discountPercentage: account?.commerceSettings.discountPercentage ?? 0 };
    // A client limited to its account's catalog cannot widen or swap it.
    const swapped = !!body.catalogId && !!visibility.catalogId && body.catalogId !== visibility.catalogId;
    return this.facetCounts.facets(
      ctx,
      categoryId,
      body,
      swapped ? { ...visibility, catalogId: body.catalogId } : visibility,
      swapped,
      pricing,
    );
  }
}
