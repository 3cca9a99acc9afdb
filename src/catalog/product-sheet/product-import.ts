import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { firstFreeSlug, slugify } from '../categories/category-slug';
import { CategoryPaths } from './category-paths';
import {
  categoryPaths,
  decimalCell,
  defaultProductType,
  headerOf,
  keepsOnEmpty,
  listItems,
  listSeparator,
  type ProductSheetColumn,
  readProductCell,
  type SheetColumn,
} from './product-sheet-cells';
import {
  barcodesCell,
  cellItems,
  listCell,
  readAttributeValues,
  tiersOf,
  tierText,
} from './product-sheet-parts';
import type { SheetProductRow } from './product-sheet.queries';
import { rememberPlanned, resolveVariantParent } from './product-variants';
import type { VariantParentRow } from './product-variants.queries';
import { ImportState, type SheetRowInput } from './import-state';

export { ImportState, type SheetRowInput, UndoableMap } from './import-state';

export type PlanAction = 'create' | 'update' | 'unchanged';

/** What an import does (or a dry run would do) with one row. */
export interface PlannedRow {
  row: number;
  key: string;
  action: PlanAction;
  /** The columns whose value changes (for a create: those given). */
  changes: string[];
}

/** Why a row is not imported: its number, the column (null for the whole row) and what to do. */
export interface RowError {
  row: number;
  column: string | null;
  message: string;
}

/** The references a batch resolves its cells against, loaded once per batch. */
export interface BatchLookups {
  current: Map<string, SheetProductRow>;
  categories: CategoryPaths;
  brands: Map<string, string>;
  vatCodes: Map<string, string>;
  /** Products holding a gtin / slug / barcode of the batch: value → that product. */
  gtinHolders: Map<string, Holder>;
  slugHolders: Map<string, Holder>;
  takenSlugs: Set<string>;
  /** The stored products the batch's variantOf cells name, by sku. */
  parents: Map<string, VariantParentRow>;
  /** The column the rows are keyed by: sku, or (a file without sku) externalReference. */
  keyColumn: KeyColumn;
  /** External references (keys) that several stored products hold: reference → their skus. */
  ambiguous: Map<string, Array<string | null>>;
  manufacturers: Map<string, string>;
  /** Attributes by name (the names of the file's attribute columns; a name of several is not here). */
  attributes: Map<string, string>;
  barcodeHolders: Map<string, Holder>;
}

/** A stored product holding a unique value (gtin, slug, barcode). */
export interface Holder {
  id: string;
  sku: string | null;
}

export type KeyColumn = 'sku' | 'externalReference';

/** A products file is keyed by sku; a file without a sku column by externalReference. */
export const keyColumnOf = (columns: SheetColumn[]): KeyColumn =>
  columns.some((c) => c.kind === 'product' && c.column === 'sku') ? 'sku' : 'externalReference';

/** A product the batch writes, with every column resolved. */
export interface ProductWrite {
  id: string;
  sku: string | null;
  name: string;
  productType: string;
  slug: string;
  gtin: string | null;
  active: boolean;
  tags: string[];
  brandId: string | null;
  salesPrice: string | null;
  purchasePrice: string | null;
  retailPrice: string | null;
  vatCodeId: string | null;
  manufacturerId: string | null;
  externalReferences: string[];
}

/** A product's URL images as stored, and the URLs the row wants (in order, after `from`). */
export interface ImageWrite {
  had: Array<{ id: string; url: string }>;
  from: number;
  urls: string[];
}

export interface ContentWrite {
  id: string;
  productId: string;
  language: string;
  title: string;
  description: string | null;
  isNew: boolean;
}

/** A batch's plan: per row its outcome, and the writes an apply makes. */
export interface BatchPlan {
  planned: PlannedRow[];
  errors: RowError[];
  creates: ProductWrite[];
  updates: ProductWrite[];
  /** Products whose category links are replaced, with the categories in order. */
  categoryLinks: Map<string, string[]>;
  contents: ContentWrite[];
  /** Products whose variantOf changes: the new ConfigurableProduct parent's id (null: none). */
  variantLinks: Map<string, string | null>;
  /** Products whose barcodes, tiers or URL images are replaced, with the wanted rows. */
  barcodes: Map<string, string[]>;
  tiers: Map<string, Array<{ minQuantity: string; salesPrice: string }>>;
  images: Map<string, ImageWrite>;
  /** Attribute values replaced: (product, attribute) → values ([]: removed). */
  attributes: Array<{ productId: string; attributeId: string; values: string[] }>;
}

