import { Injectable } from '@nestjs/common';
import type { ProductSummary } from '../../catalog/products/product-references.service';
import type { RequestContext } from '../../platform/tenancy/request-context';

/** The engine's price of one line: decimal strings, excluding VAT. */
export interface LinePrice {
  /** null when the product has no price (`shouldRequestPrice`). */
  unitPrice: string | null;
  vatRate: string;
}

/**
 * Prices order lines for the order's debtor, in one batch. Called before the order's transaction
 * opens (pricing reads through its own queries; the embedded database has one session).
 */
@Injectable()
export class OrderPricing {
  async price(
    _ctx: RequestContext,
    _debtorId: string | null,
    items: Array<{ product: ProductSummary; quantity: string }>,
  ): Promise<LinePrice[]> {
    return items.map((i) => ({ unitPrice: i.product.salesPrice, vatRate: '0' }));
  }
}
