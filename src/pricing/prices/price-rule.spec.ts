import { describe, expect, it } from '@jest/globals';
import { exact, money, moneyString } from './money';
import { priceAmounts, rulePrice } from './price-rule';
import { parseQuantity } from './quantity';

const q = (v: string) => exact(v);
const product = {
  salesPrice: '10.0000',
  tiers: [
    { minQuantity: '10.0000', salesPrice: '9.5000' },
    { minQuantity: '100.0000', salesPrice: '8.9900' },
    { minQuantity: '50.0000', salesPrice: '9.2500' },
  ],
};

describe('the price rule', () => {
  it('takes the tier with the highest minQuantity at or below the quantity', () => {
    const at = (quantity: string) => rulePrice(product, q(quantity), null).customerPrice!.toString();
    expect(at('1')).toBe('10');
    expect(at('9.9999')).toBe('10');
    expect(at('10')).toBe('9.5');
    expect(at('49.5')).toBe('9.5');
    expect(at('50')).toBe('9.25');
    expect(at('1000')).toBe('8.99');
  });

  it('takes the account discount off exactly, and only rounds at the edge', () => {
    const r = rulePrice({ salesPrice: '10.0050', tiers: [] }, q('1'), { discountPercentage: 12.5 });
    expect(r.customerPrice!.toString()).toBe('8.754375');
    expect(moneyString(r.customerPrice!)).toBe('8.75');
    expect(
      rulePrice({ salesPrice: '9', tiers: [] }, q('1'), {
        discountPercentage: 12.5,
      }).customerPrice!.toString(),
    ).toBe('7.875');
    expect(
      rulePrice({ salesPrice: '9', tiers: [] }, q('1'), {
        discountPercentage: 100,
      }).customerPrice!.toString(),
    ).toBe('0');
  });

  it('asks for a price when the product has none', () => {
    expect(
      rulePrice({ salesPrice: null, tiers: product.tiers }, q('100'), { discountPercentage: 5 }),
    ).toEqual({
      listPrice: null,
      customerPrice: null,
      shouldRequestPrice: true,
    });
  });

  it('rounds half away from zero, never with float drift', () => {
    expect(moneyString(exact('7.875'))).toBe('7.88');
    expect(moneyString(exact('1.005'))).toBe('1.01'); // 1.005 in binary floating point rounds to 1.00
    expect(moneyString(exact('0.1').plus('0.2'))).toBe('0.30');
    expect(money(exact('2.675')).toString()).toBe('2.68');
  });

  it('computes line amounts from the rounded unit price, VAT on the rounded line', () => {
    expect(priceAmounts(exact('31.95'), q('1.5'), exact('9'))).toEqual({
      unitPrice: '31.95',
      unitVatAmount: '2.88',
      lineTotal: '47.93',
      vatAmount: '4.31',
      lineTotalInclVat: '52.24',
    });
    expect(priceAmounts(exact('0.333333'), q('3'), exact('21'))).toMatchObject({
      unitPrice: '0.33',
      lineTotal: '0.99',
    });
    expect(priceAmounts(null, q('3'), exact('21'))).toEqual({
      unitPrice: null,
      unitVatAmount: null,
      lineTotal: null,
      vatAmount: null,
      lineTotalInclVat: null,
    });
  });

  it('accepts quantities > 0 with at most 4 decimals', () => {
    expect(parseQuantity(1)?.toString()).toBe('1');
    expect(parseQuantity('2.5')?.toString()).toBe('2.5');
    expect(parseQuantity(0.0001)?.toString()).toBe('0.0001');
    for (const bad of [
      0,
      -1,
      '0',
      '0.00001',
      'abc',
      '',
      ' ',
      '1e3',
      1e-7,
      Number.NaN,
      Infinity,
      null,
      undefined,
      {},
      '1,5',
      '123456789012345',
    ])
      expect(parseQuantity(bad)).toBeNull();
  });
});
