import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { valid, type IdPool } from '../../support/fuzz/arbitraries';
import {
  fixedBodies,
  mutatedBody,
  validBody,
  wrongParameter,
  type WireBody,
} from '../../support/fuzz/mutations';
import { resolve, ResponseValidator, type Schema } from '../../support/fuzz/schemas';
import { seedWorkspace, type Seeded } from '../../support/fuzz/seed';

/**
 * "No 5xx on any input": every operation of the service's own OpenAPI document gets valid
 * requests generated from its schemas and mutations of them (wrong types, nulls, edges, missing
 * and unknown members, malformed ids, dates and enums, wrong content types, empty bodies), as
 * the Owner of a fresh workspace and without a token. Each answer must be documented and match
 * its schema; every 4xx is a problem, every 400 names a member. FUZZ_SEED and FUZZ_CASES (cases
 * per operation) replay or widen a run; a failure prints the request to replay (FUZZ_LOG: a file
 * that receives every failure).
 */
const seed = Number(process.env.FUZZ_SEED ?? 20240531);
const cases = Number(process.env.FUZZ_CASES ?? 24);

type Operation = {
  method: string;
  path: string;
  op: {
    operationId: string;
    parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    security?: unknown[];
  };
};

type Sent = {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: string;
  label: string;
};

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, seed);

let t: TestApp;
let ws: WorkspaceFixture;
let other: WorkspaceFixture;
let doc: OpenAPIObject;
let seeded: Seeded;
let responses: ResponseValidator;
const failures: string[] = [];
let sentCount = 0;

beforeAll(async () => {
  t = await startApp();
  ws = await t.workspace('Fuzzed');
  other = await t.workspace('Bystander');
  doc = (await t.http.get('/openapi.json')).body as OpenAPIObject;
  responses = new ResponseValidator(doc);
  seeded = await seedWorkspace(ws.owner);
});
afterAll(() => t.close());

function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item as Record<string, Operation['op']>))
      if (op && typeof op === 'object' && 'responses' in op) ops.push({ method, path, op });
  // Deleting the fuzzed workspace ends every later request's access: it goes last.
  const last = (o: Operation) => (o.method === 'delete' && o.path === '/core-api/workspaces' ? 1 : 0);
  return ops.sort((a, b) => last(a) - last(b));
}

const allIds: IdPool = () => [...seeded.values()].flat();
function idsFor(path: string): string[] {
  const collection = path.slice(0, path.indexOf('/{'));
  return seeded.get(collection) ?? allIds();
}

/** The path with its parameters filled: real ids mostly, random and malformed ones too. */
function pathArbitrary(o: Operation): fc.Arbitrary<{ path: string; label: string }> {
  const params = (o.op.parameters ?? []).filter((p) => p.in === 'path');
  if (!params.length) return fc.constant({ path: o.path, label: '' });
  return fc
    .tuple(
      ...params.map((p) => {
        const s = resolve(doc, p.schema);
        const good =
          s.format === 'uuid'
            ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...idsFor(o.path)) }, fc.uuid({ version: 4 }))
            : (valid(doc, s, allIds) as fc.Arbitrary<string>).map((v) => String(v || 'x'));
        // An empty segment would address the collection (trailing slashes are ignored), not this operation.
        const bad = fc.constantFrom(
          ...wrongParameter(s).filter(Boolean),
          'x'.repeat(300),
          '..',
          '%E0%A4%A',
          '%00',
        );
        return fc
          .oneof(
            { weight: 4, arbitrary: good.map((v) => ({ v, bad: false })) },
            bad.map((v) => ({ v, bad: true })),
          )
          .map(({ v, bad: isBad }) => ({
            name: p.name,
            value: isBad ? v : encodeURIComponent(v),
            bad: isBad,
          }));
      }),
    )
    .map((values) => ({
      path: values.reduce(
        (path, p) => path.replace(`{${p.name}}`, p.bad ? encodeURIComponent(p.value) : p.value),
        o.path,
      ),
      label: values.some((p) => p.bad) ? `bad path ${values.map((p) => p.value.slice(0, 30)).join(',')}` : '',
    }));
}

