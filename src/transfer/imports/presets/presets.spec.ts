import { describe, expect, it } from '@jest/globals';
import { commonTitle, priceOf } from './google-merchant';
import { openPreset } from './presets';
import type { RowPreset } from './row-preset';

const settings = { language: 'nl', currency: 'EUR' };

/** Opens a preset on a header and feeds it records (rows 2, 3, …): each record's rows as plain objects. */
function run(preset: RowPreset, header: string[], records: string[][]) {
  return records.map((cells, i) => {
    const out = preset.rows({ row: i + 2, cells: new Map(header.map((h, j) => [h, cells[j] ?? ''])) });
    return {
      rows: out.rows.map((r): Record<string, unknown> => ({ row: r.row, ...Object.fromEntries(r.cells) })),
      errors: out.errors,
    };
  });
}

function opened(name: 'shopify' | 'googleMerchant', header: string[], mappedTo: string[] = []): RowPreset {
  const preset = openPreset(name, header, new Set(mappedTo), settings);
  if ('error' in preset) throw new Error(preset.error);
  return preset;
}

describe('the Shopify preset', () => {
  const header = [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Tags',
    'Type',
    'Status',
    'Option1 Name',
    'Option1 Value',
    'Option2 Name',
    'Option2 Value',
    'Variant SKU',
    'Variant Price',
    'Image Src',
  ];

  it('writes only the columns its file has, contents in the language it is given', () => {
    expect(opened('shopify', header).columns).toEqual([
      'sku',
      'name',
      'productType',
      'variantOf',
      'title:nl',
      'description:nl',
      'brand',
      'tags',
      'categories',
      'active',
      'salesPrice',
    ]);
    expect(openPreset('shopify', ['sku', 'name'], new Set(), settings)).toEqual({
      error: expect.stringContaining('no "Handle", "Title" column'),
    });
  });

  it('makes a ConfigurableProduct and its variants of a handle, skips image rows, keeps state across rows', () => {
    const out = run(opened('shopify', header), header, [
      [
        'tee',
        'Tee',
        '<p>Soft</p>',
        'Acme',
        'a, b',
        'Shirts',
        'active',
        'Color',
        'Red',
        'Size',
        'S',
        'T-R-S',
        '10',
      ],
      ['tee', '', '', '', '', '', '', '', 'Red', '', 'M', '', '11'],
      ['tee', '', '', '', '', '', '', '', '', '', '', '', '', 'https://cdn/x.jpg'],
      ['mug', 'Mug', '', 'Acme', '', '', 'draft', 'Title', 'Default Title', '', '', '', '5'],
      ['mug', '', '', '', '', '', '', '', 'Blue', '', '', 'M-B', '5'],
    ]);
    expect(out[0].rows).toEqual([
      {
        row: 2,
        sku: 'tee',
        name: 'Tee',
        productType: 'ConfigurableProduct',
        variantOf: '',
        'title:nl': 'Tee',
        'description:nl': '<p>Soft</p>',
        brand: 'Acme',
        tags: 'a|b',
        categories: 'Shirts',
        active: 'true',
        salesPrice: '',
      },
      {
        row: 2,
        sku: 'T-R-S',
        name: 'Tee / Red / S',
        productType: 'SimpleProduct',
        variantOf: 'tee',
        'title:nl': 'Tee / Red / S',
        'description:nl': '',
        brand: 'Acme',
        tags: 'a|b',
        categories: '',
        active: 'true',
        salesPrice: '10',
      },
    ]);
    // A later variant row: the product's cells from the first row, a sku made of the handle and options.
    expect(out[1].rows).toEqual([
      expect.objectContaining({
        row: 3,
        sku: 'tee-red-m',
        name: 'Tee / Red / M',
        variantOf: 'tee',
        brand: 'Acme',
        salesPrice: '11',
      }),
    ]);
    expect(out[2]).toEqual({ rows: [], errors: [] });
    expect(out[3].rows).toEqual([
      expect.objectContaining({
        sku: 'mug',
        productType: 'SimpleProduct',
        variantOf: '',
        active: 'false',
        salesPrice: '5',
      }),
    ]);
    expect(out[4]).toEqual({
      rows: [],
      errors: [{ row: 6, column: 'Option1 Value', message: expect.stringContaining('without variants') }],
    });
  });

  it('passes a mapping target it does not read to every row of its record', () => {
    const h = ['Handle', 'Title', 'Option1 Value', 'Variant SKU', 'vatCode'];
    const preset = opened('shopify', h, ['vatCode', 'Variant SKU']);
    expect(preset.columns).toEqual(['sku', 'name', 'productType', 'variantOf', 'title:nl', 'vatCode']);
    const [out] = run(preset, h, [['lamp', 'Lamp', 'Big', 'L-B', 'Low']]);
    expect(out.rows.map((r) => [r.sku, r.vatCode])).toEqual([
      ['lamp', 'Low'],
      ['L-B', 'Low'],
    ]);
  });
});

