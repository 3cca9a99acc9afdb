import type { WorkspaceSql } from '../../platform/database/db';

/*
 * The product sheet's statements for manufacturers, attributes and the rows a product owns
 * (barcodes, quantity tiers, URL images, attribute values; docs/imports.md): looked up once per
 * batch, written set-based, one statement per kind of write and batch.
 */

/**
 * No unique constraint holds external references: the batches of imports keyed by them take turns
 * (a transaction-level advisory lock per workspace), so two jobs never create the same reference twice.
 */
export async function lockReferenceImports(on: WorkspaceSql): Promise<void> {
  await on.query(`SELECT pg_advisory_xact_lock(hashtext('product-reference-import:' || $1::text))`, [
    on.workspaceId,
  ]);
}

/** Manufacturers by exact name. */
export function manufacturersNamed(
  on: WorkspaceSql,
  names: string[],
): Promise<Array<{ id: string; name: string }>> {
  if (!names.length) return Promise.resolve([]);
  return on.query(
    `SELECT id, name FROM manufacturers WHERE workspace_id = $1 AND name = ANY($2::varchar[])`,
    [on.workspaceId, names],
  );
}

/** Attributes by exact name (names are not unique: a name may give several). */
export function attributesNamed(
  on: WorkspaceSql,
  names: string[],
): Promise<Array<{ id: string; name: string }>> {
  if (!names.length) return Promise.resolve([]);
  return on.query(
    `SELECT id, name FROM product_attributes WHERE workspace_id = $1 AND name = ANY($2::varchar[]) ORDER BY name, id`,
    [on.workspaceId, names],
  );
}

/** Every attribute of the workspace, by name (the attribute columns of an export). */
export function attributesOf(on: WorkspaceSql): Promise<Array<{ id: string; name: string }>> {
  return on.query(`SELECT id, name FROM product_attributes WHERE workspace_id = $1 ORDER BY name, id`, [
    on.workspaceId,
  ]);
}

/** The products holding one of these barcodes (a barcode names one product per workspace). */
export function barcodeHolders(
  on: WorkspaceSql,
  barcodes: string[],
): Promise<Array<{ id: string; sku: string | null; value: string }>> {
  if (!barcodes.length) return Promise.resolve([]);
  return on.query(
    `SELECT p.id, p.sku, b.barcode AS value
       FROM product_barcodes b JOIN products p ON p.workspace_id = b.workspace_id AND p.id = b.product_id
      WHERE b.workspace_id = $1 AND b.barcode = ANY($2::varchar[])`,
    [on.workspaceId, barcodes],
  );
}

/** Replaces the barcodes of `products` with the pairs (`productIds[i]`, `barcodes[i]`). */
export async function replaceBarcodes(
  on: WorkspaceSql,
  products: string[],
  rows: { productIds: string[]; barcodes: string[] },
): Promise<void> {
  if (!products.length) return;
  await on.query(`DELETE FROM product_barcodes WHERE workspace_id = $1 AND product_id = ANY($2::uuid[])`, [
    on.workspaceId,
    products,
  ]);
  if (!rows.productIds.length) return;
  await on.query(
    `INSERT INTO product_barcodes (id, workspace_id, product_id, barcode)
     SELECT gen_random_uuid(), $1, r.product_id, r.barcode FROM unnest($2::uuid[], $3::varchar[]) AS r(product_id, barcode)`,
    [on.workspaceId, rows.productIds, rows.barcodes],
  );
}

/** Replaces the quantity tiers of `products` with the rows given. */
export async function replacePriceTiers(
  on: WorkspaceSql,
  products: string[],
  rows: { productIds: string[]; quantities: string[]; prices: string[] },
): Promise<void> {
  if (!products.length) return;
  await on.query(`DELETE FROM product_price_tiers WHERE workspace_id = $1 AND product_id = ANY($2::uuid[])`, [
    on.workspaceId,
    products,
  ]);
  if (!rows.productIds.length) return;
  await on.query(
    `INSERT INTO product_price_tiers (id, workspace_id, product_id, min_quantity, sales_price)
     SELECT gen_random_uuid(), $1, r.product_id, r.min_quantity, r.sales_price
       FROM unnest($2::uuid[], $3::numeric[], $4::numeric[]) AS r(product_id, min_quantity, sales_price)`,
    [on.workspaceId, rows.productIds, rows.quantities, rows.prices],
  );
}

/**
 * Replaces the values of (`productIds[i]`, `attributeIds[i]`): the pair's row goes, and comes back
 * with `values[i]` (a JSON array) unless that is empty.
 */
export async function replaceAttributeValues(
  on: WorkspaceSql,
  rows: { productIds: string[]; attributeIds: string[]; values: string[] },
): Promise<void> {
  if (!rows.productIds.length) return;
  await on.query(
    `DELETE FROM product_attribute_values a USING unnest($2::uuid[], $3::uuid[]) AS r(product_id, attribute_id)
      WHERE a.workspace_id = $1 AND a.product_id = r.product_id AND a.attribute_id = r.attribute_id`,
    [on.workspaceId, rows.productIds, rows.attributeIds],
  );
  await on.query(
    `INSERT INTO product_attribute_values (id, workspace_id, product_id, attribute_id, values)
     SELECT gen_random_uuid(), $1, r.product_id, r.attribute_id, ARRAY(SELECT jsonb_array_elements_text(r.values))
       FROM unnest($2::uuid[], $3::uuid[], $4::jsonb[]) AS r(product_id, attribute_id, values)
      WHERE jsonb_array_length(r.values) > 0`,
    [on.workspaceId, rows.productIds, rows.attributeIds, rows.values],
  );
}

/**
 * The URL images of products: `removed` go, `kept` get their new display order, `added` are
 * inserted as external references (no stored file).
 */
export async function writeUrlImages(
  on: WorkspaceSql,
  images: {
    removed: string[];
    kept: { ids: string[]; orders: number[] };
    added: { productIds: string[]; urls: string[]; orders: number[] };
  },
): Promise<void> {
  if (images.removed.length)
    await on.query(
      `DELETE FROM product_images WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND file_key IS NULL`,
      [on.workspaceId, images.removed],
    );
  if (images.kept.ids.length)
    await on.query(
      `UPDATE product_images i SET display_order = r.display_order
         FROM unnest($2::uuid[], $3::integer[]) AS r(id, display_order)
        WHERE i.workspace_id = $1 AND i.id = r.id AND i.display_order <> r.display_order`,
      [on.workspaceId, images.kept.ids, images.kept.orders],
    );
  if (images.added.productIds.length)
    await on.query(
      `INSERT INTO product_images (id, workspace_id, product_id, url, file_key, display_order, alt)
       SELECT gen_random_uuid(), $1, r.product_id, r.url, NULL, r.display_order, NULL
         FROM unnest($2::uuid[], $3::varchar[], $4::integer[]) AS r(product_id, url, display_order)`,
      [on.workspaceId, images.added.productIds, images.added.urls, images.added.orders],
    );
}