/** Query parameters: valid values, sometimes one wrong, unknown or repeated. */
function queryArbitrary(
  o: Operation,
): fc.Arbitrary<{ query: Record<string, string | string[]>; label: string }> {
  const params = (o.op.parameters ?? []).filter((p) => p.in === 'query');
  if (!params.length) return fc.constant({ query: {}, label: '' });
  const model = Object.fromEntries(
    params.map((p) => [
      p.name,
      valid(doc, p.schema, allIds).map((v) => (Array.isArray(v) ? v.map(String) : String(v))),
    ]),
  );
  const required = params.filter((p) => p.required).map((p) => p.name);
  const good = fc.record(model, { requiredKeys: required });
  return fc.oneof(
    { weight: 2, arbitrary: good.map((query) => ({ query, label: '' })) },
    good.chain((query) =>
      fc.constantFrom(...params).chain((p) =>
        fc.constantFrom(...wrongParameter(resolve(doc, p.schema))).map((bad) => ({
          query: { ...query, [p.name]: bad },
          label: `query ${p.name}=${bad.slice(0, 30)}`,
        })),
      ),
    ),
    good.map((query) => ({
      query: { ...query, notAParameter: '1', Take: ['1', '2'] },
      label: 'query unknown/repeated',
    })),
  );
}

function bodyArbitrary(o: Operation): fc.Arbitrary<WireBody> | undefined {
  const content = o.op.requestBody?.content;
  if (!content) return undefined;
  const jsonSchema = content['application/json']?.schema;
  if (!jsonSchema) return fc.constant({ label: 'no body' });
  return fc.oneof(validBody(doc, jsonSchema, allIds), mutatedBody(doc, resolve(doc, jsonSchema), allIds));
}

async function send(req: Sent, token?: string): Promise<void> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) for (const x of [v].flat()) qs.append(k, x);
  const url = qs.size ? `${req.path}?${qs.toString()}` : req.path;
  let r = t.http[req.method as 'get'](url);
  if (token) r = r.set('Authorization', `Bearer ${token}`);
  for (const [k, v] of Object.entries(req.headers)) r = r.set(k, v);
  sentCount++;
  const res = await (req.body !== undefined ? r.send(req.body) : r);
  const problems = check(req, res.status, String(res.headers['content-type'] ?? ''), res.body, res.text);
  if (problems.length)
    failures.push(
      `${problems.join('; ')}\n  ${req.label}\n  ${JSON.stringify({
        method: req.method.toUpperCase(),
        path: req.path,
        query: req.query,
        headers: { ...req.headers, ...(token ? { authorization: 'Bearer <owner>' } : {}) },
        body:
          req.body && req.body.length > 400
            ? `${req.body.slice(0, 400)}… (${req.body.length} chars)`
            : req.body,
      })}\n  answer: ${res.status} ${res.text?.slice(0, 300)}`,
    );
}

let current: Operation;
function check(req: Sent, status: number, type: string, body: unknown, text: string): string[] {
  const out: string[] = [];
  // A 503 is the documented answer of operations whose external service is not configured here.
  if (status >= 500 && !(status === 503 && current.op.responses['503'])) out.push(`${status}`);
  if (status >= 400 && status < 500 && !type.startsWith('application/problem+json'))
    out.push(`${status} is ${type || 'untyped'}, not application/problem+json`);
  if (status === 400) {
    const errors = (body as { errors?: Record<string, unknown> } | undefined)?.errors;
    if (!errors || !Object.keys(errors).length) out.push('400 names no member in errors');
  }
  const documented = current.op.responses[String(status)];
  if (!documented) out.push(`${status} not documented for ${current.method.toUpperCase()} ${current.path}`);
  else {
    // The media the answer says it is: an export answers CSV or xlsx by `format`, and only a JSON
    // answer is a document to check against its schema (a file is bytes, a CSV is text).
    const media = type.split(';')[0].trim().toLowerCase();
    const content = documented.content ?? {};
    if (text && Object.keys(content).length && !content[media])
      out.push(`${status} is ${media || 'untyped'}, not one of ${Object.keys(content).join(', ')}`);
    const json = media === 'application/json' || media.endsWith('+json');
    const schema = json ? content[media]?.schema : undefined;
    if (schema && status < 500) {
      const error = responses.check(`${current.op.operationId}/${status}`, schema, text ? body : undefined);
      if (error) out.push(`${status} does not match its schema: ${error}`);
    }
  }
  void req;
  return out;
}

