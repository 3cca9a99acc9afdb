import { Exact } from './money';

const decimalText = /^\d{1,14}(\.\d{1,4})?$/;

/**
 * A quantity: greater than 0, at most 4 decimals (the scale of stored quantities), at most
 * 14 integer digits. A JSON number or a decimal string; anything else → null.
 */
export function parseQuantity(value: unknown): Exact | null {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : null;
  if (text === null || !decimalText.test(text)) return null;
  const q = new Exact(text);
  return q.gt(0) ? q : null;
}
