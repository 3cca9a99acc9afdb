import { Injectable } from '@nestjs/common';
import { ProductsService } from '../../catalog/products/products.service';
import type { ProductPricingInput } from '../../catalog/products/product-pricing-inputs';
import { AccountsService } from '../../crm/accounts/accounts.service';
import type { PricingAccount } from '../../crm/accounts/account-pricing';
import type { Tx } from '../../platform/database/db';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { PriceScripts, type ScriptPriceInput } from '../atomic-scripts/price-scripts';
import { VatCodesService, type VatTable } from '../vat-codes/vat-codes.service';
import { Exact, exact, money } from './money';
import { priceAmounts, rulePrice } from './price-rule';
import { parseQuantity } from './quantity';

/** One line to price: a product and a quantity (> 0, at most 4 decimals; a number or a decimal string). */
export interface PriceLineRequest {
  productId: string;
  quantity: string | number;
}

export interface PriceLinesRequest {
  /** The account the prices are for (its discount, VAT liability); null = no account (list prices). */
  accountId: string | null;
  lines: readonly PriceLineRequest[];
}

export interface PriceLinesOptions {
  /** Run inside this transaction (required when the caller has one open: one session on the embedded DB). */
  tx?: Tx;
  /** Field names for 400s: `${linesField}[i].productId`, `accountField` (defaults `lines`, `accountId`). */
  linesField?: string;
  accountField?: string;
}

/**
 * A priced line. Money: decimal strings with exactly 2 decimals (`"12.30"`), computed exactly
 * and rounded once at the edge (docs/pricing.md); null when the product has no price
 * (`shouldRequestPrice`). Quantity and VAT rate: plain decimal strings (`"2.5"`, `"21"`).
 * Prices exclude VAT (`pricesIncludeVat` false); VAT amounts are given beside them.
 */
export interface PricedLine {
  productId: string;
  sku: string | null;
  name: string;
  active: boolean;
  quantity: string;
  /** The product's own sales price (one unit, no tier, no discount). */
  salesPrice: string | null;
  purchasePrice: string | null;
  suggestedRetailPrice: string | null;
  /** The unit price of the quantity tier, before the account's discount. */
  listPrice: string | null;
  /** The account's discount applied, in percent (`"0"` without an account). */
  discountPercentage: string;
  /** The customer price of one unit, excl. VAT: tier, discount, then atomic scripts. */
  unitPrice: string | null;
  /** unitPrice × quantity, excl. VAT. */
  lineTotal: string | null;
  pricesIncludeVat: false;
  vatCodeId: string | null;
  vatCode: string | null;
  /** The VAT rate applied in percent (`"0"` for an account that is not VAT liable). */
  vatRate: string;
  unitVatAmount: string | null;
  vatAmount: string | null;
  lineTotalInclVat: string | null;
  shouldRequestPrice: boolean;
  /** Messages from atomic scripts, for the shopper. */
  messages: string[];
}

/** Lines of a priced product set, before amounts: what `price` works on. */
export interface ResolvedLine {
  product: ProductPricingInput;
  quantity: Exact;
}

