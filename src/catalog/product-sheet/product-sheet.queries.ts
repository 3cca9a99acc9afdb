import type { WorkspaceSql } from '../../platform/database/db';
import { productAnswerSql } from '../products/products.queries';
import { productIdsBySkuSql } from '../products/product-skus.queries';

/*
 * The product sheet's statements (imports and exports, docs/imports.md): a batch of products read
 * (locked for an import) in one statement, and written set-based: one statement per kind of write
 * and batch, each taking its rows as arrays (`unnest`).
 */

/** A stored display content as the sheet reads it. */
export interface SheetContentRow {
  id: string;
  language: string;
  title: string;
  description: string | null;
  description_format: string;
}

/** A product as the sheet reads it: its columns, brand name, VAT code, category ids and contents. */
export interface SheetProductRow {
  id: string;
  /** Null for a product made without one (the API's sku is optional): exported as an empty cell. */
  sku: string | null;
  name: string;
  slug: string;
  product_type: string;
  active: boolean;
  gtin: string | null;
  tags: string[];
  brand_id: string | null;
  brand: string | null;
  sales_price: string | null;
  purchase_price: string | null;
  suggested_retail_price: string | null;
  vat_code_id: string | null;
  vat_code: string | null;
  category_ids: string[];
  contents: SheetContentRow[];
  /** The sku of the first ConfigurableProduct (by sku) that has it as a component (product-variants.ts). */
  variant_of: string | null;
  manufacturer_id: string | null;
  manufacturer: string | null;
  external_references: string[];
  barcodes: string[];
  /** Quantity tiers by quantity, as numeric(18,4) texts. */
  tiers: Array<{ min_quantity: string; sales_price: string }>;
  /** Images added by URL (no stored file), in display order. */
  images: Array<{ id: string; url: string }>;
  /** The display order after the last uploaded image (0 without one): where URL images go. */
  images_from: number;
  attributes: Array<{ attribute_id: string; values: string[] }>;
}

const sheetSelect = `SELECT p.id, p.sku, p.name, p.slug, p.product_type, p.active, p.gtin, coalesce(p.tags, '{}') AS tags,
       p.brand_id, (SELECT b.name FROM brands b WHERE b.workspace_id = p.workspace_id AND b.id = p.brand_id) AS brand,
       p.sales_price::text AS sales_price, p.purchase_price::text AS purchase_price,
       p.suggested_retail_price::text AS suggested_retail_price, p.vat_code_id,
       (SELECT v.code FROM vat_codes v WHERE v.workspace_id = p.workspace_id AND v.id = p.vat_code_id) AS vat_code,
       ARRAY(SELECT k.category_id FROM product_category_links k
              WHERE k.workspace_id = p.workspace_id AND k.product_id = p.id ORDER BY k.display_order, k.id) AS category_ids,
       (SELECT pp.sku FROM product_components x JOIN products pp ON pp.workspace_id = x.workspace_id AND pp.id = x.product_id
         WHERE x.workspace_id = p.workspace_id AND x.component_product_id = p.id AND pp.product_type = 'ConfigurableProduct'
         ORDER BY pp.sku LIMIT 1) AS variant_of,
       coalesce((SELECT json_agg(json_build_object('id', c.id, 'language', c.language, 'title', c.title,
                 'description', c.description, 'description_format', c.description_format) ORDER BY c.language)
                   FROM product_display_contents c
                  WHERE c.workspace_id = p.workspace_id AND c.product_id = p.id), '[]') AS contents,
       p.manufacturer_id,
       (SELECT m.name FROM manufacturers m WHERE m.workspace_id = p.workspace_id AND m.id = p.manufacturer_id) AS manufacturer,
       coalesce(p.external_references, '{}') AS external_references,
       ARRAY(SELECT b.barcode FROM product_barcodes b
              WHERE b.workspace_id = p.workspace_id AND b.product_id = p.id ORDER BY b.barcode) AS barcodes,
       coalesce((SELECT json_agg(json_build_object('min_quantity', t.min_quantity::text, 'sales_price', t.sales_price::text)
                 ORDER BY t.min_quantity) FROM product_price_tiers t
                  WHERE t.workspace_id = p.workspace_id AND t.product_id = p.id), '[]') AS tiers,
       coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.display_order, i.created_at, i.id)
                   FROM product_images i
                  WHERE i.workspace_id = p.workspace_id AND i.product_id = p.id AND i.file_key IS NULL), '[]') AS images,
       coalesce((SELECT max(i.display_order) + 1 FROM product_images i
                  WHERE i.workspace_id = p.workspace_id AND i.product_id = p.id AND i.file_key IS NOT NULL), 0) AS images_from,
       coalesce((SELECT json_agg(json_build_object('attribute_id', a.attribute_id, 'values', a.values))
                   FROM product_attribute_values a
                  WHERE a.workspace_id = p.workspace_id AND a.product_id = p.id), '[]') AS attributes
  FROM products p`;