/** `total` of every list the bystander workspace can read, to compare after the fuzzing. */
async function bystanderTotals(): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const o of operations()) {
    if (o.method !== 'get' || o.path.includes('{')) continue;
    const res = await other.owner.get(o.path);
    if (res.status === 200 && typeof (res.body as { total?: unknown }).total === 'number')
      totals.set(o.path, (res.body as { total: number }).total);
  }
  return totals;
}

it(
  'answers every generated request without a 5xx, as documented, and only to its own workspace',
  async () => {
    const before = await bystanderTotals();
    expect(before.size).toBeGreaterThan(20);
    for (const o of operations()) {
      current = o;
      const method = o.method;
      const rnd = hash(`${method} ${o.path}`);
      const path = pathArbitrary(o);
      const query = queryArbitrary(o);
      const body = bodyArbitrary(o) ?? fc.constant<WireBody>({ label: '' });
      const requests = fc.sample(
        fc.tuple(path, query, body).map(([p, q, b]): Sent => ({
          method,
          path: p.path,
          query: q.query,
          headers: b.contentType ? { 'content-type': b.contentType } : {},
          body: b.text,
          label: [p.label, q.label, b.label].filter(Boolean).join(' | ') || 'valid',
        })),
        { seed: rnd, numRuns: cases },
      );
      const jsonBody = o.op.requestBody?.content['application/json'];
      if (o.op.requestBody) {
        const sample = jsonBody
          ? fc.sample(valid(doc, jsonBody.schema, allIds), { seed: rnd, numRuns: 1 })[0]
          : {};
        for (const b of jsonBody ? fixedBodies(sample) : fixedBodies({}).slice(0, 6))
          requests.push({
            ...requests[0],
            headers: b.contentType ? { 'content-type': b.contentType } : ({} as Record<string, string>),
            body: b.text,
            label: `fixed: ${b.label}`,
          });
      }
      // Without a token: a 401 (or, on open operations, no 5xx).
      await send({ ...requests[0], label: 'no token' });
      for (const req of requests) await send(req, ws.owner.token);
    }
    const after = await bystanderTotals();
    for (const [path, total] of before)
      if (after.get(path) !== total)
        failures.push(`bystander workspace: ${path} total ${total} → ${after.get(path)}`);
    process.stdout.write(
      `fuzz: seed ${seed}, ${cases} cases per operation, ${sentCount} requests, ${failures.length} failures\n`,
    );
    if (failures.length) process.stdout.write(`${failures.slice(0, 60).join('\n\n')}\n`);
    if (process.env.FUZZ_LOG) writeFileSync(process.env.FUZZ_LOG, failures.join('\n\n'));
    expect(failures).toEqual([]);
  },
  30 * 60_000,
);

it('documents every route the router knows', async () => {
  const fastify = (t.app as NestFastifyApplication).getHttpAdapter().getInstance();
  const tree = fastify.printRoutes({ commonPrefix: false });
  // The tree prints each node's path relative to its parent; indentation gives the depth.
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const [, indent, segment, methods] = m;
    const depth = indent.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + segment;
    stack.push(path);
    for (const method of methods?.split(', ') ?? [])
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.add(`${method} ${path}`);
  }
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of Object.keys(item as object))
      documented.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
  // Swagger UI, the document itself, the stored files (image URLs) and the operators' Prometheus
  // metrics are served beside the API; `*` is the router's catch-all for unknown paths (checked below).
  const undocumented = [...routes].filter(
    (r) => !documented.has(r) && !/^GET (\/(docs|openapi\.(json|yaml)|files\/|metrics$)|\*$)/.test(r),
  );
  expect(routes.size).toBeGreaterThan(100);
  expect(undocumented).toEqual([]);
  // The bare catch-all answers unknown paths: a 404 problem, no operation.
  const unknown = await t.http.get('/no/such/route');
  expect(unknown.status).toBe(404);
  expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
});
