import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * A finite JSON number with at most `places` decimal places. Replaces class-validator's
 * `IsNumber({ maxDecimalPlaces })`, which throws (a 500) on numbers that print in exponent form
 * such as 1e-7.
 */
export const IsDecimal = (places: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDecimal',
      constraints: [places],
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(places)) === value,
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a number with at most ${places} decimal places`,
      },
    },
    options,
  );
