import { slugPattern } from '../categories/category-slug';
import { type ProductType, productTypes } from '../products/product.entity';
import { readBarcodes, readImageUrls, readPriceTiers } from './product-sheet-parts';

/**
 * The product sheet: the columns of a product import and export, and how a cell's text is read.
 * One text form per value (its canonical cell): an export writes it, an import compares the file's
 * cell, read into that form, with it, so an exported file imports as "unchanged" (docs/imports.md).
 */
export const productSheetColumns = [
  'sku',
  'name',
  'slug',
  'productType',
  'variantOf',
  'active',
  'gtin',
  'tags',
  'categories',
  'brand',
  'salesPrice',
  'purchasePrice',
  'suggestedRetailPrice',
  'vatCode',
  'manufacturer',
  'barcodes',
  'priceTiers',
  'imageUrls',
  'externalReference',
] as const;
export type ProductSheetColumn = (typeof productSheetColumns)[number];

/** Display content columns, one per language: `title:en`, `description:nl`. */
export const contentFields = ['title', 'description'] as const;
export type ContentField = (typeof contentFields)[number];

/** Several tags or category paths in one cell are separated by this. */
export const listSeparator = '|';
/** The levels of a category path: `Furniture > Chairs`. */
export const pathSeparator = ' > ';

/** A column of the sheet: a product column, a content field in a language, or an attribute's values. */
export type SheetColumn =
  | { kind: 'product'; column: ProductSheetColumn }
  | { kind: 'content'; field: ContentField; language: string }
  | { kind: 'attribute'; name: string };

/** The columns that hold a list of several values (not limited to 255 characters as a whole). */
const listColumns: ReadonlySet<ProductSheetColumn> = new Set([
  'tags',
  'categories',
  'barcodes',
  'priceTiers',
  'imageUrls',
]);

/** The column a header names, or null when it names none (`title:en` → content, title, en). */
export function sheetColumnOf(header: string): SheetColumn | null {
  if ((productSheetColumns as readonly string[]).includes(header))
    return { kind: 'product', column: header as ProductSheetColumn };
  const m = /^(title|description):([a-z]{2}(?:-[A-Za-z]{2,4})?)$/.exec(header);
  if (m) return { kind: 'content', field: m[1] as ContentField, language: m[2] };
  const attribute = /^attribute:(.+)$/.exec(header);
  return attribute?.[1].trim() ? { kind: 'attribute', name: attribute[1].trim() } : null;
}

export const headerOf = (c: SheetColumn): string =>
  c.kind === 'product' ? c.column : c.kind === 'content' ? `${c.field}:${c.language}` : `attribute:${c.name}`;

/** A cell read: its canonical text, or why it cannot be read (a message a person can act on). */
export type CellRead = { value: string } | { error: string };

const trueTexts = new Set(['true', '1', 'yes', 'y']);
const falseTexts = new Set(['false', '0', 'no', 'n']);

/**
 * An exact decimal of at most 14 integer and 4 decimal digits (numeric(18,4)), canonical: at
 * least 2 decimals, no trailing zero beyond them (`12.5` → `12.50`, `1.2340` → `1.234`). A comma
 * is read as the decimal separator when there is no point (`12,50`, as spreadsheets in many
 * locales write it).
 */
export function canonicalDecimal(text: string): string | null {
  const t = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  const m = /^(-?)(\d{1,14})(?:\.(\d{1,4}))?$/.exec(t);
  if (!m) return null;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '').padEnd(2, '0');
  const zero = whole === '0' && /^0+$/.test(fraction);
  return `${m[1] && !zero ? '-' : ''}${whole}.${fraction}`;
}

/** A stored numeric(18,4) (`12.5000`) as its canonical cell. */
export const decimalCell = (stored: string | null): string =>
  stored == null ? '' : canonicalDecimal(stored)!;

/** A list cell (`a | b|c`) as its canonical text (`a|b|c`): trimmed, empty items dropped, repeats dropped. */
export const listItems = (text: string): string[] => [
  ...new Set(
    text
      .split(listSeparator)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** A category path cell's paths, each as its levels (`Furniture > Chairs` → [Furniture, Chairs]). */
export const categoryPaths = (text: string): string[][] =>
  listItems(text).map((p) =>
    p
      .split('>')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const pathText = (levels: string[]): string => levels.join(pathSeparator);

/**
 * Reads the text of a product column into its canonical cell (trimmed; '' for empty). What an
 * empty cell means (cleared or kept) is the planner's: see `keepsOnEmpty`.
 */
export function readProductCell(column: ProductSheetColumn, raw: string): CellRead {
  const text = raw.trim();
  if (text.length > 255 && !listColumns.has(column))
    return { error: `is ${text.length} characters long; at most 255 are allowed` };
  if (text === '') return { value: '' };
  switch (column) {
    case 'slug':
      return slugPattern.test(text)
        ? { value: text }
        : {
            error: `"${text}" is not a slug: lower-case letters and digits joined by hyphens (chairs-oak-2)`,
          };
    case 'productType': {
      const type = productTypes.find((t) => t.toLowerCase() === text.toLowerCase());
      return type ? { value: type } : { error: `"${text}" is not one of ${productTypes.join(', ')}` };
    }
    case 'active': {
      const lower = text.toLowerCase();
      if (trueTexts.has(lower)) return { value: 'true' };
      if (falseTexts.has(lower)) return { value: 'false' };
      return { error: `"${text}" is not true or false` };
    }
    case 'tags': {
      const tags = listItems(text);
      const long = tags.find((t) => t.length > 255);
      return long
        ? { error: `the tag "${long.slice(0, 40)}…" is longer than 255 characters` }
        : { value: tags.join(listSeparator) };
    }
    case 'categories': {
      const paths = categoryPaths(text);
      const long = paths.flat().find((l) => l.length > 255);
      if (long) return { error: `the category name "${long.slice(0, 40)}…" is longer than 255 characters` };
      return { value: paths.map(pathText).join(listSeparator) };
    }
    case 'salesPrice':
    case 'purchasePrice':
    case 'suggestedRetailPrice': {
      const value = canonicalDecimal(text);
      return value == null
        ? { error: `"${text}" is not a number (write it like 12.50, at most 4 decimals)` }
        : { value };
    }
    case 'barcodes':
      return readBarcodes(text);
    case 'priceTiers':
      return readPriceTiers(text);
    case 'imageUrls':
      return readImageUrls(text);
    default:
      return { value: text };
  }
}

/** Columns whose empty cell keeps the current value (they cannot be empty): the rest are cleared by one. */
export const keepsOnEmpty = (column: ProductSheetColumn): boolean =>
  column === 'slug' || column === 'productType' || column === 'active' || column === 'name';

export const defaultProductType: ProductType = 'SimpleProduct';
