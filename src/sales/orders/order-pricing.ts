import { Injectable } from '@nestjs/common';
import type { ProductSummary } from '../../catalog/catalog.api';
import { PricingService } from '../../pricing/pricing.api';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { serviceUnavailable } from '../../platform/http/problem';

/** The engine's price of one line: decimal strings, excluding VAT. */
export interface LinePrice {
  /** null when the product has no price (`shouldRequestPrice`). */
  unitPrice: string | null;
  /** The VAT rate of the product's VAT code for the debtor, in percent. */
  vatRate: string;
  /** The workspace's price rules could not be applied to this line (see `refuseWithoutRules`). */
  rulesFailed: { reason: string; retryAfterSeconds: number } | null;
}

/**
 * An order is never priced as if the workspace's rules did not exist: a line whose price comes
 * from the engine and whose rules could not run refuses the order, 503 with Retry-After.
 */
export const refuseWithoutRules = (failed: { reason: string; retryAfterSeconds: number }, field: string) =>
  serviceUnavailable(
    // The cause (a script's error, a deadline) is logged, not shown: it may say what the rules are.
    `The price rules of this workspace could not be applied to ${field}; the order was not saved. Retry later, or ask the workspace to fix its atomic scripts.`,
    failed.retryAfterSeconds,
  );

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
    return priced.map((p) => ({
      unitPrice: p.shouldRequestPrice ? null : p.unitPrice,
      vatRate: p.vatRate,
      rulesFailed: p.rulesFailed,
    }));
  }
}
