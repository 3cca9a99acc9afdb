import { ArgumentMetadata, Injectable, PipeTransform, ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
// @ts-expect-error -- the storage entry of class-transformer ships without a declaration file
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
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

const typeStorage = defaultMetadataStorage as MetadataStorage;
type Dto = new () => unknown;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The DTO class a member holds (`@Type(() => X)` on `x: X` or `x: X[]`), if it is one. */
const nestedTypes = new WeakMap<object, Map<string, Dto | null>>();
function nestedDto(metatype: Dto, key: string): Dto | null {
  let types = nestedTypes.get(metatype);
  if (!types) nestedTypes.set(metatype, (types = new Map()));
  let nested = types.get(key);
  if (nested === undefined) {
    nested = null;
    const declared = Reflect.getMetadata('design:type', metatype.prototype as object, key) as unknown;
    const typed = typeStorage.findTypeMetadata(metatype, key)?.typeFunction() as Dto | undefined;
    // Only a DTO (a class with validated members) is stripped; a Map's keys are data, not names.
    if (typed && declared !== Map && !primitives.has(typed) && keysOf(typed).size > 0) nested = typed;
    types.set(key, nested);
  }
  return nested;
}

/**
 * The members `metatype` declares (exact names), at every depth of its nested DTOs: unknown
 * members never reach the transformation, whose cost grows faster than their number. One pass,
 * linear in the body.
 */
export function declaredOnly(metatype: Dto, value: Record<string, unknown>): Record<string, unknown> {
  const keys = keysOf(metatype);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (keys.get(key.toLowerCase()) !== key) continue;
    const member = value[key];
    const nested = nestedDto(metatype, key);
    if (!nested) out[key] = member;
    else if (Array.isArray(member))
      out[key] = member.map((e) => (isPlainObject(e) ? declaredOnly(nested, e) : e));
    else out[key] = isPlainObject(member) ? declaredOnly(nested, member) : member;
  }
  return out;
}

/**
 * The one validation pipe. Bodies: unknown members dropped at every depth, wrong types are 400
 * (no coercion).
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
      // Unknown members are ignored: dropped here, at every depth, before the transformation pays for them.
      input = declaredOnly(metatype as Dto, input as Record<string, unknown>);
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
