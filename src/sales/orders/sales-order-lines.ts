import { exact, moneyString, type PriceAccountKey } from '../../pricing/pricing.api';
import { Injectable } from '@nestjs/common';
import type { ProductPricingInput } from '../../catalog/catalog.api';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { badRequest, type FieldErrors } from '../../platform/http/problem';
import { OrderPricing, refuseWithoutRules } from './order-pricing';
import type { CreateSalesOrderLineRequest, OrderLineItemBody } from './sales-order-line.dto';
import type { SalesOrderLineEntity } from './sales-order.entity';

/** A line ready to store: the product snapshot and its price, as exact decimal strings. */
export interface ResolvedLine {
  productId: string;
  sku: string | null;
  name: string;
  quantity: string;
  unitPrice: string;
  unitPriceOverridden: boolean;
  discountPercentage: string;
  vatRate: string;
}

const decimal = (n: number) => String(n);

/**
 * Turns requested lines into stored ones: reads the debtor's account (unless given resolved) and
 * the products (by id or sku) once, as the pricing engine reads them; refuses
 * unknown ones and (on the storefront) inactive or other-catalog ones, with the same 400 naming
 * `lines[i].productId` / `sku`, and unpriced ones with a 400 naming `lines[i].…`, and
 * prices them through the engine for the debtor, converted to the order's currency at its rate
 * (rounded to 2 decimals). A Member's `unitPrice` (in the order's currency) wins over the engine on
 * core lines; a commerce line never carries a price.
 */
@Injectable()
export class SalesOrderLineResolver {
  constructor(private readonly pricing: OrderPricing) {}

  /**
   * `debtor`: the order's debtor as an account to read by id (an unknown one is a 400 naming
   * `debtorId`), a storefront shopper's account already resolved, or none (list prices).
   */
  async resolve(
    ctx: RequestContext,
    debtor: PriceAccountKey,
    lines: Array<OrderLineItemBody | CreateSalesOrderLineRequest>,
    options: {
      commerce: boolean;
      /** The order currency's rate to the base currency the engine prices in (default 1). */
      rate?: string;
      prefix?: (i: number) => string;
    },
  ): Promise<ResolvedLine[]> {
    const field = options.prefix ?? ((i: number) => `lines[${i}].`);
    const inputs = await this.pricing.inputs(ctx, debtor, {
      ids: [...new Set(lines.flatMap((l) => (l.productId ? [l.productId.toLowerCase()] : [])))],
      skus: [...new Set(lines.flatMap((l) => (l.sku ? [l.sku] : [])))],
      accountCatalog: options.commerce,
    });
    const found = inputs.products;
    const byId = new Map(found.map((p) => [p.id, p]));
    const bySku = new Map(found.filter((p) => p.sku !== null).map((p) => [p.sku!, p]));
    const errors: FieldErrors = {};
    const products: ProductPricingInput[] = [];
    // The storefront sells what it shows: active products, of the account's catalog if it has one.
    // Any other product does not exist for a shopper: the same answer as an unknown id or sku, so
    // an order cannot tell an inactive (or other catalog's) product from one that never was.
    const offered = (p: ProductPricingInput | undefined) =>
      p && (!options.commerce || (p.active && p.inCatalog)) ? p : undefined;
    lines.forEach((l, i) => {
      const f = field(i);
      const viaId = l.productId ? offered(byId.get(l.productId.toLowerCase())) : undefined;
      const viaSku = l.sku ? offered(bySku.get(l.sku)) : undefined;
      if (l.productId && !viaId)
        errors[`${f}productId`] = [
          options.commerce
            ? `No product with id ${l.productId} is offered to you.`
            : `Product ${l.productId} does not exist in this workspace.`,
        ];
      else if (l.sku && !viaSku)
        errors[`${f}sku`] = [
          options.commerce
            ? `No product with sku ${l.sku} is offered to you.`
            : `No product of this workspace has sku ${l.sku}.`,
        ];
      else if (viaId && viaSku && viaId.id !== viaSku.id)
        errors[`${f}sku`] = ['names another product than productId'];
      const product = viaId ?? viaSku;
      if (!product) return;
      products[i] = product;
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const prices = await this.pricing.price(
      ctx,
      inputs,
      lines.map((l, i) => ({ product: products[i], quantity: decimal(l.quantity) })),
      debtor,
    );
    const resolved = lines.map((l, i): ResolvedLine => {
      const core = options.commerce ? undefined : (l as CreateSalesOrderLineRequest);
      const override = core?.unitPrice;
      const failed = prices[i].rulesFailed;
      if (failed && override === undefined) throw refuseWithoutRules(failed, `${field(i)}productId`);
      const engine = prices[i].unitPrice;
      const converted =
        engine === null || !options.rate || options.rate === '1'
          ? engine
          : moneyString(exact(engine).times(exact(options.rate)));
      const unitPrice = override !== undefined ? decimal(override) : converted;
      if (unitPrice === null)
        errors[`${field(i)}${options.commerce ? 'productId' : 'unitPrice'}`] = [
          options.commerce
            ? 'This product has no price; request a quote instead.'
            : 'The product has no sales price; give unitPrice.',
        ];
      return {
        productId: products[i].id,
        sku: products[i].sku,
        name: products[i].name,
        quantity: decimal(l.quantity),
        unitPrice: unitPrice ?? '0',
        unitPriceOverridden: override !== undefined,
        discountPercentage: decimal(core?.discountPercentage ?? 0),
        vatRate: core?.vatRate !== undefined ? decimal(core.vatRate) : prices[i].vatRate,
      };
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return resolved;
  }
}

/** Rows for `insertMany`, positioned after `start`. */
export const lineRows = (
  orderId: string,
  lines: ResolvedLine[],
  start = 0,
): Array<Partial<SalesOrderLineEntity>> =>
  lines.map((l, i) => ({ salesOrderId: orderId, position: start + i, ...l }));