/** Columns of rows the product owns (not of the products table). */
const partColumns = new Set(['categories', 'barcodes', 'priceTiers', 'imageUrls', 'variantOf']);

const orNull = (v: string): string | null => (v === '' ? null : v);

/** The sheet's cells of a stored product (what an export writes and an import compares with). */
export function currentCells(
  p: SheetProductRow,
  categories: CategoryPaths,
): Record<ProductSheetColumn, string> {
  return {
    sku: p.sku ?? '',
    name: p.name,
    slug: p.slug,
    productType: p.product_type,
    variantOf: p.variant_of ?? '',
    active: String(p.active),
    gtin: p.gtin ?? '',
    tags: p.tags.join(listSeparator),
    categories: p.category_ids.map((id) => categories.pathOf(id)).join(listSeparator),
    brand: p.brand ?? '',
    salesPrice: decimalCell(p.sales_price),
    purchasePrice: decimalCell(p.purchase_price),
    suggestedRetailPrice: decimalCell(p.suggested_retail_price),
    vatCode: p.vat_code ?? '',
    manufacturer: p.manufacturer ?? '',
    barcodes: barcodesCell(p.barcodes),
    priceTiers: p.tiers.map((t) => tierText(t.min_quantity, t.sales_price)).join(listSeparator),
    imageUrls: listCell(p.images.map((i) => i.url)),
    externalReference: p.external_references[0] ?? '',
  };
}

/** An attribute cell of a stored product: its values of that attribute ('' when none). */
export const currentAttributeCell = (p: SheetProductRow | undefined, attributeId: string): string =>
  listCell(p?.attributes.find((a) => a.attribute_id === attributeId)?.values ?? []);

/** A content cell of a stored product: its title or description in a language ('' when none). */
export function currentContentCell(
  p: SheetProductRow | undefined,
  field: 'title' | 'description',
  language: string,
) {
  const content = p?.contents.find((c) => c.language === language);
  return (content?.[field] ?? '') as string;
}

/** The names of brands and manufacturers, and the gtins, slugs and barcodes a batch needs looked up. */
export function batchNeeds(rows: SheetRowInput[]): {
  brands: string[];
  gtins: string[];
  slugs: string[];
  manufacturers: string[];
  barcodes: string[];
} {
  const brands = new Set<string>();
  const gtins = new Set<string>();
  const slugs = new Set<string>();
  const manufacturers = new Set<string>();
  const barcodes = new Set<string>();
  for (const r of rows) {
    const manufacturer = r.cells.get('manufacturer')?.trim();
    if (manufacturer) manufacturers.add(manufacturer);
    for (const b of cellItems(r.cells.get('barcodes') ?? '')) barcodes.add(b);
    const brand = r.cells.get('brand')?.trim();
    if (brand) brands.add(brand);
    const gtin = r.cells.get('gtin')?.trim();
    if (gtin) gtins.add(gtin);
    const slug = r.cells.get('slug')?.trim();
    if (slug) slugs.add(slug);
  }
  return {
    brands: [...brands],
    gtins: [...gtins],
    slugs: [...slugs],
    manufacturers: [...manufacturers],
    barcodes: [...barcodes],
  };
}

/**
 * The stored slugs among those the batch's new products may take (`takenSlugs` of its lookups):
 * the base slug of each name, then `-2` … `-50` only of the bases that are taken (stored, claimed
 * earlier in the job, or wanted twice in the batch). Most names are unique: one look-up of the
 * bases, instead of fifty candidates a row (25,000 values a batch of 500 sent and probed).
 */
