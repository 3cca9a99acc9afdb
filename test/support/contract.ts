import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';

/**
 * The contract harness: every answer an e2e test receives is checked against the OpenAPI document
 * the app under test serves (its own GET /openapi.json). The operation is found by method and
 * path template; its status must be documented, the content type documented for that status, the
 * body valid against that schema (OpenAPI 3.0 semantics: `nullable` adds null only beside `type`,
 * an `enum` must list null itself, `allOf`/`$ref` do not inherit a sibling's `nullable`), and the
 * headers documented for it present and valid. The headers clients rely on (ETag,
 * Idempotent-Replayed, Retry-After, X-Request-Id) must be documented wherever they are sent.
 *
 * There is no opt-out but `outsideTheDocument` below: a short list of paths that are not part of
 * the API, each with its reason. A request that matches no operation passes only as the platform's
 * own 404/405 problem answer (tests ask for unknown routes on purpose).
 */

/** Paths the document does not describe, on purpose. Keep it short; every entry says why. */
export const outsideTheDocument: ReadonlyArray<{ method?: string; path: RegExp; reason: string }> = [
  { method: 'OPTIONS', path: /^\//, reason: 'CORS preflights, answered by @fastify/cors before any route' },
  { path: /^\/openapi\.(json|yaml)$/, reason: 'the document itself' },
  { path: /^\/docs(\/|$)/, reason: 'Swagger UI: HTML and its assets, for people' },
  { path: /^\/metrics$/, reason: 'Prometheus text exposition for the scraper, not an API operation' },
  { path: /^\/files\//, reason: 'stored public files (images): static bytes at the URLs image members hold' },
];

/** The headers clients rely on: sent only where the operation documents them. */
const reliedOnHeaders = ['etag', 'idempotent-replayed', 'retry-after', 'x-request-id'];

type Json = unknown;
interface Schema {
  [key: string]: Json;
}
interface MediaType {
  schema?: Schema;
}
interface Header {
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, Header>;
  $ref?: string;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; headers?: Record<string, Header> };
}

/** What the harness needs of an answer (supertest's response, or a fetch answer read as text). */
export interface Answer {
  method: string;
  /** The request's path, with or without a query. */
  path: string;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The body as text ('' when none), or undefined when it was not read as text (binary). */
  text: string | undefined;
}

const base = 'https://contract.test';
const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const jsonMedia = /^(application\/(json|[^;\s]+\+json)|text\/json)$/i;

function decodePointer(ref: string): string[] {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * OpenAPI 3.0 schema → what Ajv reads: component `$ref`s made absolute, the boolean
 * `exclusiveMinimum`/`exclusiveMaximum` of 3.0 turned into the numbers of JSON Schema. `nullable`
 * is kept: Ajv implements it exactly as OpenAPI 3.0.3 defines it (only beside `type`).
 */
function toAjv(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toAjv);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/'))
      out.$ref = `${base}/${value.slice(2)}`;
    else if (key === 'properties' && value && typeof value === 'object')
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toAjv(v)]));
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
      const bound = (schema as Schema)[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      if (value && typeof bound === 'number') out[key] = bound;
    } else if (
      key === 'example' ||
      key === 'xml' ||
      key === 'externalDocs' ||
      key === 'discriminator' ||
      key === 'x-enumNames'
    )
      continue;
    else out[key] = toAjv(value);
  }
  // A boolean exclusive bound replaces the inclusive one.
  if ((schema as Schema).exclusiveMinimum === true) delete out.minimum;
  if ((schema as Schema).exclusiveMaximum === true) delete out.maximum;
  return out;
}

interface Template {
  path: string;
  regex: RegExp;
  /** Literal segments first: at each position a literal beats a parameter. */
  rank: string;
}

function template(path: string): Template {
  const segments = path.split('/');
  const regex = new RegExp(
    `^${segments
      .map((s) =>
        s.replace(/\{[^}]+\}|[^{]+/g, (part) =>
          part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        ),
      )
      .join('/')}$`,
  );
  return { path, regex, rank: segments.map((s) => (s.includes('{') ? '1' : '0')).join('') };
}

