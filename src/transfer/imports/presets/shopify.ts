import type { SheetRowInput } from '../../../catalog/catalog.api';
import {
  cellOf,
  only,
  type PresetDefinition,
  type PresetOutput,
  productRow,
  type PresetSettings,
} from './row-preset';

/*
 * Shopify's product CSV (docs/imports.md, "Presets"): one row per variant, the rows of a product
 * one after another under its Handle. The first row of a handle carries the product's cells
 * (Title, Body (HTML), Vendor, Tags, Type, Product Category, Published, Status) and its first
 * variant; the later rows only their variant's cells; a row with only an image (Image Src) adds
 * nothing here. A product without variants has one row whose Option1 Value is "Default Title".
 */

const reads = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Status',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Barcode',
  'Cost per item',
] as const;

/** The product a handle's first row describes, kept while its later rows are read. */
interface ShopifyProduct {
  handle: string;
  title: string;
  body: string;
  vendor: string;
  tags: string;
  categories: string;
  active: string;
  /** No variants ("Default Title"): one SimpleProduct; later variant rows are errors. */
  single: boolean;
}

/** `a, b` → `a|b` (Shopify separates tags by commas). */
const tagsOf = (cell: string) =>
  cell
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .join('|');

/** Status (active, draft, archived) when the file has it, else Published (TRUE/FALSE); '' keeps the product's. */
function activeOf(record: SheetRowInput): string {
  const status = cellOf(record, 'Status').toLowerCase();
  if (status) return status === 'active' ? 'true' : 'false';
  const published = cellOf(record, 'Published').toLowerCase();
  return published === 'true' ? 'true' : published === 'false' ? 'false' : '';
}

/** The product's category: Product Category's path (`A > B > C`), else Type as a top-level category. */
const categoryOf = (record: SheetRowInput) => cellOf(record, 'Product Category') || cellOf(record, 'Type');

const optionValues = (record: SheetRowInput) =>
  ['Option1 Value', 'Option2 Value', 'Option3 Value'].map((h) => cellOf(record, h)).filter(Boolean);

function open(headers: Set<string>, settings: PresetSettings) {
  const title = `title:${settings.language}`;
  const description = `description:${settings.language}`;
  const columns = [
    'sku',
    'name',
    'productType',
    'variantOf',
    title,
    ...(headers.has('Body (HTML)') ? [description] : []),
    ...(headers.has('Vendor') ? ['brand'] : []),
    ...(headers.has('Tags') ? ['tags'] : []),
    ...(headers.has('Product Category') || headers.has('Type') ? ['categories'] : []),
    ...(headers.has('Status') || headers.has('Published') ? ['active'] : []),
    ...(headers.has('Variant Price') ? ['salesPrice'] : []),
    ...(headers.has('Variant Compare At Price') ? ['suggestedRetailPrice'] : []),
    ...(headers.has('Cost per item') ? ['purchasePrice'] : []),
    ...(headers.has('Variant Barcode') ? ['gtin'] : []),
  ];
  let product: ShopifyProduct | null = null;

  const variantCells = (record: SheetRowInput) => ({
    salesPrice: cellOf(record, 'Variant Price'),
    suggestedRetailPrice: cellOf(record, 'Variant Compare At Price'),
    purchasePrice: cellOf(record, 'Cost per item'),
    gtin: cellOf(record, 'Variant Barcode'),
  });
  const shared = (p: ShopifyProduct) => ({ brand: p.vendor, tags: p.tags, active: p.active });

  const rows = (record: SheetRowInput): PresetOutput => {
    const handle = cellOf(record, 'Handle');
    if (!handle)
      return {
        rows: [],
        errors: [
          {
            row: record.row,
            column: 'Handle',
            message: 'Handle is empty: every row of a Shopify file names its product',
          },
        ],
      };
    const first = handle !== product?.handle;
    const values = optionValues(record);
    const hasVariant =
      values.length > 0 || cellOf(record, 'Variant SKU') !== '' || cellOf(record, 'Variant Price') !== '';
    if (first) {
      product = {
        handle,
        title: cellOf(record, 'Title'),
        body: record.cells.get('Body (HTML)') ?? '',
        vendor: cellOf(record, 'Vendor'),
        tags: tagsOf(cellOf(record, 'Tags')),
        categories: categoryOf(record),
        active: activeOf(record),
        single: values.length === 0 || (values.length === 1 && values[0] === 'Default Title'),
      };
    }
    const p = product!;
    // An image-only row (Handle and Image Src): no product cells here.
    if (!hasVariant && !first) return { rows: [], errors: [] };
    if (first && p.single) {
      const sku = cellOf(record, 'Variant SKU') || handle;
      const cells = {
        sku,
        name: p.title,
        productType: 'SimpleProduct',
        variantOf: '',
        [title]: p.title,
        [description]: p.body,
        categories: p.categories,
        ...shared(p),
        ...variantCells(record),
      };
      return { rows: [productRow(record, only(columns, cells))], errors: [] };
    }
    if (p.single)
      return {
        rows: [],
        errors: [
          {
            row: record.row,
            column: 'Option1 Value',
            message: `handle ${handle} is a product without variants ("Default Title" on its first row), so this variant row cannot be imported`,
          },
        ],
      };
    const out: SheetRowInput[] = [];
    if (first) {
      const parent = {
        sku: handle,
        name: p.title,
        productType: 'ConfigurableProduct',
        variantOf: '',
        [title]: p.title,
        [description]: p.body,
        categories: p.categories,
        ...shared(p),
      };
      out.push(productRow(record, only(columns, parent)));
    }
    const sku =
      cellOf(record, 'Variant SKU') || [handle, ...values].join('-').toLowerCase().replace(/\s+/g, '-');
    const name = [p.title, ...values].join(' / ');
    const variant = {
      sku,
      name,
      productType: 'SimpleProduct',
      variantOf: handle,
      [title]: name,
      ...shared(p),
      ...variantCells(record),
    };
    out.push(productRow(record, only(columns, variant)));
    return { rows: out, errors: [] };
  };
  return { columns, rows };
}

export const shopifyPreset: PresetDefinition = {
  system: 'Shopify product CSV',
  required: ['Handle', 'Title'],
  reads,
  open,
};
