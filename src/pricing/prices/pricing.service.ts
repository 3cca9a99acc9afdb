import { Injectable } from '@nestjs/common';
import { type ProductPricingInput, ProductReferencesService } from '../../catalog/catalog.api';
import { AccountsService } from '../../crm/crm.api';
import { Db, Tx } from '../../platform/database/db';
import { badRequest } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { PriceScripts, type ScriptPriceInput } from '../atomic-scripts/price-scripts';
import { exact, money, zero, type Exact } from './money';
import { toVatTable, type PriceInputs, type PriceInputsQuery, type VatTable } from './price-inputs';
import { priceTables } from './price-inputs.queries';
import { PriceTablesCache, type PriceTables } from './price-tables-cache';
import { priceAmounts, rulePrice } from './price-rule';
import { lineQuantities } from './quantity';

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
  /**
   * Set when the workspace's active price rules could not be applied to this line (fail closed:
   * the line is then on request, with `rulesNotAppliedMessage`). Orders refuse such a line (503).
   */
  rulesFailed: { reason: string; retryAfterSeconds: number } | null;
}

/** What a line whose price rules could not run tells the caller (the cause is in the log). */
export const rulesNotAppliedMessage =
  'The price rules of this workspace could not be applied to this product; the price is on request.';

/** Lines of a priced product set, before amounts: what `price` works on. */
export interface ResolvedLine {
  product: ProductPricingInput;
  quantity: Exact;
}

/** Who the lines are priced for (null = no account: list prices) and the workspace's VAT codes. */
export type PriceContext = Pick<PriceInputs, 'account' | 'vat' | 'scriptsVersion'>;

