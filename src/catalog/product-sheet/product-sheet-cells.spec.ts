import { describe, expect, it } from '@jest/globals';
import { canonicalDecimal, categoryPaths, readProductCell, sheetColumnOf } from './product-sheet-cells';

describe('product sheet cells', () => {
  it('reads decimals into one canonical text', () => {
    expect(canonicalDecimal('12.5')).toBe('12.50');
    expect(canonicalDecimal('12,5')).toBe('12.50');
    expect(canonicalDecimal('0012.3400')).toBe('12.34');
    expect(canonicalDecimal('1.2345')).toBe('1.2345');
    expect(canonicalDecimal('-0.00')).toBe('0.00');
    expect(canonicalDecimal('-3')).toBe('-3.00');
    expect(canonicalDecimal('12.5000')).toBe('12.50');
    for (const bad of ['12.345.6', '1.23456', 'abc', '1e3', '', '12,5,0'])
      expect(canonicalDecimal(bad)).toBeNull();
  });

  it('reads lists, paths, booleans and types, naming what is wrong', () => {
    expect(readProductCell('tags', ' a | b|a || c ')).toEqual({ value: 'a|b|c' });
    expect(categoryPaths('Furniture>Chairs | Garden')).toEqual([['Furniture', 'Chairs'], ['Garden']]);
    expect(readProductCell('categories', 'Furniture>Chairs|Garden')).toEqual({
      value: 'Furniture > Chairs|Garden',
    });
    expect(readProductCell('active', 'YES')).toEqual({ value: 'true' });
    expect(readProductCell('active', 'maybe')).toEqual({ error: '"maybe" is not true or false' });
    expect(readProductCell('productType', 'bundledproduct')).toEqual({ value: 'BundledProduct' });
    expect(readProductCell('slug', 'Not A Slug')).toHaveProperty('error');
    expect(readProductCell('salesPrice', '12.5x')).toHaveProperty('error');
  });

  it('knows its columns', () => {
    expect(sheetColumnOf('sku')).toEqual({ kind: 'product', column: 'sku' });
    expect(sheetColumnOf('title:nl')).toEqual({ kind: 'content', field: 'title', language: 'nl' });
    expect(sheetColumnOf('colour')).toBeNull();
  });
});