/** The products with these skus, locked for the import's transaction (FOR UPDATE). */
export function lockSheetProductsBySku(on: WorkspaceSql, skus: string[]): Promise<SheetProductRow[]> {
  return on.query<SheetProductRow>(
    `${sheetSelect} WHERE p.workspace_id = $1 AND p.id = ANY(${productIdsBySkuSql('$1', '$2')}) FOR UPDATE OF p`,
    [on.workspaceId, skus],
  );
}

/** The products holding one of these external references, locked for the import's transaction (FOR UPDATE). */
export function lockSheetProductsByReference(
  on: WorkspaceSql,
  references: string[],
): Promise<SheetProductRow[]> {
  return on.query<SheetProductRow>(
    `${sheetSelect} WHERE p.workspace_id = $1 AND p.external_references && $2::text[] ORDER BY p.id FOR UPDATE OF p`,
    [on.workspaceId, references],
  );
}

/** The products with these ids, in the order of `ids` (an export's page). */
export function sheetProductsById(on: WorkspaceSql, ids: string[]): Promise<SheetProductRow[]> {
  return on.query<SheetProductRow>(
    `${sheetSelect} JOIN unnest($2::uuid[]) WITH ORDINALITY AS o(id, n) ON o.id = p.id
      WHERE p.workspace_id = $1 ORDER BY o.n`,
    [on.workspaceId, ids],
  );
}

export interface CategoryNodeRow {
  id: string;
  name: string;
  parent_id: string | null;
  slug: string;
}

/** Every category of the workspace (the tree paths are resolved against). */
export function categoryNodes(on: WorkspaceSql): Promise<CategoryNodeRow[]> {
  return on.query<CategoryNodeRow>(
    `SELECT id, name, parent_id, slug FROM product_categories WHERE workspace_id = $1 ORDER BY display_order, id`,
    [on.workspaceId],
  );
}

/** Brands by exact name. */
export function brandsNamed(on: WorkspaceSql, names: string[]): Promise<Array<{ id: string; name: string }>> {
  return on.query(`SELECT id, name FROM brands WHERE workspace_id = $1 AND name = ANY($2::varchar[])`, [
    on.workspaceId,
    names,
  ]);
}

/** Every VAT code of the workspace (a handful). */
export function vatCodesOf(on: WorkspaceSql): Promise<Array<{ id: string; code: string }>> {
  return on.query(`SELECT id, code FROM vat_codes WHERE workspace_id = $1`, [on.workspaceId]);
}

/** Products holding one of `values` in `column` (gtin or slug): who would collide with the import. */
export function productsHolding(
  on: WorkspaceSql,
  column: 'gtin' | 'slug',
  values: string[],
): Promise<Array<{ id: string; sku: string | null; value: string }>> {
  return on.query(
    `SELECT id, sku, ${column} AS value FROM products WHERE workspace_id = $1 AND ${column} = ANY($2::varchar[])`,
    [on.workspaceId, values],
  );
}

/** Category slugs among `candidates` already taken. */
export async function takenCategorySlugs(on: WorkspaceSql, candidates: string[]): Promise<string[]> {
  const rows = await on.query<{ slug: string }>(
    `SELECT slug FROM product_categories WHERE workspace_id = $1 AND slug = ANY($2::varchar[])`,
    [on.workspaceId, candidates],
  );
  return rows.map((r) => r.slug);
}

/** The products' columns as the import writes them, one array per column. */
export interface ProductColumns {
  ids: string[];
  names: string[];
  types: string[];
  slugs: string[];
  skus: Array<string | null>;
  gtins: Array<string | null>;
  actives: boolean[];
  /** Each product's tags as a JSON array. */
  tags: string[];
  brandIds: Array<string | null>;
  salesPrices: Array<string | null>;
  purchasePrices: Array<string | null>;
  retailPrices: Array<string | null>;
  vatCodeIds: Array<string | null>;
  manufacturerIds: Array<string | null>;
  /** Each product's external references as a JSON array. */
  externalReferences: string[];
}

const columnParams = (on: WorkspaceSql, c: ProductColumns) => [
  on.workspaceId,
  c.ids,
  c.names,
  c.types,
  c.slugs,
  c.skus,
  c.gtins,
  c.actives,
  c.tags,
  c.brandIds,
  c.salesPrices,
  c.purchasePrices,
  c.retailPrices,
  c.vatCodeIds,
  c.manufacturerIds,
  c.externalReferences,
];

const columnRows = `unnest($2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
    $8::boolean[], $9::jsonb[], $10::uuid[], $11::numeric[], $12::numeric[], $13::numeric[], $14::uuid[],
    $15::uuid[], $16::jsonb[])
    AS r(id, name, product_type, slug, sku, gtin, active, tags, brand_id, sales_price, purchase_price, retail_price, vat_code_id,
         manufacturer_id, external_references)`;

const tagArray = `ARRAY(SELECT jsonb_array_elements_text(r.tags))`;
const referenceArray = `ARRAY(SELECT jsonb_array_elements_text(r.external_references))`;

