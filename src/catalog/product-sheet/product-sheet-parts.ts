import { isURL } from 'class-validator';
import { httpUrl } from '../../platform/http/openapi';
import { maxDecimal } from '../products/product-validators';

/*
 * The cells of the product sheet's columns for rows a product owns (docs/imports.md): barcodes,
 * quantity tiers, image URLs and attribute values. Each reads a cell into one canonical text (what
 * an export writes for the stored rows), so an exported file imports as "unchanged".
 */

/** A read cell: its canonical text, or why it cannot be read. */
type PartRead = { value: string } | { error: string };

/** The items of a `|` list, trimmed, empty ones dropped, repeats dropped (first kept). */
const items = (text: string): string[] => [
  ...new Set(
    text
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The rules the products API holds its lists to: at most `max` items, each at most 255 characters. */
function checkedItems(
  text: string,
  what: string,
  max: number,
  maxLength = 255,
): string[] | { error: string } {
  const list = items(text);
  if (list.length > max) return { error: `has ${list.length} ${what}s; at most ${max} are allowed` };
  const long = list.find((v) => v.length > maxLength);
  if (long) return { error: `the ${what} "${long.slice(0, 40)}…" is longer than ${maxLength} characters` };
  return list;
}

/** Barcodes: `4006381333931|4006381333948`, canonical in sorted order (as the API compares and answers them). */
export function readBarcodes(text: string): PartRead {
  const list = checkedItems(text, 'barcode', 100);
  return 'error' in list ? list : { value: [...list].sort().join('|') };
}

/** Canonical barcodes of stored rows. */
export const barcodesCell = (stored: string[]): string => [...new Set(stored)].sort().join('|');

/**
 * A quantity or price of a tier: at most 14 integer and 4 decimal digits. Quantities are written
 * without trailing zeros (`10`, `2.5`), prices with at least two decimals (`11.50`).
 */
function tierNumber(text: string, price: boolean): string | null {
  const t = /^\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  const m = /^(\d{1,14})(?:\.(\d{1,4}))?$/.exec(t);
  if (!m) return null;
  const whole = m[1].replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (price) return `${whole}.${fraction.padEnd(2, '0')}`;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** One tier as its canonical text, from a stored quantity and price (numeric(18,4) text). */
export const tierText = (minQuantity: string, salesPrice: string): string =>
  `${tierNumber(minQuantity, false)}:${tierNumber(salesPrice, true)}`;

/** Quantity tiers: `10:11.50|50:10.00` (from 10 on a unit costs 11.50), canonical ordered by quantity. */
export function readPriceTiers(text: string): PartRead {
  const parts = items(text);
  if (parts.length > 50) return { error: `has ${parts.length} tiers; at most 50 are allowed` };
  const tiers: Array<{ quantity: string; price: string }> = [];
  for (const part of parts) {
    const m = /^([^:]+):(.+)$/.exec(part);
    const quantity = m ? tierNumber(m[1].trim(), false) : null;
    const price = m ? tierNumber(m[2].trim(), true) : null;
    if (!quantity || !price)
      return {
        error: `"${part}" is not a tier: write quantity:price, e.g. 10:11.50 (no negative numbers, at most 4 decimals)`,
      };
    if (Number(quantity) <= 0) return { error: `"${part}": the quantity must be greater than 0` };
    if (Number(quantity) > maxDecimal || Number(price) > maxDecimal)
      return { error: `"${part}": a number is too large` };
    if (tiers.some((t) => Number(t.quantity) === Number(quantity)))
      return { error: `has more than one tier for quantity ${quantity}` };
    tiers.push({ quantity, price });
  }
  tiers.sort((a, b) => Number(a.quantity) - Number(b.quantity));
  return { value: tiers.map((t) => `${t.quantity}:${t.price}`).join('|') };
}

/** The tiers of a canonical cell, as the numeric texts the table stores. */
export const tiersOf = (cell: string): Array<{ minQuantity: string; salesPrice: string }> =>
  items(cell).map((t) => {
    const [minQuantity, salesPrice] = t.split(':');
    return { minQuantity, salesPrice };
  });

/** Image URLs: absolute http(s) URLs (at most 2,048 characters), in display order. */
export function readImageUrls(text: string): PartRead {
  const list = checkedItems(text, 'image URL', 100, 2048);
  if ('error' in list) return list;
  const bad = list.find((u) => !isURL(u, httpUrl));
  return bad ? { error: `"${bad.slice(0, 80)}" is not an absolute http(s) URL` } : { value: list.join('|') };
}

/** An attribute's values: `red|blue`, in the order given (at most 100, each at most 255 characters). */
export function readAttributeValues(text: string): PartRead {
  const list = checkedItems(text, 'value', 100);
  return 'error' in list ? list : { value: list.join('|') };
}

/** The canonical cell of stored values (of an attribute, or image URLs). */
export const listCell = (stored: string[]): string => items(stored.join('|')).join('|');

/** The items of a canonical list cell. */
export const cellItems = items;
