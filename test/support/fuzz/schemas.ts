import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from '@nestjs/swagger';

/** An OpenAPI 3.0 schema object, loosely typed: the fuzz test only reads it. */
export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
};

/** Follows `$ref`s and folds single-element `allOf`s (how the swagger plugin wraps a typed ref). */
export function resolve(doc: OpenAPIObject, schema: Schema | undefined): Schema {
  let s: Schema = schema ?? {};
  for (let guard = 0; guard < 20; guard++) {
    if (s.$ref) {
      const name = s.$ref.replace('#/components/schemas/', '');
      const { $ref: _ref, ...rest } = s;
      s = { ...(doc.components?.schemas?.[name] as Schema), ...rest };
    } else if (s.allOf?.length === 1) {
      const { allOf, ...rest } = s;
      s = { ...resolve(doc, allOf[0]), ...rest };
    } else break;
  }
  // `Take`/`Skip` are documented as a bare object with bounds: numbers in a query string.
  if ((s.type === 'object' || s.type === undefined) && (s.minimum !== undefined || s.maximum !== undefined))
    s = { ...s, type: 'integer' };
  return s;
}

/** OpenAPI 3.0 `nullable` to JSON Schema, recursively, for ajv. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'nullable' || k === 'example' || k === 'examples') continue;
    if (k === '$ref' && typeof v === 'string') out.$ref = `openapi${v}`;
    else if (k === 'properties' && v && typeof v === 'object')
      out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, toJsonSchema(s)]));
    else out[k] = toJsonSchema(v);
  }
  // `nullable` beside `allOf: [$ref]` (how a nullable nested DTO is documented) allows null too.
  if ((node as Schema).nullable) return { anyOf: [out, { type: 'null' }] };
  return out;
}

/** Validators of documented answers, compiled once per schema. */
export class ResponseValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: OpenAPIObject) {
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('password', true);
    this.ajv.addSchema({ $id: 'openapi', components: toJsonSchema(doc.components) as object });
  }

  /** null when valid, else ajv's first errors as text. */
  check(key: string, schema: Schema, body: unknown): string | null {
    let validate = this.compiled.get(key);
    if (!validate) this.compiled.set(key, (validate = this.ajv.compile(toJsonSchema(schema) as object)));
    return validate(body) ? null : this.ajv.errorsText(validate.errors?.slice(0, 3));
  }
}
