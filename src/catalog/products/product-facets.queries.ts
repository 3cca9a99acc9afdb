import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** One filter a storefront can offer on a list, with what the list holds (the storefront's `ProductFacet`). */
export interface ProductFacet {
  kind: 'List' | 'Range' | 'Boolean' | 'Brand' | 'Price';
  attributeId: string | null;
  title: string;
  values: Array<{ value: string; label: string | null; count: number }>;
  min: number | null;
  max: number | null;
}

/** A configured storefront filter of the category: the attribute, how it is offered, its title. */
export interface FacetFilter {
  attributeId: string;
  kind: 'List' | 'Range' | 'Boolean';
  title: string;
}

const numeric = `'^-?[0-9]{1,14}([.][0-9]+)?$'`;

export interface FacetRows {
  /** Whether the category of the list exists in the workspace (else the facets are a 404). */
  category: boolean;
  /** The filters configured for the category (its own and every category's), in their order. */
  filters: FacetFilter[];
  total: number;
  values: Array<{ attributeId: string; value: string; count: number }>;
  ranges: Array<{ attributeId: string; min: number; max: number }>;
  brands: Array<{ value: string; label: string; count: number }>;
  price: { min: number | null; max: number | null };
}

/** Whose prices the Price facet ranges over: the account's discount (0: list prices). */
export interface FacetPricing {
  discountPercentage: number;
}

/**
 * The unit price a shopper pays before atomic scripts, excl. VAT, for the product aliased `p`:
 * none when the product has no sales price (on request, whatever its tiers), else the quantity
 * tier that applies at quantity 1 (the highest `min_quantity` ≤ 1), else the sales price, less the
 * account's discount (`discount`, a placeholder in percent) — the price rule's steps 1–3
 * (pricing's `rulePrice`, held to it by e2e `catalog/shopper-unit-price`). The database function
 * `product_unit_price_at_one` (migration CategoryListing) is the same rule before the discount.
 */
export const shopperUnitPriceSql = (p: string, discount: string): string =>
  `(product_unit_price_at_one(${p}.workspace_id, ${p}.id, ${p}.sales_price) * (100 - CAST(${discount} AS numeric)) / 100)`;

/**
 * `shopperUnitPriceSql` from a category's listing (the link aliased `kl`, whose
 * `product_unit_price` is the tier at 1 or the sales price, kept by the CategoryListing triggers).
 */
export const listedUnitPriceSql = (kl: string, discount: string): string =>
  `(${kl}.product_unit_price * (100 - CAST(${discount} AS numeric)) / 100)`;

/** Where a facets query (its alias) reads a product's id, brand and unit price. */
export interface FacetColumns {
  id: string;
  brandId: string;
  unitPrice: (discount: string) => string;
}

/** The columns of a products query (aliased `p`). */
export const productFacetColumns: FacetColumns = {
  id: 'p.id',
  brandId: 'p.brand_id',
  unitPrice: (discount) => shopperUnitPriceSql('p', discount),
};

/** The columns of a category's listing (the links, aliased `kl`). */
export const listingFacetColumns: FacetColumns = {
  id: 'kl.product_id',
  brandId: 'kl.product_brand_id',
  unitPrice: (discount) => listedUnitPriceSql('kl', discount),
};

/**
 * The SQL of the facets of a list: `matches` selects `id, brand_id, unit_price` of the list's
 * products; `workspace` and `category` (the category whose list it is) are parameter
 * placeholders. The product filters configured for the category (its own and every category's,
 * by displayOrder, the every-category ones first, then by attribute name) are read by the same
 * statement, and whether the category exists. One row, one json column `facets` (FacetRows).
 */
export const facetsSql = (
  matches: string,
  workspace: string,
  category: string,
): string => `WITH __m AS MATERIALIZED (${matches}),
    __f AS (SELECT f.id, f.attribute_id, f.kind, coalesce(f.title, a.name) AS title, f.display_order,
                   f.category_id, lower(a.name) AS attribute_name
              FROM product_filters f
              JOIN product_attributes a ON a.workspace_id = f.workspace_id AND a.id = f.attribute_id
             WHERE f.workspace_id = ${workspace} AND (f.category_id IS NULL OR f.category_id = ${category})),
    __v AS (SELECT av.attribute_id, v.value, count(*) AS n
              FROM __m JOIN product_attribute_values av
                ON av.workspace_id = ${workspace} AND av.product_id = __m.id
               AND av.attribute_id IN (SELECT __f.attribute_id FROM __f)
             CROSS JOIN LATERAL unnest(av.values) AS v(value)
             GROUP BY av.attribute_id, v.value)
    SELECT json_build_object(
      'category', EXISTS (SELECT 1 FROM product_categories c WHERE c.workspace_id = ${workspace} AND c.id = ${category}),
      'filters', coalesce((SELECT json_agg(json_build_object('attributeId', __f.attribute_id, 'kind', __f.kind,
          'title', __f.title) ORDER BY __f.display_order, __f.category_id NULLS FIRST, __f.attribute_name, __f.id)
          FROM __f), '[]'),
      'total', (SELECT count(*) FROM __m),
      'values', coalesce((SELECT json_agg(json_build_object('attributeId', __v.attribute_id, 'value', __v.value,
          'count', __v.n) ORDER BY __v.n DESC, __v.value) FROM __v), '[]'),
      'ranges', coalesce((SELECT json_agg(json_build_object('attributeId', r.attribute_id, 'min', r.min, 'max', r.max))
          FROM (SELECT attribute_id, min(value::numeric) AS min, max(value::numeric) AS max FROM __v
                 WHERE value ~ ${numeric} GROUP BY attribute_id) r), '[]'),
      'brands', coalesce((SELECT json_agg(json_build_object('value', b.brand_id, 'label', br.name, 'count', b.n)
          ORDER BY b.n DESC, br.name, b.brand_id)
          FROM (SELECT brand_id, count(*) AS n FROM __m WHERE brand_id IS NOT NULL GROUP BY brand_id) b
          JOIN brands br ON br.workspace_id = ${workspace} AND br.id = b.brand_id), '[]'),
      'price', (SELECT json_build_object('min', round(min(unit_price), 2), 'max', round(max(unit_price), 2)) FROM __m)
    ) AS facets`;

/**
 * The facets of a list in ONE statement: whether its category exists, the product filters
 * configured for it, the list's products (the filtered query `qb`: products aliased `p`, or a
 * category's listing aliased `kl` with `listingFacetColumns`) materialized
 * once, then per configured attribute filter its values with counts (List,
 * Boolean) or its numeric range (Range), the brands with counts and the range of the shopper's unit
 * prices before atomic scripts (`pricing`; null: prices hidden, no range) —
 * all counted in SQL over exactly the products the list holds.
 */
export async function productFacets(
  qb: SelectQueryBuilder<ObjectLiteral>,
  workspaceId: string,
  categoryId: string,
  pricing: FacetPricing | null,
  columns: FacetColumns = productFacetColumns,
): Promise<{ category: boolean; total: number; facets: ProductFacet[] }> {
  qb.select(columns.id, 'id')
    .addSelect(columns.brandId, 'brand_id')
    .addSelect(pricing === null ? 'NULL::numeric' : columns.unitPrice(':__facetDiscount'), 'unit_price');
  const sql = `(${facetsSql(qb.getQuery(), ':__facetWorkspace', 'CAST(:__facetCategory AS uuid)')})`;
  const row = await qb
    .createQueryBuilder()
    .select('__f.facets', 'facets')
    .from(sql, '__f')
    .setParameters({
      ...qb.getParameters(),
      __facetCategory: categoryId,
      __facetWorkspace: workspaceId,
      __facetDiscount: pricing?.discountPercentage ?? 0,
    })
    .getRawOne<{ facets: FacetRows }>();
  const rows = row!.facets;
  return { category: rows.category, total: rows.total, facets: toFacets(rows) };
}

/** The configured filters in their order, each with its counts, then brands and price (when the list has any). */
export function toFacets(rows: FacetRows): ProductFacet[] {
  const facets: ProductFacet[] = rows.filters.map((f) => {
    const range = rows.ranges.find((r) => r.attributeId === f.attributeId);
    const values = rows.values
      .filter((v) => v.attributeId === f.attributeId)
      .filter((v) => f.kind !== 'Boolean' || v.value === 'true' || v.value === 'false')
      .map((v) => ({ value: v.value, label: v.value, count: v.count }));
    return {
      kind: f.kind,
      attributeId: f.attributeId,
      title: f.title,
      values: f.kind === 'Range' ? [] : values,
      min: f.kind === 'Range' ? (range?.min ?? null) : null,
      max: f.kind === 'Range' ? (range?.max ?? null) : null,
    };
  });
  facets.push({
    kind: 'Brand',
    attributeId: null,
    title: 'Brand',
    values: rows.brands,
    min: null,
    max: null,
  });
  facets.push({
    kind: 'Price',
    attributeId: null,
    title: 'Price',
    values: [],
    min: rows.price.min,
    max: rows.price.max,
  });
  return facets;
}
