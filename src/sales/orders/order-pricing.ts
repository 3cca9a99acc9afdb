import { Injectable } from '@nestjs/common';
import type { ProductPricingInput } from '../../catalog/catalog.api';
import {
  type PriceAccountKey,
  type PriceInputs,
  type PriceInputsQuery,
  PricingService,
  lineQuantities,
} from '../../pricing/pricing.api';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { badRequest, serviceUnavailable } from '../../platform/http/problem';

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

  /**
   * The debtor's account and the products, read once for both the order's checks and its prices;
   * a debtor named by id that does not exist is a 400 naming `debtorId`.
   */
  async inputs(
    ctx: RequestContext,
    debtor: PriceAccountKey,
    products: Omit<PriceInputsQuery, 'account'>,
  ): Promise<PriceInputs> {
    return this.pricing.inputs(ctx, { account: debtor, ...products });
  }

  async price(
    ctx: RequestContext,
    inputs: PriceInputs,
    items: Array<{ product: ProductPricingInput; quantity: string }>,
    debtor: PriceAccountKey,
  ): Promise<LinePrice[]> {
    if (items.length === 0) return [];
    const quantities = lineQuantities(items.map((item) => item.quantity));
    if (debtor && 'accountId' in debtor && !inputs.account)
      throw badRequest({ debtorId: [`Account ${debtor.accountId} does not exist in this workspace.`] });
    const priced = await this.pricing.price(
      ctx,
      inputs,
      items.map((item, i) => ({ product: item.product, quantity: quantities[i] })),
    );
    return priced.map((p) => ({
      unitPrice: p.shouldRequestPrice ? null : p.unitPrice,
      vatRate: p.vatRate,
      rulesFailed: p.rulesFailed,
    }));
  }
}