export async function takenSlugsFor(
  rows: SheetRowInput[],
  state: ImportState,
  stored: (slugs: string[]) => Promise<string[]>,
): Promise<Set<string>> {
  const wanted = new Map<string, number>();
  for (const r of rows) {
    const name = r.cells.get('name')?.trim();
    if (!name || r.cells.get('slug')?.trim()) continue;
    const base = await slugify(name, 'product');
    wanted.set(base, (wanted.get(base) ?? 0) + 1);
  }
  const taken = new Set(wanted.size ? await stored([...wanted.keys()]) : []);
  const candidates: string[] = [];
  for (const [base, count] of wanted)
    if (count > 1 || taken.has(base) || state.slugs.has(base))
      for (let n = 2; n <= 50; n++) candidates.push(`${base}-${n}`);
  if (candidates.length) for (const slug of await stored(candidates)) taken.add(slug);
  return taken;
}

/**
 * Plans a batch: reads each row's cells, resolves its references, compares it with the stored
 * product and says what an apply does, without writing. A row with any error is not imported at
 * all (every error of it is reported); the others are independent of it. Columns absent from the
 * file are left as they are; an empty cell clears its value, except name, slug, productType and
 * active (kept; a new product gets its default) and content titles (kept).
 */
/** Rows planned between two turns of the event loop (a batch's plan would otherwise hold it whole). */
const rowsPerTurn = 50;

