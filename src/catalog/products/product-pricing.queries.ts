import type { WorkspaceSql } from '../../platform/database/db';
import type { ProductPricingInput } from './product-pricing-inputs';
import { productIdsBySkuSql } from './product-skus.queries';

/**
 * What pricing reads of the product aliased `p` as one json value (ProductPricingInput): prices as
 * numeric text (never a float; `round` is half away from zero, the rounding pricing applies at the
 * edge), the tiers by minQuantity (a correlated subquery on `uq_product_price_tiers__min_quantity`)
 * and `inCatalog` (the SQL condition given).
 */
export const pricingInputSql = (p: string, inCatalog: string): string => `json_build_object(
       'id', ${p}.id, 'sku', ${p}.sku, 'name', ${p}.name, 'active', ${p}.active,
       'salesPrice', ${p}.sales_price::text,
       'salesPriceShown', round(${p}.sales_price, 2)::text,
       'purchasePriceShown', round(${p}.purchase_price, 2)::text,
       'suggestedRetailPriceShown', round(${p}.suggested_retail_price, 2)::text,
       'vatCodeId', ${p}.vat_code_id,
       'tiers', coalesce((SELECT json_agg(json_build_object('minQuantity', t.min_quantity::text, 'salesPrice', t.sales_price::text) ORDER BY t.min_quantity)
         FROM product_price_tiers t WHERE t.workspace_id = ${p}.workspace_id AND t.product_id = ${p}.id), '[]'::json),
       'inCatalog', ${inCatalog})`;

/**
 * What pricing reads of the products with these ids (lower-case uuids) and/or skus, in one
 * statement (`pricingInputSql`); when `catalogId` is given, whether each product is in that
 * catalog (`uq_product_catalog_links__catalogs`; true for every product when it is not).
 */
export async function productPricingInputs(
  on: WorkspaceSql,
  refs: { ids: readonly string[]; skus?: readonly string[] | null; catalogId?: string | null },
): Promise<ProductPricingInput[]> {
  const skus = refs.skus?.length ? refs.skus : null;
  const catalog = refs.catalogId ?? null;
  const inCatalog = `$4::uuid IS NULL OR EXISTS (SELECT 1 FROM product_catalog_links l
         WHERE l.workspace_id = p.workspace_id AND l.product_id = p.id AND l.catalog_id = $4::uuid)`;
  const rows = await on.query<{ products: ProductPricingInput[] }>(
    `SELECT coalesce(json_agg(${pricingInputSql('p', inCatalog)}), '[]'::json) AS products
       FROM products p
      WHERE p.workspace_id = $1 AND (p.id = ANY($2::uuid[]) OR p.id = ANY(${productIdsBySkuSql('$1', '$3')}))`,
    [on.workspaceId, refs.ids, skus ?? [], catalog],
  );
  return rows[0].products;
}