export async function insertProducts(on: WorkspaceSql, c: ProductColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `INSERT INTO products (id, workspace_id, name, product_type, slug, sku, gtin, active, tags, brand_id,
                           sales_price, purchase_price, suggested_retail_price, vat_code_id,
                           manufacturer_id, external_references)
     SELECT r.id, $1, r.name, r.product_type, r.slug, r.sku, r.gtin, r.active, ${tagArray}, r.brand_id,
            r.sales_price, r.purchase_price, r.retail_price, r.vat_code_id,
            r.manufacturer_id, ${referenceArray}
       FROM ${columnRows}`,
    columnParams(on, c),
  );
}

/** Replaces the columns of existing products and moves their version (ETag) and modifiedAt on. */
export async function updateProducts(on: WorkspaceSql, c: ProductColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `UPDATE products p SET name = r.name, product_type = r.product_type, slug = r.slug, sku = r.sku, gtin = r.gtin,
            active = r.active, tags = ${tagArray}, brand_id = r.brand_id, sales_price = r.sales_price,
            purchase_price = r.purchase_price, suggested_retail_price = r.retail_price, vat_code_id = r.vat_code_id,
            manufacturer_id = r.manufacturer_id, external_references = ${referenceArray},
            version = p.version + 1, modified_at = now()
       FROM ${columnRows}
      WHERE p.workspace_id = $1 AND p.id = r.id`,
    columnParams(on, c),
  );
}

/** Replaces the category links of the products (`productIds[i]` links `categoryIds[i]` at `orders[i]`). */
export async function replaceCategoryLinks(
  on: WorkspaceSql,
  products: string[],
  links: { productIds: string[]; categoryIds: string[]; orders: number[] },
): Promise<void> {
  if (!products.length) return;
  await on.query(
    `DELETE FROM product_category_links WHERE workspace_id = $1 AND product_id = ANY($2::uuid[])`,
    [on.workspaceId, products],
  );
  if (!links.productIds.length) return;
  await on.query(
    `INSERT INTO product_category_links (id, workspace_id, product_id, category_id, display_order)
     SELECT gen_random_uuid(), $1, r.product_id, r.category_id, r.display_order
       FROM unnest($2::uuid[], $3::uuid[], $4::integer[]) AS r(product_id, category_id, display_order)`,
    [on.workspaceId, links.productIds, links.categoryIds, links.orders],
  );
}

/** Moves the version and modifiedAt of products whose only change was their category links. */
export async function touchProducts(on: WorkspaceSql, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await on.query(
    `UPDATE products SET version = version + 1, modified_at = now() WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [on.workspaceId, ids],
  );
}

/** Content texts to write: `ids[i]` is new (insert) or existing (update), for `productIds[i]` in `languages[i]`. */
export interface ContentColumns {
  ids: string[];
  productIds: string[];
  languages: string[];
  titles: string[];
  descriptions: Array<string | null>;
}

export async function insertContents(on: WorkspaceSql, c: ContentColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `INSERT INTO product_display_contents (id, workspace_id, product_id, language, title, description)
     SELECT r.id, $1, r.product_id, r.language, r.title, r.description
       FROM unnest($2::uuid[], $3::uuid[], $4::varchar[], $5::varchar[], $6::text[])
         AS r(id, product_id, language, title, description)`,
    [on.workspaceId, c.ids, c.productIds, c.languages, c.titles, c.descriptions],
  );
}

export async function updateContents(on: WorkspaceSql, c: ContentColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `UPDATE product_display_contents d SET title = r.title, description = r.description,
            version = d.version + 1, modified_at = now()
       FROM unnest($2::uuid[], $3::varchar[], $4::text[]) AS r(id, title, description)
      WHERE d.workspace_id = $1 AND d.id = r.id`,
    [on.workspaceId, c.ids, c.titles, c.descriptions],
  );
}

/** New categories, parents before their children (`parentIds[i]` is null or inserted before). */
export async function insertCategories(
  on: WorkspaceSql,
  c: { ids: string[]; names: string[]; slugs: string[]; parentIds: Array<string | null> },
): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `INSERT INTO product_categories (id, workspace_id, name, slug, parent_id)
     SELECT r.id, $1, r.name, r.slug, r.parent_id
       FROM unnest($2::uuid[], $3::varchar[], $4::varchar[], $5::uuid[]) WITH ORDINALITY AS r(id, name, slug, parent_id, n)
      ORDER BY r.n`,
    [on.workspaceId, c.ids, c.names, c.slugs, c.parentIds],
  );
}

/** The API answers (ProductResponse) of these products, built as the read path builds them. */
export function productAnswersById(
  on: WorkspaceSql,
  ids: string[],
): Promise<Array<{ id: string; answer: Record<string, unknown> }>> {
  if (!ids.length) return Promise.resolve([]);
  return on.query(
    `SELECT p.id, ${productAnswerSql('p')} AS answer FROM products p WHERE p.workspace_id = $1 AND p.id = ANY($2::uuid[])`,
    [on.workspaceId, ids],
  );
}
