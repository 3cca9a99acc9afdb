import { randomUUID } from 'node:crypto';
import { firstFreeSlug, slugify } from '../categories/category-slug';
import { CategoryPaths, type NewCategory } from './category-paths';
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
import type { SheetProductRow } from './product-sheet.queries';
import { rememberPlanned, resolveVariantParent } from './product-variants';
import type { VariantParentRow } from './product-variants.queries';

/** One data row of a file: its row number (the header is row 1) and its cells by header. */
export interface SheetRowInput {
  row: number;
  cells: Map<string, string>;
}

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

/**
 * What the rows of a file already planned leave for the next batch: the keys seen (a repeated sku
 * is an error), the gtins and slugs claimed, and the categories a dry run would have created.
 */
export class ImportState {
  skus = new Map<string, number>();
  gtins = new Map<string, string>();
  slugs = new Map<string, string>();
  plannedCategories: NewCategory[] = [];
  /** The rows planned without an error, by sku: the product's id (null: before a resumed job's checkpoint) and whether it is a ConfigurableProduct (variantOf). */
  planned = new Map<string, { id: string | null; configurable: boolean }>();

  /** What it holds now, to go back to when a batch is rolled back and tried again. */
  save(): () => void {
    const saved = {
      skus: new Map(this.skus),
      gtins: new Map(this.gtins),
      slugs: new Map(this.slugs),
      plannedCategories: [...this.plannedCategories],
      planned: new Map(this.planned),
    };
    return () => Object.assign(this, saved);
  }
}

/** The references a batch resolves its cells against, loaded once per batch. */
export interface BatchLookups {
  current: Map<string, SheetProductRow>;
  categories: CategoryPaths;
  brands: Map<string, string>;
  vatCodes: Map<string, string>;
  /** Products holding a gtin / slug of the batch: value → that product's sku (null: it has none). */
  gtinHolders: Map<string, string | null>;
  slugHolders: Map<string, string | null>;
  takenSlugs: Set<string>;
  /** The stored products the batch's variantOf cells name, by sku. */
  parents: Map<string, VariantParentRow>;
}

/** A product the batch writes, with every column resolved. */
export interface ProductWrite {
  id: string;
  sku: string;
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
}

const orNull = (v: string): string | null => (v === '' ? null : v);

/** The sheet's cells of a stored product (what an export writes and an import compares with). */
export function currentCells(
  p: SheetProductRow,
  categories: CategoryPaths,
): Record<ProductSheetColumn, string> {
  return {
    sku: p.sku,
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
  };
}

/** A content cell of a stored product: its title or description in a language ('' when none). */
export function currentContentCell(
  p: SheetProductRow | undefined,
  field: 'title' | 'description',
  language: string,
) {
  const content = p?.contents.find((c) => c.language === language);
  return (content?.[field] ?? '') as string;
}

/** The names of brands and the slug candidates a batch needs looked up. */
export function batchNeeds(rows: SheetRowInput[]): { brands: string[]; gtins: string[]; slugs: string[] } {
  const brands = new Set<string>();
  const gtins = new Set<string>();
  const slugs = new Set<string>();
  for (const r of rows) {
    const brand = r.cells.get('brand')?.trim();
    if (brand) brands.add(brand);
    const gtin = r.cells.get('gtin')?.trim();
    if (gtin) gtins.add(gtin);
    const slug = r.cells.get('slug')?.trim();
    if (slug) slugs.add(slug);
  }
  return { brands: [...brands], gtins: [...gtins], slugs: [...slugs] };
}

/** Base slugs of new products named in the batch, and their -2 … -50 candidates. */
export async function slugCandidates(rows: SheetRowInput[]): Promise<string[]> {
  const out = new Set<string>();
  for (const r of rows) {
    const name = r.cells.get('name')?.trim();
    if (!name || r.cells.get('slug')?.trim()) continue;
    const base = await slugify(name, 'product');
    out.add(base);
    for (let n = 2; n <= 50; n++) out.add(`${base}-${n}`);
  }
  return [...out];
}

