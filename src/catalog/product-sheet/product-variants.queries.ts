import type { WorkspaceSql } from '../../platform/database/db';
import { productIdsBySkuSql } from '../products/product-skus.queries';

/*
 * The statements of the product sheet's `variantOf` column (product-variants.ts, docs/imports.md):
 * a variant is a product_components row of its ConfigurableProduct parent, quantity 1.
 */

const configurable = 'ConfigurableProduct';

/** A parent a batch's `variantOf` cells name, as stored. */
export interface VariantParentRow {
  id: string;
  sku: string;
  product_type: string;
}

/** The stored products with these skus (the parents named), locked for the batch like its own products. */
export function lockVariantParents(on: WorkspaceSql, skus: string[]): Promise<VariantParentRow[]> {
  if (!skus.length) return Promise.resolve([]);
  return on.query<VariantParentRow>(
    `SELECT id, sku, product_type FROM products p
      WHERE p.workspace_id = $1 AND p.id = ANY(${productIdsBySkuSql('$1', '$2')}) FOR UPDATE`,
    [on.workspaceId, skus],
  );
}

/** The ConfigurableProduct parents the variants have now, and those they get: whose components change. */
export async function variantParentsTouched(
  on: WorkspaceSql,
  links: Map<string, string | null>,
): Promise<string[]> {
  if (!links.size) return [];
  const rows = await on.query<{ product_id: string }>(
    `SELECT x.product_id FROM product_components x
       JOIN products pp ON pp.workspace_id = x.workspace_id AND pp.id = x.product_id AND pp.product_type = $3
      WHERE x.workspace_id = $1 AND x.component_product_id = ANY($2::uuid[])`,
    [on.workspaceId, [...links.keys()], configurable],
  );
  const parents = [...links.values()].filter((p): p is string => p !== null);
  return [...new Set([...rows.map((r) => r.product_id), ...parents])];
}

/**
 * Makes each product (`links`' key) the variant of its new parent only (null: of none): its links
 * from ConfigurableProduct parents are deleted and one row per new parent is inserted, after the
 * parent's components (display order), quantity 1. Set-based: one statement each.
 */
export async function replaceVariantLinks(
  on: WorkspaceSql,
  links: Map<string, string | null>,
): Promise<void> {
  if (!links.size) return;
  await on.query(
    `DELETE FROM product_components x USING products pp
      WHERE x.workspace_id = $1 AND x.component_product_id = ANY($2::uuid[])
        AND pp.workspace_id = x.workspace_id AND pp.id = x.product_id AND pp.product_type = $3`,
    [on.workspaceId, [...links.keys()], configurable],
  );
  const added = [...links].filter((l): l is [string, string] => l[1] !== null);
  if (!added.length) return;
  await on.query(
    `INSERT INTO product_components (id, workspace_id, product_id, component_product_id, quantity, display_order)
     SELECT gen_random_uuid(), $1, r.parent_id, r.variant_id, 1,
            coalesce((SELECT max(c.display_order) + 1 FROM product_components c
                       WHERE c.workspace_id = $1 AND c.product_id = r.parent_id), 0)
            + (row_number() OVER (PARTITION BY r.parent_id ORDER BY r.n))::integer - 1
       FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS r(variant_id, parent_id, n)`,
    [on.workspaceId, added.map((l) => l[0]), added.map((l) => l[1])],
  );
}
