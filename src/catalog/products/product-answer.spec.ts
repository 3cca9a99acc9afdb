import { describe, expect, it } from '@jest/globals';
import { decimalIn, moneyOut } from './product-answer';
import { prefixTsQuery } from './product-list.service';

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