/**
 * Plans a batch: reads each row's cells, resolves its references, compares it with the stored
 * product and says what an apply does, without writing. A row with any error is not imported at
 * all (every error of it is reported); the others are independent of it. Columns absent from the
 * file are left as they are; an empty cell clears its value, except name, slug, productType and
 * active (kept; a new product gets its default) and content titles (kept).
 */
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
  };
  for (const input of rows) {
    const rowErrors: RowError[] = [];
    const fail = (column: string | null, message: string) =>
      rowErrors.push({ row: input.row, column, message });
    const sku = (input.cells.get('sku') ?? '').trim();
    if (!sku) {
      plan.errors.push({ row: input.row, column: 'sku', message: 'sku is empty: every row needs one' });
      continue;
    }
    if (sku.length > 255) fail('sku', `is ${sku.length} characters long; at most 255 are allowed`);
    const firstRow = state.skus.get(sku);
    if (firstRow !== undefined) {
      plan.errors.push({
        row: input.row,
        column: 'sku',
        message: `sku "${sku}" appears again (first on row ${firstRow}); each product must be on one row`,
      });
      continue;
    }
    state.skus.set(sku, input.row);

    const current = lookups.current.get(sku);
    const had = current ? currentCells(current, lookups.categories) : null;
    const wanted: Partial<Record<ProductSheetColumn, string>> = {};
    const changes: string[] = [];
    for (const c of columns) {
      if (c.kind !== 'product' || c.column === 'sku') continue;
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
      const found = resolveVariantParent(wanted.variantOf, sku, lookups.parents, state);
      if ('error' in found) fail('variantOf', found.error);
      else variantParent = found.id;
    }

    // Unique values: gtin and slug may not be another product's (in the workspace or the file).
    const gtin = wanted.gtin !== undefined ? orNull(wanted.gtin) : (current?.gtin ?? null);
    if (gtin && changes.includes('gtin')) {
      const holder = lookups.gtinHolders.get(gtin);
      const fileHolder = state.gtins.get(gtin);
      if ((holder !== undefined && holder !== sku) || (fileHolder !== undefined && fileHolder !== sku))
        fail('gtin', `gtin ${gtin} is already the gtin of product ${holder ?? fileHolder ?? '(no sku)'}`);
    }
    let slug = wanted.slug ?? current?.slug ?? '';
    if (slug && changes.includes('slug')) {
      const holder = lookups.slugHolders.get(slug);
      const fileHolder = state.slugs.get(slug);
      if ((holder !== undefined && holder !== sku) || (fileHolder !== undefined && fileHolder !== sku))
        fail('slug', `slug ${slug} is already the slug of product ${holder ?? fileHolder ?? '(no sku)'}`);
    }

    // Display contents: a title is needed to create one; an empty title keeps the current one.
    const productId = current?.id ?? randomUUID();
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
    if (gtin && changes.includes('gtin')) state.gtins.set(gtin, sku);
    rememberPlanned(state, sku, productId, wanted.productType ?? current?.product_type ?? defaultProductType);
    if (variantParent !== undefined) plan.variantLinks.set(productId, variantParent);

    const productColumnsChanged = changes.some(
      (c) => !c.includes(':') && c !== 'categories' && c !== 'variantOf',
    );
    if (!current) {
      if (!slug) {
        const base = await slugify(wanted.name!, 'product');
        slug = firstFreeSlug(base, { has: (s) => lookups.takenSlugs.has(s) || state.slugs.has(s) });
        if (!/^[a-z0-9-]+$/.test(slug) || slug.length > 255) slug = `${base}-${randomUUID().slice(0, 8)}`;
      }
      state.slugs.set(slug, sku);
      plan.creates.push(productWrite(productId, sku, wanted, null, { slug, gtin, brandId, vatCodeId }));
      if (categoryIds?.length) plan.categoryLinks.set(productId, categoryIds);
      plan.contents.push(...contentWrites);
      plan.planned.push({ row: input.row, key: sku, action: 'create', changes: dedupe(changes) });
      continue;
    }
    if (changes.includes('slug')) state.slugs.set(slug, sku);
    if (!changes.length) {
      plan.planned.push({ row: input.row, key: sku, action: 'unchanged', changes: [] });
      continue;
    }
    if (productColumnsChanged)
      plan.updates.push(productWrite(productId, sku, wanted, current, { slug, gtin, brandId, vatCodeId }));
    if (categoryIds) plan.categoryLinks.set(productId, categoryIds);
    plan.contents.push(...contentWrites);
    plan.planned.push({ row: input.row, key: sku, action: 'update', changes: dedupe(changes) });
  }
  return plan;
}

const dedupe = (list: string[]) => [...new Set(list)];

function productWrite(
  id: string,
  sku: string,
  wanted: Partial<Record<ProductSheetColumn, string>>,
  current: SheetProductRow | null,
  resolved: { slug: string; gtin: string | null; brandId: string | null; vatCodeId: string | null },
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
  };
}

export { headerOf };
