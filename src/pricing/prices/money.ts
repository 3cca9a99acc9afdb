import { Decimal } from 'decimal.js';

/**
 * Exact decimal arithmetic for prices. A private Decimal class (40 significant digits, half away
 * from zero) so no other module's configuration changes how pricing rounds. Stored prices are
 * numeric(18,4) strings; everything in between stays exact; only the edge rounds (`money`).
 */
export const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Exact = InstanceType<typeof Exact>;

/** A stored numeric (string) or a JSON number, exactly as written (no float conversion drift). */
export const exact = (value: string | number): Exact =>
  new Exact(typeof value === 'number' ? String(value) : value);

/** Rounded to 2 decimals, half away from zero: the only rounding pricing does (at the edge). */
export const money = (value: Exact): Exact => value.toDecimalPlaces(2, Exact.ROUND_HALF_UP);

/** A money amount as a decimal string with exactly 2 decimals (`"12.30"`). */
export const moneyString = (value: Exact): string => money(value).toFixed(2);

/** A JSON number for answers (CONTRACT: money as numbers rounded to 2 decimals at the edge). */
export const moneyNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/** A decimal string without trailing zeros (`"2.5"`, `"21"`), for quantities and rates. */
export const plain = (value: Exact): string => value.toString();
