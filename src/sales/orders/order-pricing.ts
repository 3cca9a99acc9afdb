import { Injectable } from '@nestjs/common';
import type { ProductSummary } from '../../catalog/products/product-references.service';
import { PricingService } from '../../pricing/prices/pricing.service';
import type { RequestContext } from '../../platform/tenancy/request-context';

/** The engine's price of one line: decimal strings, excluding VAT. */
export interface LinePrice {
  /** null when the product has no price (`shouldRequestPrice`). */
  unitPrice: string | null;
  /** The VAT rate of the product's VAT code for the debtor, in percent. */
  vatRate: string;
}

/**
 * Prices order lines for the order's debtor through the pricing engine, in one batch (product
 * price → quantity tier → the account's discount → atomic scripts). Called before the order's
 * transaction opens, so the counter row is not held while prices are computed.
 */
@Injectable()
export class OrderPricing {
  constructor(private readonly pricing: PricingService) {}

  async price(
    ctx: RequestContext,
    debtorId: string | null,
    items: Array<{ product: ProductSummary; quantity: string }>,
  ): Promise<LinePrice[]> {
    if (items.length === 0) return [];
    const priced = await this.pricing.priceLines(
      ctx,
      { accountId: debtorId, lines: items.map((i) => ({ productId: i.product.id, quantity: i.quantity })) },
      { accountField: 'debtorId' },
    );
    return priced.map((p) => ({ unitPrice: p.shouldRequestPrice ? null : p.unitPrice, vatRate: p.vatRate }));
  }
}