export async function planBatch(
  rows: SheetRowInput[],
  columns: SheetColumn[],
  lookups: BatchLookups,
  state: ImportState,
  createMissingCategories: boolean,
): Promise<BatchPlan> {
  const plan: BatchPlan = {
    planned: [],
    errors: [],
    creates: [],
    updates: [],
    categoryLinks: new Map(),
    contents: [],
    variantLinks: new Map(),
    barcodes: new Map(),
    tiers: new Map(),
    images: new Map(),
    attributes: [],
  };
  const keyColumn = lookups.keyColumn;
  for (const [i, input] of rows.entries()) {
    // The plan runs in the API process: other requests get the event loop every few rows.
    if (i > 0 && i % rowsPerTurn === 0) await nextTurn();
    const rowErrors: RowError[] = [];
    const fail = (column: string | null, message: string) =>
      rowErrors.push({ row: input.row, column, message });
    const key = (input.cells.get(keyColumn) ?? '').trim();
    if (!key) {
      plan.errors.push({
        row: input.row,
        column: keyColumn,
        message: `${keyColumn} is empty: every row needs one`,
      });
      continue;
    }
    if (key.length > 255) fail(keyColumn, `is ${key.length} characters long; at most 255 are allowed`);
    const seen = keyColumn === 'sku' ? state.skus : state.references;
    const firstRow = seen.get(key);
    if (firstRow !== undefined) {
      plan.errors.push({
        row: input.row,
        column: keyColumn,
        message: `${keyColumn} "${key}" appears again (first on row ${firstRow}); each product must be on one row`,
      });
      continue;
    }
    seen.set(key, input.row);
    const reference = keyColumn === 'sku' ? input.cells.get('externalReference')?.trim() : undefined;
    if (reference) {
      const first = state.references.get(reference);
      if (first !== undefined)
        fail(
          'externalReference',
          `externalReference "${reference}" appears again (first on row ${first}); a reference names one product`,
        );
      else state.references.set(reference, input.row);
    }
    const holders = lookups.ambiguous.get(key);
    if (holders) {
      plan.errors.push({
        row: input.row,
        column: keyColumn,
        message: `externalReference "${key}" is held by ${holders.length} products (skus ${holders.map((h) => h ?? '(none)').join(', ')}); key this file by sku`,
      });
      continue;
    }

    const current = lookups.current.get(key);
    const sku = keyColumn === 'sku' ? key : (current?.sku ?? null);
    if (keyColumn === 'externalReference' && current) {
      const other = state.matched.get(current.id);
      if (other !== undefined) {
        plan.errors.push({
          row: input.row,
          column: keyColumn,
          message: `externalReference "${key}" names the product of row ${other} (it holds both references); each product must be on one row`,
        });
        continue;
      }
      state.matched.set(current.id, input.row);
    }
    const had = current ? currentCells(current, lookups.categories) : null;
    const wanted: Partial<Record<ProductSheetColumn, string>> = {};
    const changes: string[] = [];
    for (const c of columns) {
      if (c.kind !== 'product' || c.column === keyColumn) continue;
      const read = readProductCell(c.column, input.cells.get(c.column) ?? '');
      if ('error' in read) {
        fail(c.column, `${c.column} ${read.error}`);
        continue;
      }
      let value = read.value;
      if (value === '' && keepsOnEmpty(c.column)) {
        if (had) value = had[c.column];
        else if (c.column === 'name') {
          fail('name', 'name is empty: a new product needs one');
          continue;
        } else continue;
      }
      wanted[c.column] = value;
      if (had ? had[c.column] !== value : value !== '') changes.push(c.column);
    }
    if (!had && !columns.some((c) => c.kind === 'product' && c.column === 'name'))
      fail('name', 'the file has no name column: a new product needs one');

    // References by name: brand, VAT code, category paths.
    let brandId = current?.brand_id ?? null;
    if (wanted.brand !== undefined) {
      brandId = wanted.brand === '' ? null : (lookups.brands.get(wanted.brand) ?? null);
      if (wanted.brand !== '' && !brandId)
        fail('brand', `unknown brand "${wanted.brand}": create it first (brands are matched by exact name)`);
    }
    let manufacturerId = current?.manufacturer_id ?? null;
    if (wanted.manufacturer !== undefined) {
      manufacturerId =
        wanted.manufacturer === '' ? null : (lookups.manufacturers.get(wanted.manufacturer) ?? null);
      if (wanted.manufacturer !== '' && !manufacturerId)
        fail(
          'manufacturer',
          `unknown manufacturer "${wanted.manufacturer}": create it first (manufacturers are matched by exact name)`,
        );
    }
    let vatCodeId = current?.vat_code_id ?? null;
    if (wanted.vatCode !== undefined) {
      vatCodeId = wanted.vatCode === '' ? null : (lookups.vatCodes.get(wanted.vatCode) ?? null);
      if (wanted.vatCode !== '' && !vatCodeId)
        fail(
          'vatCode',
          `unknown VAT code "${wanted.vatCode}" (the codes are listed by GET /core-api/vatcodes)`,
        );
    }
    let categoryIds: string[] | null = null;
    if (wanted.categories !== undefined && changes.includes('categories')) {
      categoryIds = [];
      for (const levels of categoryPaths(wanted.categories)) {
        const found = lookups.categories.resolve(levels, createMissingCategories);
        if ('error' in found) fail('categories', found.error);
        else if (!categoryIds.includes(found.id)) categoryIds.push(found.id);
      }
    }

    let variantParent: string | null | undefined;
    if (wanted.variantOf !== undefined && changes.includes('variantOf')) {
      const found = resolveVariantParent(wanted.variantOf, sku ?? '', lookups.parents, state);
      if ('error' in found) fail('variantOf', found.error);
      else variantParent = found.id;
    }

    // Unique values: gtin and slug may not be another product's (in the workspace or the file).
    const gtin = wanted.gtin !== undefined ? orNull(wanted.gtin) : (current?.gtin ?? null);
    if (gtin && changes.includes('gtin')) {
      const holder = lookups.gtinHolders.get(gtin);
      const fileHolder = state.gtins.get(gtin);
      if (
        (holder !== undefined && holder.id !== current?.id) ||
        (fileHolder !== undefined && fileHolder !== key)
      )
        fail(
          'gtin',
          `gtin ${gtin} is already the gtin of product ${holder?.sku ?? fileHolder ?? '(no sku)'}`,
        );
    }
    let slug = wanted.slug ?? current?.slug ?? '';
    if (slug && changes.includes('slug')) {
      const holder = lookups.slugHolders.get(slug);
      const fileHolder = state.slugs.get(slug);
      if (
        (holder !== undefined && holder.id !== current?.id) ||
        (fileHolder !== undefined && fileHolder !== key)
      )
        fail(
          'slug',
          `slug ${slug} is already the slug of product ${holder?.sku ?? fileHolder ?? '(no sku)'}`,
        );
    }

    // Display contents: a title is needed to create one; an empty title keeps the current one.
    const productId = current?.id ?? randomUUID();

    // Owned rows: barcodes (unique per workspace), tiers, URL images, attribute values.
    const barcodes = changes.includes('barcodes') ? cellItems(wanted.barcodes!) : [];
    for (const barcode of barcodes) {
      const holder = lookups.barcodeHolders.get(barcode);
      const fileHolder = state.barcodes.get(barcode);
      if (
        (holder !== undefined && holder.id !== current?.id) ||
        (fileHolder !== undefined && fileHolder !== key)
      )
        fail(
          'barcodes',
          `barcode ${barcode} is already a barcode of product ${holder?.sku ?? fileHolder ?? '(no sku)'}`,
        );
    }
    const attributeWrites: BatchPlan['attributes'] = [];
    for (const c of columns) {
      if (c.kind !== 'attribute') continue;
      const header = headerOf(c);
      const attributeId = lookups.attributes.get(c.name);
      if (!attributeId) {
        fail(header, `unknown attribute "${c.name}" (attributes are matched by exact name)`);
        continue;
      }
      const read = readAttributeValues(input.cells.get(header) ?? '');
      if ('error' in read) {
        fail(header, `${header} ${read.error}`);
        continue;
      }
      if (read.value === currentAttributeCell(current, attributeId)) continue;
      changes.push(header);
      attributeWrites.push({ productId, attributeId, values: cellItems(read.value) });
    }
    const contentWrites: ContentWrite[] = [];
    const languages = new Set(columns.flatMap((c) => (c.kind === 'content' ? [c.language] : [])));
    for (const language of languages) {
      const existing = current?.contents.find((c) => c.language === language);
      const titleGiven = columns.some(
        (c) => c.kind === 'content' && c.field === 'title' && c.language === language,
      );
      const descriptionGiven = columns.some(
        (c) => c.kind === 'content' && c.field === 'description' && c.language === language,
      );
      const titleCell = titleGiven ? (input.cells.get(`title:${language}`) ?? '').trim() : '';
      const descriptionCell = descriptionGiven ? (input.cells.get(`description:${language}`) ?? '') : '';
      if (titleCell.length > 255) {
        fail(
          `title:${language}`,
          `title:${language} is ${titleCell.length} characters long; at most 255 are allowed`,
        );
        continue;
      }
      if (descriptionCell.length > 65535) {
        fail(`description:${language}`, `description:${language} is longer than 65,535 characters`);
        continue;
      }
      const title = titleCell || existing?.title || '';
      const description = descriptionGiven ? orNull(descriptionCell) : (existing?.description ?? null);
      if (!existing) {
        if (!titleCell && !descriptionCell) continue;
        if (!titleCell) {
          fail(`title:${language}`, `title:${language} is empty: a new ${language} content needs a title`);
          continue;
        }
        contentWrites.push({ id: randomUUID(), productId, language, title, description, isNew: true });
        changes.push(
          ...(titleGiven ? [`title:${language}`] : []),
          ...(description ? [`description:${language}`] : []),
        );
        continue;
      }
      const changed: string[] = [];
      if (title !== existing.title) changed.push(`title:${language}`);
      if (description !== existing.description) changed.push(`description:${language}`);
      if (changed.length) {
        changes.push(...changed);
        contentWrites.push({ id: existing.id, productId, language, title, description, isNew: false });
      }
    }

    if (rowErrors.length) {
      plan.errors.push(...rowErrors);
      continue;
    }
    if (gtin && changes.includes('gtin')) state.gtins.set(gtin, key);
    if (sku)
      rememberPlanned(
        state,
        sku,
        productId,
        wanted.productType ?? current?.product_type ?? defaultProductType,
        current?.product_type,
      );
    if (variantParent !== undefined) plan.variantLinks.set(productId, variantParent);
    for (const barcode of barcodes) state.barcodes.set(barcode, key);
    if (changes.includes('barcodes')) plan.barcodes.set(productId, barcodes);
    if (changes.includes('priceTiers')) plan.tiers.set(productId, tiersOf(wanted.priceTiers!));
    if (changes.includes('imageUrls'))
      plan.images.set(productId, {
        had: current?.images ?? [],
        from: current?.images_from ?? 0,
        urls: cellItems(wanted.imageUrls!),
      });
    plan.attributes.push(...attributeWrites);
    const resolved = {
      slug: '',
      gtin,
      brandId,
      vatCodeId,
      manufacturerId,
      externalReferences: externalReferencesOf(keyColumn, key, wanted.externalReference, current),
    };

    const productColumnsChanged = changes.some((c) => !c.includes(':') && !partColumns.has(c));
    if (!current) {
      if (!slug) {
        const base = await slugify(wanted.name!, 'product');
        slug = firstFreeSlug(base, { has: (s) => lookups.takenSlugs.has(s) || state.slugs.has(s) });
        if (!/^[a-z0-9-]+$/.test(slug) || slug.length > 255) slug = `${base}-${randomUUID().slice(0, 8)}`;
      }
      state.slugs.set(slug, key);
      plan.creates.push(productWrite(productId, sku, wanted, null, { ...resolved, slug }));
      if (categoryIds?.length) plan.categoryLinks.set(productId, categoryIds);
      plan.contents.push(...contentWrites);
      plan.planned.push({ row: input.row, key, action: 'create', changes: dedupe(changes) });
      continue;
    }
    if (changes.includes('slug')) state.slugs.set(slug, key);
    if (!changes.length) {
      plan.planned.push({ row: input.row, key, action: 'unchanged', changes: [] });
      continue;
    }
    if (productColumnsChanged)
      plan.updates.push(productWrite(productId, sku, wanted, current, { ...resolved, slug }));
    if (categoryIds) plan.categoryLinks.set(productId, categoryIds);
    plan.contents.push(...contentWrites);
    plan.planned.push({ row: input.row, key, action: 'update', changes: dedupe(changes) });
  }
  return plan;
}

