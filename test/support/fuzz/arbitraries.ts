import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';
import { resolve, type Schema } from './schemas';

/** Ids of entities the test created, offered wherever a schema asks for a uuid. */
export type IdPool = () => string[];

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
const patterns: Record<string, fc.Arbitrary<string>> = {
  '^[A-Za-z0-9._@+-]+$': fc.stringMatching(/^[A-Za-z0-9._@+-]{1,20}$/),
  '^[A-Z]{3}$': fc.constantFrom('EUR', 'USD', 'GBP', 'ZZZ'),
  '^[a-z0-9]+(?:-[a-z0-9]+)*$': fc.tuple(word, word).map(([a, b]) => `${a}-${b}`),
  '^[A-Za-z][A-Za-z0-9_]*$': fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/),
};
const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true });

function stringArbitrary(s: Schema, ids: IdPool): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  if (s.pattern && patterns[s.pattern]) return patterns[s.pattern];
  switch (s.format) {
    case 'uuid':
      return fc.oneof({ weight: 3, arbitrary: pick(ids) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return day.map((d) => d.toISOString());
    case 'email':
      return fc.tuple(word, word).map(([a, b]) => `${a}.${b}@example.test`);
    case 'uri':
      return word.map((w) => `https://example.test/${w}`);
    case 'password':
      return fc.string({ minLength: 12, maxLength: 40 });
  }
  const max = Math.min(s.maxLength ?? 40, 40);
  const min = Math.min(s.minLength ?? 0, max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
  );
}

/** One of the pool's ids, or a fresh uuid while the pool is empty. */
function pick(ids: IdPool): fc.Arbitrary<string> {
  return fc.nat().chain((n) => {
    const pool = ids();
    return pool.length ? fc.constant(pool[n % pool.length]) : fc.uuid({ version: 4 });
  });
}

/** Values valid against the schema (as far as a schema can say: references may not exist). */
export function valid(
  doc: OpenAPIObject,
  schema: Schema | undefined,
  ids: IdPool,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  const value = ((): fc.Arbitrary<unknown> => {
    if (s.oneOf || s.anyOf)
      return fc.oneof(...(s.oneOf ?? s.anyOf ?? []).map((x) => valid(doc, x, ids, depth + 1)));
    switch (s.type) {
      case 'string':
        return stringArbitrary(s, ids);
      case 'integer':
        return fc.integer({
          min: Math.max(s.minimum ?? -1000, -2147483648),
          max: Math.min(s.maximum ?? 100000, 2147483647),
        });
      case 'number':
        return fc
          .double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true })
          .map((n) => Math.round(n * 100) / 100);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        if (depth > 4) return fc.constant([]);
        const maxLength = Math.min(s.maxItems ?? 3, 3);
        return fc.array(valid(doc, s.items, ids, depth + 1), {
          minLength: Math.min(s.minItems ?? 0, maxLength),
          maxLength,
        });
      }
      default: {
        if (s.properties) {
          if (depth > 4) return fc.constant({});
          const model = Object.fromEntries(
            Object.entries(s.properties).map(([k, p]) => [k, valid(doc, p, ids, depth + 1)]),
          );
          return fc.record(model, { requiredKeys: s.required ?? [] });
        }
        if (s.additionalProperties && typeof s.additionalProperties === 'object')
          return fc.dictionary(word, valid(doc, s.additionalProperties, ids, depth + 1), { maxKeys: 3 });
        return fc.constant({});
      }
    }
  })();
  return s.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}
