import { describe, expect, it } from '@jest/globals';
import {
  barcodesCell,
  listCell,
  readAttributeValues,
  readBarcodes,
  readImageUrls,
  readPriceTiers,
  tiersOf,
  tierText,
} from './product-sheet-parts';

describe('product sheet part cells', () => {
  it('reads tiers into one canonical text ordered by quantity, and back', () => {
    expect(readPriceTiers('50:10 | 10:11,5|2.50:12.0000')).toEqual({ value: '2.5:12.00|10:11.50|50:10.00' });
    expect(tierText('10.0000', '11.5000')).toBe('10:11.50');
    expect(tierText('2.5000', '9.9999')).toBe('2.5:9.9999');
    expect(tiersOf('2.5:12.00|10:11.50')).toEqual([
      { minQuantity: '2.5', salesPrice: '12.00' },
      { minQuantity: '10', salesPrice: '11.50' },
    ]);
    for (const [cell, error] of [
      ['ten:5', '"ten:5" is not a tier'],
      ['10', '"10" is not a tier'],
      ['10:-5', '"10:-5" is not a tier'],
      ['0:5', 'greater than 0'],
      ['10:5|10.0:6', 'more than one tier for quantity 10'],
      ['1:1.23456', 'is not a tier'],
    ])
      expect(readPriceTiers(cell)).toEqual({ error: expect.stringContaining(error) });
  });

  it('reads barcodes sorted, URLs and attribute values in order, naming what is wrong', () => {
    expect(readBarcodes(' 222|111 |222')).toEqual({ value: '111|222' });
    expect(barcodesCell(['b', 'a'])).toBe('a|b');
    expect(readBarcodes('x'.repeat(256))).toEqual({ error: expect.stringContaining('longer than 255') });
    expect(readImageUrls('https://a.example/1.jpg | http://b/2.png')).toEqual({
      value: 'https://a.example/1.jpg|http://b/2.png',
    });
    expect(readImageUrls('ftp://a/1.jpg')).toEqual({
      error: expect.stringContaining('not an absolute http(s) URL'),
    });
    expect(readImageUrls('/relative.jpg')).toEqual({ error: expect.stringContaining('not an absolute') });
    expect(readAttributeValues('red| blue|red')).toEqual({ value: 'red|blue' });
    expect(readAttributeValues(Array.from({ length: 101 }, (_, i) => `v${i}`).join('|'))).toEqual({
      error: 'has 101 values; at most 100 are allowed',
    });
    expect(listCell([' red', 'blue', '', 'red'])).toBe('red|blue');
  });
});
