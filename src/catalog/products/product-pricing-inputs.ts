import { Brackets } from 'typeorm';
import type { ScopedRepository } from '../../platform/database/scoped-repository';
import type { ProductEntity } from './product.entity';

/** What pricing reads of a product (exact decimals as numeric strings). */
export interface ProductPricingInput {
  id: string;
  sku: string | null;
  name: string;
  active: boolean;
  salesPrice: string | null;
  purchasePrice: string | null;
  suggestedRetailPrice: string | null;
  vatCodeId: string | null;
  /** By minQuantity ascending. */
  tiers: Array<{ minQuantity: string; salesPrice: string }>;
  /** Whether the product is in the catalog asked about (`catalogId`); true when none was asked. */
  inCatalog: boolean;
}

export interface PricingInputsQuery {
  ids?: readonly string[];
  skus?: readonly string[];
  /** Tells for each product whether it belongs to this catalog (`inCatalog`). */
  catalogId?: string | null;
}

interface Row {
  id: string;
  sku: string | null;
  name: string;
  active: boolean;
  sales_price: string | null;
  purchase_price: string | null;
  suggested_retail_price: string | null;
  vat_code_id: string | null;
  tiers: Array<{ minQuantity: string; salesPrice: string }>;
  in_catalog: boolean;
}

/**
 * The pricing inputs of many products in ONE statement (by id and/or sku): the product's columns,
 * its tiers aggregated by a correlated subquery (on `uq_product_price_tiers__min_quantity`) and its
 * membership of a catalog (on `uq_product_catalog_links__catalogs`). Lookups use the primary key
 * and `uq_products__sku`. Tier values are cast to text so no float ever holds them.
 */
export async function loadPricingInputs(
  repo: ScopedRepository<ProductEntity>,
  query: PricingInputsQuery,
): Promise<ProductPricingInput[]> {
  const ids = [...new Set(query.ids ?? [])];
  const skus = [...new Set(query.skus ?? [])];
  if (!ids.length && !skus.length) return [];
  const qb = repo
    .qb('p')
    .select([
      'p.id AS id',
      'p.sku AS sku',
      'p.name AS name',
      'p.active AS active',
      'p.sales_price AS sales_price',
      'p.purchase_price AS purchase_price',
      'p.suggested_retail_price AS suggested_retail_price',
      'p.vat_code_id AS vat_code_id',
    ])
    .addSelect(
      `coalesce((SELECT json_agg(json_build_object('minQuantity', t.min_quantity::text, 'salesPrice', t.sales_price::text) ORDER BY t.min_quantity)
        FROM product_price_tiers t WHERE t.workspace_id = p.workspace_id AND t.product_id = p.id), '[]'::json)`,
      'tiers',
    )
    .addSelect(
      query.catalogId
        ? `EXISTS (SELECT 1 FROM product_catalog_links l WHERE l.workspace_id = p.workspace_id AND l.product_id = p.id AND l.catalog_id = :catalogId)`
        : 'true',
      'in_catalog',
    )
    .andWhere(
      new Brackets((w) => {
        if (ids.length) w.orWhere('p.id IN (:...ids)', { ids });
        if (skus.length) w.orWhere('p.sku IN (:...skus)', { skus });
      }),
    );
  if (query.catalogId) qb.setParameter('catalogId', query.catalogId);
  const rows = await qb.getRawMany<Row>();
  return rows.map((r) => ({
    id: r.id,
    sku: r.sku,
    name: r.name,
    active: r.active,
    salesPrice: r.sales_price,
    purchasePrice: r.purchase_price,
    suggestedRetailPrice: r.suggested_retail_price,
    vatCodeId: r.vat_code_id,
    tiers: r.tiers,
    inCatalog: r.in_catalog,
  }));
}
