import { Exact, exact, money, moneyString, plain } from './money';

const hundred = exact(100);

/** What the price rule needs of a product (the catalog's `pricingInputs`). */
export interface ProductPriceInput {
  /** Sales price of one unit (excl. VAT), numeric string; null = price on request. */
  salesPrice: string | null;
  /** Quantity tiers: from `minQuantity` on one unit costs `salesPrice` (numeric strings). */
  tiers: ReadonlyArray<{ minQuantity: string; salesPrice: string }>;
}

/** The account's side of the rule: its discount in percent (0–100, up to 4 decimals). */
export interface AccountPriceInput {
  discountPercentage: number;
}

/** The customer price of one unit before rules (scripts), exact and unrounded. */
export interface RulePrice {
  /** The unit price the tier chose (before the discount); null when on request. */
  listPrice: Exact | null;
  /** `listPrice` less the account's discount; null when on request. */
  customerPrice: Exact | null;
  shouldRequestPrice: boolean;
}

/**
 * The price rule, steps 1–3 (step 4, the atomic scripts, follows in the engine):
 * 1. the product's sales price; none → `shouldRequestPrice`, no price;
 * 2. the quantity tier with the highest `minQuantity` ≤ quantity replaces it;
 * 3. the account's `discountPercentage` is taken off: price × (100 − discount) / 100.
 * Exact throughout; nothing is rounded here (see `priceAmounts`).
 */
export function rulePrice(
  product: ProductPriceInput,
  quantity: Exact,
  account: AccountPriceInput | null,
): RulePrice {
  if (product.salesPrice === null) return { listPrice: null, customerPrice: null, shouldRequestPrice: true };
  let list = exact(product.salesPrice);
  let best: Exact | null = null;
  for (const tier of product.tiers) {
    const min = exact(tier.minQuantity);
    if (min.lte(quantity) && (best === null || min.gt(best))) {
      best = min;
      list = exact(tier.salesPrice);
    }
  }
  const discount = account?.discountPercentage ?? 0;
  const customer = discount === 0 ? list : list.times(hundred.minus(discount)).shift(2);
  return { listPrice: list, customerPrice: customer, shouldRequestPrice: false };
}

/** The amounts of a priced line, all decimal strings with 2 decimals (null when on request). */
export interface LineAmounts {
  /** One unit for the customer, excl. VAT, rounded to 2 decimals. */
  unitPrice: string | null;
  /** VAT of one unit: round2(unitPrice × rate / 100). */
  unitVatAmount: string | null;
  /** unitPrice × quantity, rounded to 2 decimals. */
  lineTotal: string | null;
  /** VAT of the line: round2(lineTotal × rate / 100). */
  vatAmount: string | null;
  /** lineTotal + vatAmount. */
  lineTotalInclVat: string | null;
}

/**
 * The edge: the unit price is rounded to 2 decimals first (the price the customer sees), the line
 * is that rounded price × quantity rounded again, and VAT is computed on the rounded amounts, so
 * an order's lines add up to what the customer was shown.
 */
export function priceAmounts(unit: Exact | null, quantity: Exact, vatRate: Exact): LineAmounts {
  if (unit === null)
    return { unitPrice: null, unitVatAmount: null, lineTotal: null, vatAmount: null, lineTotalInclVat: null };
  const unitRounded = money(unit);
  const line = money(unitRounded.times(quantity));
  const vat = money(line.times(vatRate).shift(2));
  return {
    unitPrice: unitRounded.toFixed(2),
    unitVatAmount: moneyString(unitRounded.times(vatRate).shift(2)),
    lineTotal: line.toFixed(2),
    vatAmount: vat.toFixed(2),
    lineTotalInclVat: line.plus(vat).toFixed(2),
  };
}

export { plain };
