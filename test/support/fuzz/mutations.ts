import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';
import { valid, type IdPool } from './arbitraries';
import { resolve, type Schema } from './schemas';

/** A body as sent on the wire: raw text (so duplicated members are possible) and its type. */
export type WireBody = { label: string; contentType?: string; text?: string };

type Member = { path: Array<string | number>; schema: Schema };

/** Every member present in `value`, with its schema, depth first. */
function members(
  doc: OpenAPIObject,
  schema: Schema | undefined,
  value: unknown,
  path: Array<string | number> = [],
): Member[] {
  const s = resolve(doc, schema);
  const out: Member[] = path.length ? [{ path, schema: s }] : [];
  if (Array.isArray(value) && s.items)
    value.forEach((v, i) => out.push(...members(doc, s.items, v, [...path, i])));
  else if (value && typeof value === 'object' && s.properties)
    for (const [k, v] of Object.entries(value))
      if (s.properties[k]) out.push(...members(doc, s.properties[k], v, [...path, k]));
  return out;
}

const hugeString = 'x'.repeat(300_000);
const limits = [1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 0.5, -1, 1e-7];
const badDates = [
  '2024-13-45',
  '2024-02-30',
  '0000-00-00',
  '99999-01-01',
  'yesterday',
  '2024-01-01T25:61:00Z',
];
const badUuids = ['not-a-uuid', '00000000-0000-0000-0000-00000000000g', '{}', '1'];

/** Values of the wrong JSON type for a member of this schema, and values at its edges. */
function wrongValues(s: Schema): unknown[] {
  const type = s.type ?? (s.properties ? 'object' : undefined);
  const wrong: unknown[] = [null, 'a\u0000b'];
  if (type !== 'string') wrong.push('text', '');
  if (type !== 'number' && type !== 'integer') wrong.push(12345, -1.5);
  if (type !== 'boolean') wrong.push(true);
  if (type !== 'object') wrong.push({ nested: { deeper: [1] } });
  if (type !== 'array') wrong.push([1, 'two']);
  if (type === 'string') {
    wrong.push(hugeString, ' '.repeat(300), '\u{1F600}'.repeat(200));
    if (s.enum) wrong.push('NotAKnownValue', String(s.enum[0]).toLowerCase() + ' ');
    if (s.format === 'uuid') wrong.push(...badUuids);
    if (s.format === 'date' || s.format === 'date-time') wrong.push(...badDates);
    if (s.format === 'email') wrong.push('not-an-email', '@@');
  }
  if (type === 'number' || type === 'integer') wrong.push(...limits, '12');
  if (type === 'array') wrong.push(new Array(100_000).fill('x'), new Array(5_000).fill({}), [null]);
  return wrong;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const json = (label: string, value: unknown): WireBody => ({
  label,
  contentType: 'application/json',
  text: JSON.stringify(value),
});

/** Bodies every JSON operation gets, whatever its schema. */
export function fixedBodies(sample: unknown): WireBody[] {
  const text = JSON.stringify(sample ?? {});
  const first = sample && typeof sample === 'object' ? Object.keys(sample)[0] : undefined;
  return [
    { label: 'no body' },
    { label: 'empty JSON body', contentType: 'application/json', text: '' },
    { label: 'text/plain', contentType: 'text/plain', text },
    { label: 'XML', contentType: 'application/xml', text: '<a/>' },
    { label: 'form', contentType: 'application/x-www-form-urlencoded', text: 'a=b&c=d' },
    { label: 'multipart without parts', contentType: 'multipart/form-data; boundary=x', text: '--x--\r\n' },
    {
      label: 'truncated JSON',
      contentType: 'application/json',
      text: text.slice(0, Math.max(1, text.length - 1)),
    },
    json('top-level array', [sample]),
    json('top-level empty array', []),
    json('top-level string', 'text'),
    json('top-level number', 42),
    json('top-level null', null),
    json('top-level true', true),
    json('empty object', {}),
    json('unknown member', { ...(sample as object), notAMember: { a: 1 } }),
    {
      label: 'duplicated member',
      contentType: 'application/json',
      text: first ? text.replace(/^\{/, `{${JSON.stringify(first)}:[1,{"x":null}],`) : '{"a":1,"a":2}',
    },
    json('deep nesting', { ...(sample as object), deep: nest(500) }),
    json('NUL byte in a key', { ...(sample as object), 'a\u0000b': 1 }),
  ];
}

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** A valid body with one member given a wrong, null, edge or missing value. */
export function mutatedBody(doc: OpenAPIObject, schema: Schema, ids: IdPool): fc.Arbitrary<WireBody> {
  return valid(doc, schema, ids).chain((value) => {
    const all = members(doc, schema, value);
    if (!all.length) return fc.constant(json('valid (no members to mutate)', value));
    return fc.constantFrom(...all).chain((m) => {
      const name = m.path.join('.');
      return fc.oneof(
        fc
          .constantFrom(...wrongValues(m.schema))
          .map((v) => json(`${name} = ${JSON.stringify(v)?.slice(0, 40)}`, setAt(value, m.path, v))),
        fc.constant(json(`${name} missing`, setAt(value, m.path, undefined, true))),
      );
    });
  });
}

/** A valid body. */
export function validBody(doc: OpenAPIObject, schema: Schema, ids: IdPool): fc.Arbitrary<WireBody> {
  return valid(doc, schema, ids).map((v) => json('valid', v));
}

/** Wrong values of a query or path parameter, as text. */
export function wrongParameter(s: Schema): string[] {
  const out = ['', 'a\u0000b', 'x'.repeat(4000), '%', 'null', '[]', '{"a":1}'];
  const type = s.type === 'array' ? s.items?.type : s.type;
  const itemSchema = s.type === 'array' ? (s.items ?? {}) : s;
  if (type === 'integer' || type === 'number' || s.minimum !== undefined)
    out.push('-1', '1e10', '1.5', 'abc', '99999999999999999999', 'NaN', 'Infinity', '0x10');
  if (type === 'boolean') out.push('maybe', '2', 'TRUE ');
  if (itemSchema.format === 'uuid') out.push(...badUuids, 'a,b,c', ',,,');
  if (itemSchema.format === 'date' || itemSchema.format === 'date-time') out.push(...badDates);
  if (itemSchema.enum) out.push('NotAKnownValue', `${String(itemSchema.enum[0])},NotAKnownValue`);
  return out;
}
