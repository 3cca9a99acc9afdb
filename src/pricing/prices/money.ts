/**
 * Exact decimal arithmetic for prices, in integer minor units: a value is a BigInt count of
 * units of 10^-scale (`10.0049` = 100049 units at scale 4). Stored prices are numeric(18,4)
 * strings; adding, subtracting and multiplying are exact (scales add up, nothing is dropped), and
 * pricing never needs a division other than by a power of ten (`shift`), which is exact as well.
 * Only the edge rounds (`money`): half away from zero. A priced line costs a few BigInt
 * operations instead of a general decimal library's digit arrays (docs/pricing.md, Performance).
 */
export class Exact {
  constructor(
    /** The value times 10^scale. */
    readonly units: bigint,
    /** Decimal places (≥ 0). */
    readonly scale: number,
  ) {}

  plus(other: Exact | string | number): Exact {
    const b = toExact(other);
    const scale = Math.max(this.scale, b.scale);
    return new Exact(this.at(scale) + b.at(scale), scale);
  }

  minus(other: Exact | string | number): Exact {
    const b = toExact(other);
    const scale = Math.max(this.scale, b.scale);
    return new Exact(this.at(scale) - b.at(scale), scale);
  }

  times(other: Exact | string | number): Exact {
    const b = toExact(other);
    return new Exact(this.units * b.units, this.scale + b.scale);
  }

  /** This value divided by 10^places (exact: the scale grows). */
  shift(places: number): Exact {
    return new Exact(this.units, this.scale + places);
  }

  /** -1, 0 or 1 as this value is less than, equal to or greater than `other`. */
  compare(other: Exact | string | number): number {
    const b = toExact(other);
    const scale = Math.max(this.scale, b.scale);
    const x = this.at(scale);
    const y = b.at(scale);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  lte(other: Exact | string | number): boolean {
    return this.compare(other) <= 0;
  }

  gt(other: Exact | string | number): boolean {
    return this.compare(other) > 0;
  }

  /** Rounded to `places` decimals, half away from zero (unchanged when it has no more). */
  round(places: number): Exact {
    if (this.scale <= places) return this;
    const divisor = pow10(this.scale - places);
    const negative = this.units < 0n;
    const abs = negative ? -this.units : this.units;
    let q = abs / divisor;
    if ((abs % divisor) * 2n >= divisor) q += 1n;
    return new Exact(negative ? -q : q, places);
  }

  /** Rounded (half away from zero) and written with exactly `places` decimals: `"12.30"`. */
  toFixed(places: number): string {
    const r = this.round(places);
    return format(r.units * pow10(places - r.scale), places);
  }

  /** Plain decimal text without trailing zeros (`"2.5"`, `"21"`, `"0.0001"`); never an exponent. */
  toString(): string {
    let units = this.units;
    let scale = this.scale;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale--;
    }
    return format(units, scale);
  }

  /** The nearest JSON number (as `Number(toString())`). */
  toNumber(): number {
    const n = Number(this.units);
    // Both exact doubles: IEEE division rounds the quotient correctly, as parsing the text does.
    return Number.isSafeInteger(n) && this.scale <= 22 ? n / 10 ** this.scale : Number(this.toString());
  }

  /** The units at a scale at least this one's. */
  private at(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * pow10(scale - this.scale);
  }
}

const powers: bigint[] = [1n];
const pow10 = (n: number): bigint => {
  for (let i = powers.length; i <= n; i++) powers.push(powers[i - 1] * 10n);
  return powers[n];
};

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

const decimalText = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * A stored numeric (string) or a JSON number, exactly as written (`String(n)` for a number: the
 * shortest text that reads back as it, so 0.1 is 0.1, not the binary fraction). Throws on text
 * that is not a decimal number.
 */
export function exact(value: string | number): Exact {
  const text = typeof value === 'number' ? String(value) : value;
  const m = decimalText.exec(text);
  if (!m || (!m[2] && !m[3])) throw new RangeError(`Not a decimal number: "${text}"`);
  const fraction = m[3] ?? '';
  let digits = m[2] + fraction;
  let scale = fraction.length - (m[4] ? Number(m[4]) : 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const units = BigInt(digits);
  return new Exact(m[1] === '-' ? -units : units, scale);
}

const toExact = (v: Exact | string | number): Exact => (v instanceof Exact ? v : exact(v));

export const zero = new Exact(0n, 0);

/** Rounded to 2 decimals, half away from zero: the only rounding pricing does (at the edge). */
export const money = (value: Exact): Exact => value.round(2);

/** A money amount as a decimal string with exactly 2 decimals (`"12.30"`). */
export const moneyString = (value: Exact): string => value.toFixed(2);

/** A JSON number for answers (CONTRACT: money as numbers rounded to 2 decimals at the edge). */
export const moneyNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/** A decimal string without trailing zeros (`"2.5"`, `"21"`), for quantities and rates. */
export const plain = (value: Exact): string => value.toString();
