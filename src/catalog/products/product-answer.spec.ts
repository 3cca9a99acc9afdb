import { describe, expect, it } from '@jest/globals';
import { decimalIn, moneyOut } from './product-answer';
import { correctedQuery, editDistance, looksLikeCode, prefixTsQuery, productSearch } from './product-search';

describe('moneyOut', () => {
  it('rounds stored decimals half away from zero to 2 decimals, exactly', () => {
    expect(moneyOut('12.3450')).toBe(12.35);
    expect(moneyOut('1.0050')).toBe(1.01); // 1.005 as a double would round down
    expect(moneyOut('1.0049')).toBe(1);
    expect(moneyOut('-2.5050')).toBe(-2.51);
    expect(moneyOut('0.0000')).toBe(0);
    expect(moneyOut('99999999999999.9999')).toBe(100000000000000);
    expect(moneyOut('7')).toBe(7);
    expect(moneyOut(null)).toBeNull();
  });

  it('stores API numbers as 4-decimal text', () => {
    expect(decimalIn(12.345)).toBe('12.3450');
    expect(decimalIn(0.1)).toBe('0.1000');
    expect(decimalIn(null)).toBeNull();
    expect(decimalIn(undefined)).toBeNull();
  });
});

describe('prefixTsQuery', () => {
  it('turns words into prefix terms joined by AND', () => {
    expect(prefixTsQuery('Oak chai')).toBe('oak:* & chai:*');
    expect(prefixTsQuery('CH-0012')).toBe('ch:* & 0012:*');
    expect(prefixTsQuery('Ünïcode')).toBe('ünïcode:*');
  });

  it('lets no tsquery operator of the caller through', () => {
    expect(prefixTsQuery("oak' & | ! :* (x) <->")).toBe('oak:* & x:*');
    expect(prefixTsQuery('%%')).toBe('');
  });
});

describe('productSearch', () => {
  it('answers words from the tsvector, with a substring fallback from 3 characters', () => {
    expect(productSearch('Oak chai')).toEqual({
      kind: 'words',
      tsquery: 'oak:* & chai:*',
      fallback: '%Oak chai%',
    });
    expect(productSearch('Oa')).toEqual({ kind: 'words', tsquery: 'oa:*', fallback: null });
    expect(productSearch(' ining ')).toEqual({ kind: 'words', tsquery: 'ining:*', fallback: '%ining%' });
  });

  it('matches code-like tokens by prefix or by any part of name and sku', () => {
    expect(productSearch('STL-2')).toEqual({ kind: 'code', tsquery: 'stl:* & 2:*', pattern: '%STL-2%' });
    expect(productSearch('1200')).toEqual({ kind: 'code', tsquery: '1200:*', pattern: '%1200%' });
    expect(productSearch('A1')).toEqual({ kind: 'words', tsquery: 'a1:*', fallback: null });
  });

  it('matches text without words as a substring, wildcards escaped', () => {
    expect(productSearch('%')).toEqual({ kind: 'substring', pattern: '%\\%%' });
  });

  it('tells codes from words', () => {
    for (const code of ['AX-1200', 'STL-2', '12345', 'ch.oak', 'a_b', 'x/y'])
      expect(looksLikeCode(code)).toBe(true);
    for (const word of ['oak', 'oak chair', 'Dining', 'chair 12', '-', 'oak-'])
      expect(looksLikeCode(word)).toBe(false);
  });
});

describe('did you mean', () => {
  it('counts a swap of neighbours as one edit, and stops past the bound', () => {
    expect(editDistance('chiar', 'chair', 2)).toBe(1);
    expect(editDistance('stoel', 'stoelen', 2)).toBe(2);
    expect(editDistance('chiar', 'chest', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('corrects unknown words to the nearest known word, keeps known words and numbers', () => {
    expect(correctedQuery('Chiar', ['dining', 'chair', 'chest'])).toBe('chair');
    expect(correctedQuery('dinnig chiar 12', ['dining', 'chair'])).toBe('dining chair 12');
    expect(correctedQuery('chair', ['chair'])).toBeNull();
    expect(correctedQuery('xylophone', ['chair'])).toBeNull();
  });
});
