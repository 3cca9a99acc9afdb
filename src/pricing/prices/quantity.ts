import { applyDecorators } from '@nestjs/common';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { badRequest } from '../../platform/http/problem';
import { exact, type Exact } from './money';

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
  const q = exact(text);
  return q.gt(0) ? q : null;
}

/**
 * The quantities of order lines, each parsed (see `parseQuantity`); one 400 naming
 * `${linesField}[i].quantity` for every bad one.
 */
export function lineQuantities(quantities: readonly unknown[], linesField = 'lines'): Exact[] {
  const errors: Record<string, string[]> = {};
  const parsed = quantities.map((value, i) => {
    const q = parseQuantity(value);
    if (!q)
      errors[`${linesField}[${i}].quantity`] = ['must be a number greater than 0 with at most 4 decimals'];
    return q;
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  return parsed as Exact[];
}

/** Validates a quantity (see `parseQuantity`): a number, or a decimal string from a query string. */
export const IsQuantity = (options?: ValidationOptions) =>
  applyDecorators(
    ValidateBy(
      {
        name: 'isQuantity',
        validator: {
          validate: (value: unknown) => parseQuantity(value) !== null,
          defaultMessage: (args) =>
            `${args?.property ?? 'quantity'} must be a number greater than 0 with at most 4 decimals`,
        },
      },
      options,
    ),
  );
