import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { exact, money, moneyString, zero } from './money';

/** An independent decimal implementation to check against (40 digits, half away from zero). */
const Reference = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A decimal text with up to `int` integer and `frac` fraction digits, sometimes negative. */
function decimalText(next: () => number, int: number, frac: number, negative = true): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('') || '0';
  const i = digits(1 + Math.floor(next() * int)).replace(/^0+(?=\d)/, '');
  const f = digits(Math.floor(next() * (frac + 1)));
  const sign = negative && next() < 0.3 ? '-' : '';
  return `${sign}${i}${f === '0' && next() < 0.5 ? '' : `.${f}`}`;
}

/** Signed zero is not a money amount: "-0.00" reads as "0.00". */
const unsigned = (text: string) => text.replace(/^-(?=0(\.0*)?$)/, '');

describe('exact money arithmetic (integer minor units)', () => {
  it('reads numeric text and JSON numbers exactly, exponents included', () => {
    expect(exact('10.0000').toString()).toBe('10');
    expect(exact('0.0001').toString()).toBe('0.0001');
    expect(exact('-2.50').toString()).toBe('-2.5');
    expect(exact(0.1).plus(0.2).toString()).toBe('0.3');
    expect(exact(1e-7).toString()).toBe('0.0000001');
    expect(exact(1e21).toString()).toBe('1000000000000000000000');
    expect(exact('.5').toString()).toBe('0.5');
    expect(exact('0').toString()).toBe('0');
    for (const bad of ['', '.', 'abc', '1,5', '1.2.3', '--1']) expect(() => exact(bad)).toThrow(RangeError);
  });

  it('rounds half away from zero at the edge, for negative amounts too', () => {
    expect(moneyString(exact('2.675'))).toBe('2.68');
    expect(moneyString(exact('-2.675'))).toBe('-2.68');
    expect(moneyString(exact('2.6749999'))).toBe('2.67');
    expect(moneyString(exact('-0.004'))).toBe('0.00');
    expect(moneyString(exact('7'))).toBe('7.00');
    expect(money(exact('0.005')).toString()).toBe('0.01');
    expect(zero.toFixed(2)).toBe('0.00');
  });

  it('gives the JSON number of its text', () => {
    for (const text of ['12.3', '0.07', '1234567.89', '99999999999999.99', '-0.5', '3'])
      expect(exact(text).toNumber()).toBe(Number(text));
  });

  it('agrees with an independent decimal library on random sums, products, comparisons and rounding', () => {
    const next = random(13);
    for (let i = 0; i < 2000; i++) {
      const a = decimalText(next, 14, 4);
      const b = decimalText(next, 6, 6);
      const x = exact(a);
      const y = exact(b);
      const ra = new Reference(a);
      const rb = new Reference(b);
      expect([a, b, x.plus(y).toString()]).toEqual([a, b, unsigned(ra.plus(rb).toFixed())]);
      expect([a, b, x.minus(y).toString()]).toEqual([a, b, unsigned(ra.minus(rb).toFixed())]);
      expect([a, b, x.times(y).toString()]).toEqual([a, b, unsigned(ra.times(rb).toFixed())]);
      expect([a, b, x.times(y).shift(2).toString()]).toEqual([
        a,
        b,
        unsigned(ra.times(rb).dividedBy(100).toFixed()),
      ]);
      expect([a, b, x.compare(y)]).toEqual([a, b, ra.comparedTo(rb)]);
      expect([a, x.toFixed(2)]).toEqual([a, unsigned(ra.toFixed(2, Reference.ROUND_HALF_UP))]);
      expect([a, x.toNumber() + 0]).toEqual([a, ra.toNumber() + 0]);
    }
  });
});
