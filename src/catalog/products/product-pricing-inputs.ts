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

/**
 * The pricing input of the product aliased `p` as one json value (`ProductPricingInput`), for a
 * statement that reads products (scoped to `$1`) beside other things: pricing reads its account,
 * VAT codes and products in ONE statement. The tiers are a correlated subquery on
 * `uq_product_price_tiers__min_quantity`; `catalogIdSql`, an SQL expression of a catalog id (null =
 * none), decides `inCatalog` on `uq_product_catalog_links__catalogs`; without it `inCatalog` is
 * true. Prices travel as numeric text (never a float); PostgreSQL's `round` is half away from
 * zero, the rounding pricing applies at the edge.
 */
export const productPricingInputSql = (p: string, catalogIdSql?: string): string => `json_build_object(
  'id', ${p}.id, 'sku', ${p}.sku, 'name', ${p}.name, 'active', ${p}.active,
  'salesPrice', ${p}.sales_price::text,
  'salesPriceShown', round(${p}.sales_price, 2)::text,
  'purchasePriceShown', round(${p}.purchase_price, 2)::text,
  'suggestedRetailPriceShown', round(${p}.suggested_retail_price, 2)::text,
  'vatCodeId', ${p}.vat_code_id,
  'tiers', coalesce((SELECT json_agg(json_build_object('minQuantity', t.min_quantity::text, 'salesPrice', t.sales_price::text) ORDER BY t.min_quantity)
    FROM product_price_tiers t WHERE t.workspace_id = ${p}.workspace_id AND t.product_id = ${p}.id), '[]'::json),
  'inCatalog', ${
    catalogIdSql
      ? `(${catalogIdSql}) IS NULL OR EXISTS (SELECT 1 FROM product_catalog_links l WHERE l.workspace_id = ${p}.workspace_id AND l.product_id = ${p}.id AND l.catalog_id = (${catalogIdSql}))`
      : 'true'
  })`;