const dedupe = (list: string[]) => [...new Set(list)];

/**
 * A product's external references: keyed by reference, a new product gets the key (a stored one
 * keeps its list); an `externalReference` cell of a file keyed by sku replaces the first entry (the
 * others are kept; empty removes it).
 */
function externalReferencesOf(
  keyColumn: KeyColumn,
  key: string,
  cell: string | undefined,
  current: SheetProductRow | undefined,
): string[] {
  const had = current?.external_references ?? [];
  if (keyColumn === 'externalReference') return current ? had : [key];
  if (cell === undefined) return had;
  const rest = had.slice(1).filter((r) => r !== cell);
  return cell === '' ? rest : [cell, ...rest];
}

function productWrite(
  id: string,
  sku: string | null,
  wanted: Partial<Record<ProductSheetColumn, string>>,
  current: SheetProductRow | null,
  resolved: {
    slug: string;
    gtin: string | null;
    brandId: string | null;
    vatCodeId: string | null;
    manufacturerId: string | null;
    externalReferences: string[];
  },
): ProductWrite {
  const decimal = (column: ProductSheetColumn, stored: string | null | undefined) =>
    wanted[column] !== undefined ? orNull(wanted[column]) : (stored ?? null);
  return {
    id,
    sku,
    name: wanted.name ?? current!.name,
    productType: wanted.productType ?? current?.product_type ?? defaultProductType,
    slug: resolved.slug,
    gtin: resolved.gtin,
    active: wanted.active !== undefined ? wanted.active === 'true' : (current?.active ?? true),
    tags: wanted.tags !== undefined ? listItems(wanted.tags) : (current?.tags ?? []),
    brandId: resolved.brandId,
    salesPrice: decimal('salesPrice', current?.sales_price),
    purchasePrice: decimal('purchasePrice', current?.purchase_price),
    retailPrice: decimal('suggestedRetailPrice', current?.suggested_retail_price),
    vatCodeId: resolved.vatCodeId,
    manufacturerId: resolved.manufacturerId,
    externalReferences: resolved.externalReferences,
  };
}

export { headerOf };