describe('the Google Merchant Center preset', () => {
  const header = ['id', 'title', 'price', 'sale_price', 'product_type', 'item_group_id', 'color', 'size'];

  it('reads prices with their currency', () => {
    expect(priceOf('15.00 USD')).toEqual({ amount: '15.00', currency: 'USD' });
    expect(priceOf('EUR 9,95')).toEqual({ amount: '9,95', currency: 'EUR' });
    expect(priceOf('12')).toEqual({ amount: '12', currency: null });
    expect(priceOf('cheap')).toBeNull();
  });

  it("names a group's product by its first title without the color and size", () => {
    expect(commonTitle('Fleece Hoodie - Navy - M', ['Navy', 'M'])).toBe('Fleece Hoodie');
    expect(commonTitle('Tee (Red, XL)', ['Red', 'XL'])).toBe('Tee');
    expect(commonTitle('Canvas Sneaker', ['White', '42'])).toBe('Canvas Sneaker');
    expect(commonTitle('Red', ['Red'])).toBe('Red');
    // A size is a word of the title, not any letter of it.
    expect(commonTitle('Mug M', ['M'])).toBe('Mug');
    expect(commonTitle('Mug', ['M'])).toBe('Mug');
  });

  it('makes a ConfigurableProduct on the first item of a group, wherever its other items are', () => {
    const out = run(opened('googleMerchant', header), header, [
      ['A-1', 'Tee - Red', '10.00 EUR', '', 'Shirts > Tees', 'A', 'Red', ''],
      ['B', 'Lamp', '20.00 EUR', '15.00 EUR', 'Home > Lamps', '', '', ''],
      ['A-2', 'Tee', '10.00 EUR', '', 'Shirts > Tees', 'A', 'Blue', 'L'],
      ['C', 'Mug', '5.00 USD', '', '', '', '', ''],
    ]);
    expect(
      out[0].rows.map((r) => [r.sku, r.name, r.productType, r.variantOf, r.categories, r.salesPrice]),
    ).toEqual([
      ['A', 'Tee', 'ConfigurableProduct', '', 'Shirts > Tees', ''],
      ['A-1', 'Tee - Red', 'SimpleProduct', 'A', '', '10.00'],
    ]);
    expect(out[1].rows).toEqual([
      expect.objectContaining({
        sku: 'B',
        variantOf: '',
        categories: 'Home > Lamps',
        salesPrice: '15.00',
        suggestedRetailPrice: '20.00',
      }),
    ]);
    expect(out[2].rows.map((r) => [r.sku, r.name, r.variantOf])).toEqual([['A-2', 'Tee / Blue / L', 'A']]);
    expect(out[3]).toEqual({
      rows: [],
      errors: [{ row: 5, column: 'price', message: expect.stringContaining('USD') }],
    });
  });
});
