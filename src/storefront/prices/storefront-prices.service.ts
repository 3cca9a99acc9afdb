import { Injectable } from '@nestjs/common';
import type { ProductPricingInput } from '../../catalog/catalog.api';
import { type PriceAccountKey, PriceOperationsService } from '../../pricing/pricing.api';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { Shoppers } from '../shoppers';
import type {
  CommercePriceRequestItem,
  CommerceProductPrice,
  CommerceProductPriceResult,
} from './commerce-price.dto';

/**
 * Storefront prices: who a price is for, then the pricing engine. A client login is priced for
 * its shopper's account (resolved once; none: list prices) and may not name another; a user gets
 * list prices or the account it names as `customerId`.
 */
@Injectable()
export class StorefrontPricesService {
  constructor(
    private readonly shoppers: Shoppers,
    private readonly operations: PriceOperationsService,
  ) {}

  private async who(ctx: RequestContext, customerId: string | undefined): Promise<PriceAccountKey> {
    if (ctx.userType === 'Client') {
      if (customerId) throw badRequest({ customerId: ['a client login is priced for its own account'] });
      return this.shoppers.account(ctx);
    }
    return customerId ? { accountId: customerId } : null;
  }

  async price(
    ctx: RequestContext,
    id: string,
    quantity?: string,
    customerId?: string,
  ): Promise<CommerceProductPrice> {
    return this.operations.commercePrice(ctx, await this.who(ctx, customerId), id, quantity, customerId);
  }

  /**
   * The caller's price of one unit of each of these products, in order: their pricing inputs come
   * with the products' answers (read with the caller's visibility), so nothing more is read.
   */
  async unitPrices(ctx: RequestContext, products: ProductPricingInput[]): Promise<CommerceProductPrice[]> {
    return this.operations.commerceUnitPrices(ctx, await this.who(ctx, undefined), products);
  }

  /** Per item: a price, or a 404 error for that item alone (unknown, inactive, outside the catalog). */
  async prices(
    ctx: RequestContext,
    items: CommercePriceRequestItem[],
    customerId?: string,
  ): Promise<CommerceProductPriceResult[]> {
    const prices = await this.operations.commercePrices(
      ctx,
      await this.who(ctx, customerId),
      items,
      customerId,
    );
    return items.map((item, i) => {
      const price = prices[i];
      if (!price)
        return {
          identifier: item.identifier,
          productId: null,
          sku: null,
          quantity: Number(item.quantity ?? 1),
          salesPrice: null,
          suggestedRetailPrice: null,
          customerPrice: null,
          shouldRequestPrice: false,
          messages: [],
          vat: null,
          total: null,
          error: { status: 404, detail: 'No active product with this id or sku is offered to the caller.' },
        };
      return { identifier: item.identifier, ...price, error: null };
    });
  }
}
