import type { SheetRowInput } from '../../../catalog/catalog.api';
import type { ImportErrorEntry } from '../import-job.entity';
import {
  cellOf,
  only,
  type PresetDefinition,
  type PresetOutput,
  productRow,
  type PresetSettings,
} from './row-preset';

/*
 * A Google Merchant Center product feed (docs/imports.md, "Presets"): one row per item, its
 * attributes by their names in the product data specification (id, title, description, price,
 * sale_price, brand, gtin, product_type, item_group_id, color, size, …). Items that share an
 * item_group_id are the variants of one product, wherever they are in the feed.
 */

const reads = [
  'id',
  'title',
  'description',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'product_type',
  'item_group_id',
  'color',
  'size',
] as const;

/** `15.00 USD` (or `USD 15.00`) → its amount and currency code; null when it is not a price. */
export function priceOf(cell: string): { amount: string; currency: string | null } | null {
  const m = /^(?:([A-Za-z]{3})\s+)?(-?[\d.,]+)(?:\s*([A-Za-z]{3}))?$/.exec(cell.trim());
  if (!m || (m[1] && m[3])) return null;
  return { amount: m[2], currency: (m[1] ?? m[3])?.toUpperCase() ?? null };
}

/** A color or size as a word of a title (`M` in `Hoodie - M`, not in `Mug`). */
const wordOf = (part: string) =>
  new RegExp(`(^|[\\s,/|(\\-–])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s,/|)\\-–])`, 'gi');

/** A title without the item's color and size (and the separators they leave): the product's name. */
export function commonTitle(title: string, parts: string[]): string {
  let out = title;
  for (const part of parts.filter(Boolean)) out = out.replace(wordOf(part), '$1');
  out = out
    .replace(/\(\s*(?:[,/|\-–]\s*)*\)/g, '')
    .replace(/(\s*[,/|\-–]\s*)+$/g, '')
    .replace(/\s*([,/|\-–]\s*){2,}/g, ' $1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return out || title;
}

/** `Home > Furniture > Chairs` (Google's product_type; several separated by commas) → the sheet's category cell. */
const categoriesOf = (cell: string) =>
  cell
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .join('|');

function open(headers: Set<string>, settings: PresetSettings) {
  const title = `title:${settings.language}`;
  const description = `description:${settings.language}`;
  const columns = [
    'sku',
    'name',
    'productType',
    'variantOf',
    title,
    ...(headers.has('description') ? [description] : []),
    ...(headers.has('brand') ? ['brand'] : []),
    ...(headers.has('gtin') ? ['gtin'] : []),
    ...(headers.has('product_type') ? ['categories'] : []),
    ...(headers.has('price') ? ['salesPrice', 'suggestedRetailPrice'] : []),
  ];
  /** The item groups whose ConfigurableProduct was made (on their first item). */
  const groups = new Set<string>();

  /** salesPrice: sale_price when given, else price; suggestedRetailPrice: price when there is a sale_price. */
  const prices = (record: SheetRowInput, errors: ImportErrorEntry[]) => {
    const read = (header: 'price' | 'sale_price') => {
      const cell = cellOf(record, header);
      if (!cell) return '';
      const price = priceOf(cell);
      if (!price) {
        errors.push({
          row: record.row,
          column: header,
          message: `${header} "${cell}" is not a price (write it like 15.00 USD)`,
        });
        return '';
      }
      if (price.currency && settings.currency && price.currency !== settings.currency)
        errors.push({
          row: record.row,
          column: header,
          message: `${header} is in ${price.currency}, the workspace's prices are in ${settings.currency}: give the feed's prices in ${settings.currency}`,
        });
      return price.amount;
    };
    const price = read('price');
    const sale = read('sale_price');
    return sale
      ? { salesPrice: sale, suggestedRetailPrice: price }
      : { salesPrice: price, suggestedRetailPrice: '' };
  };

  const rows = (record: SheetRowInput): PresetOutput => {
    const id = cellOf(record, 'id');
    if (!id)
      return {
        rows: [],
        errors: [{ row: record.row, column: 'id', message: 'id is empty: every item of a feed has one' }],
      };
    const errors: ImportErrorEntry[] = [];
    const itemTitle = cellOf(record, 'title');
    const group = cellOf(record, 'item_group_id');
    const parts = [cellOf(record, 'color'), cellOf(record, 'size')].filter(Boolean);
    const shared = {
      brand: cellOf(record, 'brand'),
      ...prices(record, errors),
    };
    const firstOfGroup = group !== '' && !groups.has(group);
    if (group) groups.add(group);
    const out: SheetRowInput[] = [];
    const categories = categoriesOf(cellOf(record, 'product_type'));
    const text = record.cells.get('description') ?? '';
    if (firstOfGroup) {
      const name = commonTitle(itemTitle, parts);
      const parent = {
        sku: group,
        name,
        productType: 'ConfigurableProduct',
        variantOf: '',
        [title]: name,
        [description]: text,
        categories,
        brand: shared.brand,
      };
      out.push(productRow(record, only(columns, parent)));
    }
    // A bad item still makes its group's product (its later items are its variants).
    if (errors.length) return { rows: out, errors };
    const missing = parts.filter((p) => !wordOf(p).test(itemTitle));
    const name = group && missing.length ? [itemTitle, ...missing].join(' / ') : itemTitle;
    const item = {
      sku: id,
      name,
      productType: 'SimpleProduct',
      variantOf: group,
      [title]: name,
      [description]: text,
      categories: group ? '' : categories,
      gtin: cellOf(record, 'gtin'),
      ...shared,
    };
    out.push(productRow(record, only(columns, item)));
    return { rows: out, errors: [] };
  };
  return { columns, rows };
}

export const googleMerchantPreset: PresetDefinition = {
  system: 'Google Merchant Center feed',
  required: ['id', 'title'],
  reads,
  open,
};
