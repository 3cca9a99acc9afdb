import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** numeric(18,4): at most 14 digits before the point, 4 after. */
export const maxDecimal = 99_999_999_999_999;
/** A list of one-line strings: at most `max` of them, none empty, each at most 255 characters. */
export const strings = (max = 100) => [
  IsArray(),
  ArrayMaxSize(max),
  IsString({ each: true }),
  IsNotEmpty({ each: true }),
  MaxLength(255, { each: true }),
];
/** Applies a list of property decorators as one. */
export const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));
