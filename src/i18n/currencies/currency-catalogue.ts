import { data as iso4217 } from 'currency-codes';

/** A currency of ISO 4217, as the maintained `currency-codes` package publishes the list. */
export interface AvailableCurrency {
  code: string;
  name: string;
  numericCode: string;
  /** Digits after the decimal separator (minor units): 2 for EUR, 0 for JPY. */
  digits: number;
  symbol: string;
}

/** Codes ISO 4217 reserves for testing (XTS) and for "no currency" (XXX): never offered. */
const notCurrencies = new Set(['XTS', 'XXX']);

/** The symbol ICU (Intl) writes for `code` in English (`€`, `$`, `CHF`); the code when it has none. */
export function symbolOf(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

export const availableCurrencies: AvailableCurrency[] = iso4217
  .filter((c) => !notCurrencies.has(c.code))
  .map((c) => ({
    code: c.code,
    name: c.currency,
    numericCode: c.number,
    digits: c.digits,
    symbol: symbolOf(c.code),
  }))
  .sort((a, b) => a.code.localeCompare(b.code));

export const availableCurrencyCodes: readonly string[] = availableCurrencies.map((c) => c.code);

const byCode = new Map(availableCurrencies.map((c) => [c.code, c]));
export const availableCurrency = (code: string): AvailableCurrency | undefined => byCode.get(code);
