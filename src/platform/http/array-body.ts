import { applyDecorators, Body, type PipeTransform } from '@nestjs/common';
import { ApiBody, ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { badRequest, type FieldErrors } from './problem';
import { declaredOnly, flatten } from './validation.pipe';

/**
 * Validates a body that is a JSON array of `Item` (the global ValidationPipe takes objects only):
 * at most `max` elements, each validated like a body (unknown members dropped at every depth first),
 * errors named `[i].field`. Past `max` → 400 naming `body` before anything else is looked at.
 */
class ArrayBodyPipe<T extends object> implements PipeTransform {
  constructor(
    private readonly item: new () => T,
    private readonly max: number,
  ) {}

  async transform(value: unknown): Promise<T[]> {
    if (!Array.isArray(value)) throw badRequest({ body: ['must be a JSON array'] });
    if (value.length > this.max) throw badRequest({ body: [`must contain at most ${this.max} items`] });
    const errors: FieldErrors = {};
    const items: T[] = [];
    for (const [i, element] of value.entries()) {
      if (typeof element !== 'object' || element === null || Array.isArray(element)) {
        errors[`[${i}]`] = ['must be a JSON object'];
        continue;
      }
      const declared = declaredOnly(this.item, element as Record<string, unknown>);
      const instance = plainToInstance(this.item, declared, { exposeDefaultValues: true });
      const found = await validate(instance, {
        whitelist: true,
        forbidUnknownValues: false,
        validationError: { target: false, value: false },
      });
      Object.assign(errors, flatten(found, `[${i}]`));
      items.push(instance);
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    return items;
  }
}

/** `@Body()` for a JSON array of `Item` (≤ `max`), documented as such. Use with a `Item[]` parameter. */
export const ArrayBody = <T extends object>(
  item: new () => T,
  max: number,
  description?: string,
): ParameterDecorator => {
  const body = Body(new ArrayBodyPipe(item, max));
  const docs = applyDecorators(
    ApiExtraModels(item),
    ApiBody({
      description,
      schema: { type: 'array', items: { $ref: getSchemaPath(item) }, maxItems: max },
    }),
  );
  return (target, key, index) => {
    body(target, key, index);
    if (key !== undefined) docs(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
};