/** The checks of one document, compiled lazily and once per operation + status + media type. */
export class Contract {
  private readonly ajv: Ajv;
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction | Error>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
    const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
      addFormatsModule) as FormatsPlugin;
    addFormats(this.ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'password', 'binary', 'byte'])
      if (!this.ajv.formats[format]) this.ajv.addFormat(format, true);
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
      this.ajv.addSchema(toAjv(schema) as Schema, `${base}/components/schemas/${name}`);
    this.templates = Object.keys(document.paths)
      .map(template)
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  private operation(method: string, path: string): { template: string; op: Operation } | undefined {
    for (const t of this.templates) {
      if (!t.regex.test(path)) continue;
      const op = this.document.paths[t.path][method];
      if (op && methods.has(method)) return { template: t.path, op };
    }
    return undefined;
  }

  private resolve<T extends { $ref?: string }>(value: T): T {
    if (!value.$ref) return value;
    let target: unknown = this.document;
    for (const part of decodePointer(value.$ref)) target = (target as Record<string, unknown>)[part];
    return target as T;
  }

  private validator(key: string, schema: Schema): ValidateFunction | Error {
    let v = this.validators.get(key);
    if (!v) {
      try {
        v = this.ajv.compile(toAjv(schema) as Schema);
      } catch (e) {
        v = new Error(`its schema cannot be compiled: ${(e as Error).message}`);
      }
      this.validators.set(key, v);
    }
    return v;
  }

  /** The mismatches of one answer, as one message; undefined when it keeps the contract. */
  check(answer: Answer): string | undefined {
    const method = answer.method.toLowerCase();
    const raw = answer.path.split('?')[0];
    let path = raw;
    try {
      path = decodeURI(raw);
    } catch {
      // A malformed escape (tests send them on purpose): matched as sent.
    }
    const allowed = outsideTheDocument.find(
      (e) => e.path.test(path) && (!e.method || e.method === method.toUpperCase()),
    );
    if (allowed) return undefined;
    const found = this.operation(method, path);
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!found) {
      // The platform's answer to a route that does not exist (or a method it does not have).
      if ((answer.status === 404 || answer.status === 405) && type === 'application/problem+json') {
        const problems = this.bodyProblems(
          'ProblemResponse',
          { $ref: '#/components/schemas/ProblemResponse' },
          answer,
        );
        return problems ? `${answer.method} ${path} → ${answer.status}: ${problems}` : undefined;
      }
      return (
        `${answer.method.toUpperCase()} ${path} → ${answer.status}: no operation of the document matches ` +
        `(and it is not in outsideTheDocument)`
      );
    }
    const where = `${method.toUpperCase()} ${found.template} (${found.op.operationId ?? 'no operationId'}) → ${answer.status}`;
    const responses = found.op.responses ?? {};
    const status = String(answer.status);
    const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!documented)
      return `${where}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})${excerpt(answer)}`;
    const response = this.resolve(documented);
    const problems: string[] = [];

    const content = response.content ?? {};
    const hasBody = answer.text === undefined ? Boolean(type) : answer.text.length > 0;
    if (hasBody || type) {
      const media =
        content[type] ??
        Object.entries(content).find(([k]) => k === `${type.split('/')[0]}/*` || k === '*/*')?.[1];
      if (!media)
        problems.push(
          `content type ${type || '(none)'} is not documented (documented: ${Object.keys(content).join(', ') || 'no body'})`,
        );
      else if (media.schema && hasBody) {
        const bodyProblems = this.bodyProblems(`${where} ${type}`, media.schema, answer, type);
        if (bodyProblems) problems.push(bodyProblems);
      }
    } else if (Object.keys(content).length && answer.status !== 304 && method !== 'head')
      problems.push(`no body, where the document promises ${Object.keys(content).join(', ')}`);

    const headers = Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, h]) => [name.toLowerCase(), this.resolve(h)]),
    );
    for (const [name, header] of Object.entries(headers)) {
      const value = answer.headers[name];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      if (header.schema) {
        const v = this.validator(`${where} header ${name}`, header.schema);
        const text = Array.isArray(value) ? value.join(', ') : value;
        const typed =
          (header.schema.type === 'integer' || header.schema.type === 'number') && /^\d+$/.test(text)
            ? Number(text)
            : text;
        if (v instanceof Error) problems.push(`header ${name}: ${v.message}`);
        else if (!v(typed)) problems.push(`header ${name} "${text}": ${errors(v.errors)}`);
      }
    }
    for (const name of reliedOnHeaders)
      if (answer.headers[name] !== undefined && !headers[name])
        problems.push(`header ${name} is sent but not documented for this status`);

    return problems.length ? `${where}: ${problems.join('; ')}${excerpt(answer)}` : undefined;
  }

  private bodyProblems(
    key: string,
    schema: Schema,
    answer: Answer,
    type = 'application/json',
  ): string | undefined {
    const resolved = this.resolve(schema as { $ref?: string }) as Schema;
    const textual = jsonMedia.test(type) || (type === 'text/plain' && resolved.type !== 'string');
    if (!textual || answer.text === undefined) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `the ${type} body is not JSON`;
    }
    const v = this.validator(key, schema);
    if (v instanceof Error) return v.message;
    return v(body) ? undefined : `the body breaks its schema: ${errors(v.errors)}`;
  }
}

