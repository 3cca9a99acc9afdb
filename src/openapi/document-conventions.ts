import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * What holds for every operation but no decorator says, written into the generated document
 * (OpenAPI 3.0) after Nest has built it. The e2e contract harness (test/support/contract.ts) checks
 * every answer of every test against the result, and the quality rules (openapi-quality.ts) keep
 * these shapes from coming back.
 */

/**
 * The 3.0 schema of exactly `null`: `nullable` adds null to `type`, and an `enum` that lists null
 * admits only it (OpenAPI 3.0.3, "nullable").
 */
export const nullSchema = { type: 'object', nullable: true, enum: [null] } as const;

type Schema = Record<string, unknown>;
const composition = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * Nullable schemas a strict 3.0 validator reads as Nest meant them:
 * - `{ nullable, type: object, allOf: [{ $ref }] }` (Nest's shape for an optional nested DTO):
 *   `nullable` does not reach into `allOf`, so null failed the referenced object. Becomes
 *   `anyOf: [{ $ref }, null]`.
 * - `{ nullable, enum: [...] }`: an enum must list null itself, so null is added.
 */
export function fixNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullables(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Schema;
  for (const [key, value] of Object.entries(schema))
    if (key !== 'example' && key !== 'examples' && key !== 'default') fixNullables(value);
  if (schema.nullable !== true) return;
  const composed = composition.find((k) => Array.isArray(schema[k]));
  if (composed || typeof schema.$ref === 'string') {
    const parts = composed ? (schema[composed] as unknown[]) : [{ $ref: schema.$ref }];
    const whole = composed === 'allOf' && parts.length > 1 ? [{ allOf: parts }] : parts;
    for (const k of [...composition, '$ref', 'nullable', 'type']) delete schema[k];
    schema.anyOf = [...whole, nullSchema];
  } else if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}

const header = (ref: string) => ({ $ref: `#/components/headers/${ref}` });

const headers = {
  XRequestId: {
    description:
      'The correlation id of the request: the `X-Request-Id` the client sent when well-formed, else a new UUID. ' +
      'Quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', maxLength: 255 },
  },
  ETag: {
    description:
      'The version of the resource in the answer (a quoted integer): send it back in `If-Match` to update ' +
      'only what you read (412 otherwise).',
    required: false,
    schema: { type: 'string', pattern: '^"\\d+"$' },
  },
  IdempotentReplayed: {
    description:
      '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key` and body.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    required: false,
    schema: { type: 'integer', minimum: 0 },
  },
};

interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<string, Response>;
  parameters?: Array<{ name?: string; in?: string }>;
}

const problem = (description: string): Response => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemResponse' } } },
});

/** The same JSON text answers as `text/json` or `text/plain` when the client asks for it (content-negotiation.ts). */
function negotiated(response: Response): void {
  const json = response.content?.['application/json'];
  if (!json) return;
  response.content!['text/json'] ??= json;
  response.content!['text/plain'] ??= json;
}

/**
 * A stored resource's answer (an object with an id, or a workspace's settings): it carries the
 * resource's version as ETag (the harness fails an ETag sent where the document has none).
 */
function isResource(document: OpenAPIObject, response: Response): boolean {
  const ref = response.content?.['application/json']?.schema?.$ref;
  if (typeof ref !== 'string') return false;
  const name = ref.split('/').pop()!;
  const schema = document.components?.schemas?.[name] as Schema | undefined;
  return 'id' in ((schema?.properties ?? {}) as Schema) || /SettingsResponse$/.test(name);
}

/**
 * Every operation: its answers carry X-Request-Id; 2xx answers of one stored resource its ETag;
 * JSON answers may be asked for as text/json or text/plain; a 429 or 503 says when to retry, and
 * every operation can answer 503 while the service shuts down. An operation that honours
 * `Idempotency-Key` may answer a replay (Idempotent-Replayed) or 409 (the key with another body).
 */
export function applyDocumentConventions(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.headers = { ...(document.components.headers ?? {}), ...headers };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item) as Operation[]) {
      if (typeof operation !== 'object' || !operation || !('responses' in operation)) continue;
      const responses = (operation.responses ??= {});
      // The router refuses an over-long path parameter before any handler (app.setup.ts).
      if (path.includes('{')) responses[414] ??= problem('A segment of the request path is too long');
      const idempotent = (operation.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      if (idempotent)
        responses[409] ??= problem(
          'The Idempotency-Key was used with another body (or a conflict of the operation itself)',
        );
      const shuttingDown = 'The service is shutting down: send the request again (see Retry-After)';
      if (responses[503]) {
        responses[503].description = `${responses[503].description}; or: ${shuttingDown}`;
        responses[503].content = { ...problem('').content, ...responses[503].content };
      } else responses[503] = problem(shuttingDown);
      for (const [status, response] of Object.entries(responses)) {
        response.headers = { ...(response.headers ?? {}), 'X-Request-Id': header('XRequestId') };
        if (/^2/.test(status)) {
          if (isResource(document, response)) response.headers.ETag = header('ETag');
          if (idempotent) response.headers['Idempotent-Replayed'] = header('IdempotentReplayed');
        }
        if (status === '429' || status === '503') response.headers['Retry-After'] = header('RetryAfter');
        negotiated(response);
      }
    }
  }
  fixNullables(document.components.schemas);
  fixNullables(document.paths);
}
