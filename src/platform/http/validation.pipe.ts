import { ArgumentMetadata, Injectable, PipeTransform, ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';
import { badRequest, FieldErrors } from './problem';

const primitives = new Set<unknown>([String, Boolean, Number, Array, Object]);

/** `pricing.tiers[0].minQuantity` style paths for nested errors. */
export function flatten(errors: ValidationError[], prefix = '', out: FieldErrors = {}): FieldErrors {
  for (const e of errors) {
    const path = /^\d+$/.test(e.property)
      ? `${prefix}[${e.property}]`
      : prefix
        ? `${prefix}.${e.property}`
        : e.property;
    if (e.constraints) (out[path] ??= []).push(...Object.values(e.constraints));
    if (e.children?.length) flatten(e.children, path, out);
  }
  return out;
}

/** The names a DTO declares (every property carries at least one class-validator decorator). */
const declaredKeys = new WeakMap<object, Map<string, string>>();
function keysOf(metatype: new () => unknown): Map<string, string> {
  let keys = declaredKeys.get(metatype);
  if (!keys) {
    keys = new Map();
    for (const m of getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false)) {
      keys.set(m.propertyName.toLowerCase(), m.propertyName);
    }
    declaredKeys.set(metatype, keys);
  }
  return keys;
}

/**
 * The one validation pipe. Bodies: unknown members dropped, wrong types are 400 (no coercion).
 * Query strings: names matched case-insensitively (`take`, `Take`, `TAKE`), values converted by
 * the DTO's own transforms. Every failing field is listed in the problem's `errors`.
 */
@Injectable()
export class ValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype;
    if (!metatype || primitives.has(metatype) || (metadata.type !== 'body' && metadata.type !== 'query'))
      return value;
    if (metadata.type === 'body' && value === null) throw badRequest({ body: ['must be a JSON object'] });
    let input = value ?? {};
    if (metadata.type === 'query' && typeof input === 'object') {
      const keys = keysOf(metatype as new () => unknown);
      input = Object.fromEntries(Object.entries(input).map(([k, v]) => [keys.get(k.toLowerCase()) ?? k, v]));
    }
    if (metadata.type === 'body') {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        throw badRequest({ body: ['must be a JSON object'] });
      }
      // Unknown members are ignored: dropped here, before the transformation pays for them.
      const keys = keysOf(metatype as new () => unknown);
      input = Object.fromEntries(Object.entries(input).filter(([k]) => keys.get(k.toLowerCase()) === k));
    }
    const instance = plainToInstance(metatype as new () => object, input, { exposeDefaultValues: true });
    const errors = await validate(instance as object, {
      whitelist: true,
      forbidNonWhitelisted: false,
      forbidUnknownValues: false,
      validationError: { target: false, value: false },
    });
    if (errors.length > 0) throw badRequest(flatten(errors));
    return instance;
  }
}