function errors(list: ErrorObject[] | null | undefined): string {
  return (list ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || '(root)'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`,
    )
    .join(', ');
}

function excerpt(answer: Answer): string {
  if (!answer.text) return '';
  return `\n  body: ${answer.text.length > 600 ? `${answer.text.slice(0, 600)}…` : answer.text}`;
}

const contracts = new Map<string, Contract>();

/** One Contract per document text: the apps of a test file share their compiled validators. */
export function contractFor(documentText: string): Contract {
  let c = contracts.get(documentText);
  if (!c) {
    c = new Contract(JSON.parse(documentText) as OpenApiDocument);
    contracts.set(documentText, c);
  }
  return c;
}

/** The servers and base URLs whose answers are checked, each with its document. */
const byServer = new WeakMap<object, Contract>();
const byOrigin = new Map<string, Contract | { outside: string }>();

export function registerServer(server: object, contract: Contract): void {
  byServer.set(server, contract);
}

/** A base URL (scheme, host, port) serving `contract`, or serving no API at all (with the reason). */
export function registerOrigin(url: string, contract: Contract | { outside: string }): void {
  byOrigin.set(new URL(url).origin, contract);
}

export function contractOf(target: unknown): Contract | { outside: string } | undefined {
  if (target && typeof target === 'object') return byServer.get(target);
  if (typeof target === 'string') {
    try {
      return byOrigin.get(new URL(target).origin);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Checks an answer from `target` (the http.Server supertest was given, or a URL): a message for
 * the test to fail with, or undefined. A target the harness does not know is a failure too,
 * unless the path is outside the document.
 */
export function contractProblem(target: unknown, answer: Answer): string | undefined {
  const contract = contractOf(target);
  if (contract instanceof Contract) {
    const problem = contract.check(answer);
    return problem && `The answer breaks the OpenAPI document the app serves.\n${problem}`;
  }
  if (contract) return undefined;
  const path = answer.path.split('?')[0];
  const method = answer.method.toUpperCase();
  if (outsideTheDocument.some((e) => e.path.test(path) && (!e.method || e.method === method)))
    return undefined;
  return (
    `The contract harness does not know the server of ${answer.method.toUpperCase()} ${path}: ` +
    'start it with startApp() (test/support/app.ts) or register it (test/support/contract.ts)'
  );
}