/**
 * The price engine: product sales price → quantity tier → account discount → atomic scripts,
 * exact decimals, rounded to 2 decimals at the edge. Batch-first: a price request reads its
 * products (one catalog statement); its VAT codes and scripts version (one pricing statement) and
 * its account (when not given resolved) come from notified caches outside a transaction, as do
 * the compiled scripts.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly db: Db,
    private readonly scripts: PriceScripts,
    private readonly accounts: AccountsService,
    private readonly products: ProductReferencesService,
    private readonly tables: PriceTablesCache,
  ) {}

  /**
   * The account, the VAT codes and the products of a price request: the account through the
   * CRM (unless the caller resolved it), the products through the catalog (with their membership
   * of the account's catalog when asked), then pricing's own tables (outside a transaction from
   * the PriceTablesCache: then the products are the request's one statement).
   */
  async inputs(on: RequestContext | Tx, query: PriceInputsQuery): Promise<PriceInputs> {
    const key = query.account;
    const account =
      key === null ? null : 'accountId' in key ? await this.accounts.pricingAccount(on, key.accountId) : key;
    const catalogId = query.accountCatalog ? (account?.productCatalogId ?? null) : null;
    const given = query.products;
    const productsOf = async () =>
      given ?? this.products.pricingInputs(on, { ids: query.ids, skus: query.skus, catalogId });
    const tablesOf = async (): Promise<PriceTables> => {
      const tables = await priceTables(this.db.sql(on));
      return { vat: toVatTable(tables.vatCodes), scriptsVersion: tables.scriptsVersion ?? '' };
    };
    // Inside a transaction every statement takes its one connection in turn, and the tables are
    // read (the transaction may have changed them). Outside one, a miss goes to the pool beside
    // the products (one round trip of latency).
    const [products, tables] =
      on instanceof Tx
        ? [await productsOf(), await tablesOf()]
        : await Promise.all([productsOf(), this.tables.of(on.workspaceId, tablesOf)]);
    return { account, products, ...tables };
  }

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
    const quantities = lineQuantities(
      request.lines.map((l) => l.quantity),
      linesField,
    );
    const errors: Record<string, string[]> = {};
    const inputs = await this.inputs(options.tx ?? ctx, {
      account: request.accountId ? { accountId: request.accountId } : null,
      ids: [...new Set(request.lines.map((l) => l.productId.toLowerCase()))],
    });
    if (request.accountId && !inputs.account)
      errors[options.accountField ?? 'accountId'] = [
        `Account ${request.accountId} does not exist in this workspace.`,
      ];
    const byId = new Map(inputs.products.map((p) => [p.id, p]));
    request.lines.forEach((l, i) => {
      if (!byId.has(l.productId.toLowerCase()))
        errors[`${linesField}[${i}].productId`] = [
          `Product ${l.productId} does not exist in this workspace.`,
        ];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const lines = request.lines.map((l, i) => ({
      product: byId.get(l.productId.toLowerCase())!,
      quantity: quantities[i],
    }));
    return this.price(ctx, inputs, lines, options.tx);
  }

  /** Prices resolved lines for the account of `on` (null = none): the engine itself. */
  async price(
    ctx: RequestContext,
    on: PriceContext,
    lines: readonly ResolvedLine[],
    tx?: Tx,
  ): Promise<PricedLine[]> {
    if (!lines.length) return [];
    const { account, vat } = on;
    const discount = account ? account.commerceSettings.discountPercentage : 0;
    const discountText = exact(discount).toString();
    const vatLiable = account ? account.commerceSettings.vatLiable : true;
    const scriptAccount = account
      ? {
          id: account.id,
          displayName: account.displayName,
          accountCode: account.accountCode,
          discountPercentage: discount,
        }
      : null;
    const rule = lines.map((l) =>
      rulePrice(l.product, l.quantity, account ? { discountPercentage: discount } : null),
    );
    const scripted = await this.scripts.apply(
      ctx,
      lines,
      (l, i): ScriptPriceInput => ({
        product: {
          id: l.product.id,
          sku: l.product.sku,
          name: l.product.name,
          salesPrice: numberOrNull(l.product.salesPriceShown),
          suggestedRetailPrice: numberOrNull(l.product.suggestedRetailPriceShown),
          active: l.product.active,
        },
        quantity: l.quantity.toNumber(),
        account: scriptAccount,
        customerPrice: rule[i].customerPrice === null ? null : money(rule[i].customerPrice!).toNumber(),
        shouldRequestPrice: rule[i].shouldRequestPrice,
      }),
      tx,
      on.scriptsVersion,
    );
    return lines.map((l, i) => {
      const outcome = scripted?.[i];
      const failed = outcome?.failed ?? null;
      const unit =
        outcome?.customerPrice === undefined
          ? rule[i].customerPrice
          : outcome.customerPrice === null
            ? null
            : exact(outcome.customerPrice);
      // Fail closed: never a price computed as if the rules did not exist.
      const shouldRequestPrice =
        failed !== null || (outcome?.shouldRequestPrice ?? (rule[i].shouldRequestPrice || unit === null));
      const code = vatCodeOf(vat, l.product.vatCodeId);
      const rate = vatLiable && code ? code.rate : zero;
      const amounts = priceAmounts(shouldRequestPrice ? null : unit, l.quantity, rate);
      return {
        productId: l.product.id,
        sku: l.product.sku,
        name: l.product.name,
        active: l.product.active,
        quantity: l.quantity.toString(),
        salesPrice: l.product.salesPriceShown,
        purchasePrice: l.product.purchasePriceShown,
        suggestedRetailPrice: l.product.suggestedRetailPriceShown,
        listPrice: rule[i].listPrice === null ? null : money(rule[i].listPrice!).toFixed(2),
        discountPercentage: discountText,
        unitPrice: amounts.unitPrice,
        lineTotal: amounts.lineTotal,
        pricesIncludeVat: false,
        vatCodeId: code?.id ?? null,
        vatCode: code?.code ?? null,
        vatRate: vatLiable && code ? code.rateText : '0',
        unitVatAmount: amounts.unitVatAmount,
        vatAmount: amounts.vatAmount,
        lineTotalInclVat: amounts.lineTotalInclVat,
        shouldRequestPrice,
        messages: failed ? [...outcome!.messages, rulesNotAppliedMessage] : (outcome?.messages ?? []),
        rulesFailed: failed,
      };
    });
  }
}

const numberOrNull = (v: string | null): number | null => (v === null ? null : Number(v));

/** The product's VAT code, or the workspace's default when it has none. */
const vatCodeOf = (vat: VatTable, id: string | null) =>
  id ? (vat.byId.get(id) ?? vat.fallback) : vat.fallback;
