/** What pricing reads of a product (exact decimals as numeric strings). */
export interface ProductPricingInput {
  id: string;
  sku: string | null;
  name: string;
  active: boolean;
  /** Unrounded (numeric(18,4) text), for the rule. */
  salesPrice: string | null;
  /** The prices as answers show them: rounded half away from zero to 2 decimals (`"12.30"`). */
  salesPriceShown: string | null;
  purchasePriceShown: string | null;
  suggestedRetailPriceShown: string | null;
  vatCodeId: string | null;
  /** By minQuantity ascending. */
  tiers: Array<{ minQuantity: string; salesPrice: string }>;
  /** Whether the product is in the catalog asked about; true when none was asked. */
  inCatalog: boolean;
}