/**
 * The price engine: product sales price → quantity tier → account discount → atomic scripts,
 * exact decimals, rounded to 2 decimals at the edge. Batch-first: pricing n lines costs a
 * constant number of queries (products, account, VAT codes; scripts come from a cache).
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly products: ProductsService,
    private readonly accounts: AccountsService,
    private readonly vatCodes: VatCodesService,
    private readonly scripts: PriceScripts,
  ) {}

  /**
   * Prices order lines for an account (the sales context's entry point). Unknown products → 400
   * naming `${linesField}[i].productId`; an unknown account → 400 naming `accountField`; a bad
   * quantity → 400 naming `${linesField}[i].quantity`. Inactive products are priced (core use);
   * `active` tells. Answers in the order of `lines`.
   */
  async priceLines(
    ctx: RequestContext,
    request: PriceLinesRequest,
    options: PriceLinesOptions = {},
  ): Promise<PricedLine[]> {
    const linesField = options.linesField ?? 'lines';
    const errors: Record<string, string[]> = {};
    const quantities = request.lines.map((l, i) => {
      const q = parseQuantity(l.quantity);
      if (!q)
        errors[`${linesField}[${i}].quantity`] = ['must be a number greater than 0 with at most 4 decimals'];
      return q;
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const [account, products] = await this.load(
      ctx,
      request.accountId,
      request.lines.map((l) => l.productId),
      options,
    );
    if (request.accountId && !account)
      errors[options.accountField ?? 'accountId'] = [
        `Account ${request.accountId} does not exist in this workspace.`,
      ];
    const byId = new Map(products.map((p) => [p.id, p]));
    request.lines.forEach((l, i) => {
      if (!byId.has(l.productId))
        errors[`${linesField}[${i}].productId`] = [
          `Product ${l.productId} does not exist in this workspace.`,
        ];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const lines = request.lines.map((l, i) => ({
      product: byId.get(l.productId)!,
      quantity: quantities[i]!,
    }));
    return this.price(ctx, account, lines, options.tx);
  }

  /** The account (by id, may be null) and the products, read together. */
  private load(
    ctx: RequestContext,
    accountId: string | null,
    productIds: string[],
    options: PriceLinesOptions,
  ): Promise<[PricingAccount | null, ProductPricingInput[]]> {
    const account = accountId
      ? this.accounts.pricingAccount(ctx, { accountId }, options.tx)
      : Promise.resolve(null);
    const products = this.products.pricingInputs(ctx, { ids: productIds }, options.tx);
    // One session inside a transaction: one after the other there; in parallel on the pool otherwise.
    return options.tx ? account.then(async (a) => [a, await products]) : Promise.all([account, products]);
  }

  /** Prices resolved lines for an account (null = none): the engine itself. */
  async price(
    ctx: RequestContext,
    account: PricingAccount | null,
    lines: readonly ResolvedLine[],
    tx?: Tx,
  ): Promise<PricedLine[]> {
    if (!lines.length) return [];
    const vat = await this.vatCodes.table(ctx, tx);
    const discount = account ? account.commerceSettings.discountPercentage : 0;
    const vatLiable = account ? account.commerceSettings.vatLiable : true;
    const rule = lines.map((l) =>
      rulePrice(l.product, l.quantity, account ? { discountPercentage: discount } : null),
    );
    const scripted = await this.scripts.apply(
      ctx,
      lines.map((l, i): ScriptPriceInput => ({
        product: {
          id: l.product.id,
          sku: l.product.sku,
          name: l.product.name,
          salesPrice: l.product.salesPrice === null ? null : Number(l.product.salesPrice),
          suggestedRetailPrice:
            l.product.suggestedRetailPrice === null ? null : Number(l.product.suggestedRetailPrice),
          active: l.product.active,
        },
        quantity: Number(l.quantity.toString()),
        account: account
          ? {
              id: account.id,
              displayName: account.displayName,
              accountCode: account.accountCode,
              discountPercentage: discount,
            }
          : null,
        customerPrice:
          rule[i].customerPrice === null ? null : Number(money(rule[i].customerPrice!).toFixed(2)),
        shouldRequestPrice: rule[i].shouldRequestPrice,
      })),
      tx,
    );
    return lines.map((l, i) => {
      const outcome = scripted[i];
      const unit =
        outcome.customerPrice === undefined
          ? rule[i].customerPrice
          : outcome.customerPrice === null
            ? null
            : exact(outcome.customerPrice);
      const shouldRequestPrice = outcome.shouldRequestPrice ?? (rule[i].shouldRequestPrice || unit === null);
      const code = vatCodeOf(vat, l.product.vatCodeId);
      const rate = vatLiable && code ? exact(code.rate) : new Exact(0);
      const shown = shouldRequestPrice ? null : unit;
      const amounts = priceAmounts(shown, l.quantity, rate);
      const m2 = (v: string | null) => (v === null ? null : money(exact(v)).toFixed(2));
      return {
        productId: l.product.id,
        sku: l.product.sku,
        name: l.product.name,
        active: l.product.active,
        quantity: l.quantity.toString(),
        salesPrice: m2(l.product.salesPrice),
        purchasePrice: m2(l.product.purchasePrice),
        suggestedRetailPrice: m2(l.product.suggestedRetailPrice),
        listPrice: rule[i].listPrice === null ? null : money(rule[i].listPrice!).toFixed(2),
        discountPercentage: exact(discount).toString(),
        unitPrice: amounts.unitPrice,
        lineTotal: amounts.lineTotal,
        pricesIncludeVat: false,
        vatCodeId: code?.id ?? null,
        vatCode: code?.code ?? null,
        vatRate: rate.toString(),
        unitVatAmount: amounts.unitVatAmount,
        vatAmount: amounts.vatAmount,
        lineTotalInclVat: amounts.lineTotalInclVat,
        shouldRequestPrice,
        messages: outcome.messages,
      };
    });
  }
}

/** The product's VAT code, or the workspace's default when it has none. */
const vatCodeOf = (vat: VatTable, id: string | null) =>
  id ? (vat.byId.get(id) ?? vat.fallback) : vat.fallback;
