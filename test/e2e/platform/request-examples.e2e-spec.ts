import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exampleIds, exampleShopperTokens, exampleWebhookUrl } from '../../../src/openapi/example-values';
import { ActivityObservers } from '../../../src/platform/activity/activity-recorder';
import { requestExamples, type RequestExample } from '../../../src/openapi/request-examples';
import { FakeChatCompletions } from '../../support/fake-chat-completions';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

type Operation = { operationId: string; method: string; path: string; json: boolean };

/** Every string of `value` (deep) that is a key of `known`, replaced by its value. */
function substitute(value: unknown, known: Map<string, string>): unknown {
  if (typeof value === 'string') return known.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => substitute(v, known));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, known)]));
  return value;
}

/** The strings of `value` (deep) that are in `among`. */
function referenced(value: unknown, among: Set<string>): string[] {
  if (typeof value === 'string') return among.has(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => referenced(v, among));
  if (value && typeof value === 'object') return Object.values(value).flatMap((v) => referenced(v, among));
  return [];
}

const at = (answer: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], answer);

/**
 * Every request example the document offers (src/openapi/request-examples.ts) is sent, as
 * documented, to a fresh workspace and must answer 2xx. Examples run in dependency order: one
 * runs once the ids it names (fixed example ids) were answered by the examples that create them
 * (or by the one product the test makes itself, for the examples that need a second one), and
 * once the operations it names in `after` ran. The webhook endpoint is the one value replaced by
 * something else than an id: a local address.
 */
describe('Request examples of the document', () => {
  const fake = new FakeChatCompletions();
  let t: TestApp;
  let ws: WorkspaceFixture;
  let operations: Map<string, Operation>;
  const eventTokens = new Map<string, string>();

  beforeAll(async () => {
    const url = await fake.start();
    t = await startApp({
      TRANSLATION_API_URL: url,
      TRANSLATION_MODEL: 'fake-model',
      TRANSLATION_API_KEY: 'sk-e2e',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    });
    ws = await t.workspace('Examples');
    // A shopper account's token reaches only the webhook deliveries of its event: seen here as the
    // recorder hands it to its observers, it replaces the example token of that event.
    t.app.get(ActivityObservers).observe(async (_m, _ctx, recorded) => {
      for (const a of recorded)
        if (a.type in exampleShopperTokens && typeof a.secretData?.token === 'string')
          eventTokens.set(
            exampleShopperTokens[a.type as keyof typeof exampleShopperTokens],
            a.secretData.token,
          );
    });
    const doc = (await t.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: { content: object } }>>;
    };
    operations = new Map();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (op?.operationId)
          operations.set(op.operationId, {
            operationId: op.operationId,
            method,
            path,
            json: !!op.requestBody && 'application/json' in op.requestBody.content,
          });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('has an example for every JSON request body, and none for an operation that is not there', () => {
    const withBody = [...operations.values()].filter((o) => o.json).map((o) => o.operationId);
    expect(withBody.filter((id) => !requestExamples[id])).toEqual([]);
    expect(Object.keys(requestExamples).filter((id) => !operations.get(id)?.json)).toEqual([]);
  });

  it('answers 2xx to every example, sent in dependency order to a fresh workspace', async () => {
    const known = new Map<string, string>();
    const other = await ws.owner.post('/core-api/catalog/products', {
      name: 'Walnut side table',
      sku: 'TB-WAL-2210',
      pricing: { salesPrice: 349 },
    });
    expect(other.status).toBe(200);
    known.set(exampleIds.otherProduct, other.body.id);
    // No name resolves here: the webhook examples' endpoint becomes a local address.
    known.set(exampleWebhookUrl, 'http://127.0.0.1:9/hooks/trade');
    const yielded = new Set<string>([
      exampleIds.otherProduct,
      ...Object.values(exampleShopperTokens),
      ...Object.values(requestExamples).flatMap((e) => Object.keys(e.yields ?? {})),
    ]);
    const pending = new Map<string, RequestExample>(Object.entries(requestExamples));
    const done = new Set<string>();
    const failures: string[] = [];
    const ready = (id: string, e: RequestExample) =>
      referenced([e.body, e.path], yielded).every((v) => known.has(v)) &&
      (e.after ?? []).every((a) => done.has(a));
    for (;;) {
      const next = [...pending].find(([id, e]) => ready(id, e));
      if (!next) break;
      const [id, example] = next;
      pending.delete(id);
      const op = operations.get(id)!;
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        String(substitute(example.path?.[name] ?? `{${name}}`, known)),
      );
      const send = {
        get: ws.owner.get.bind(ws.owner),
        post: ws.owner.post.bind(ws.owner),
        put: ws.owner.put.bind(ws.owner),
        delete: ws.owner.delete.bind(ws.owner),
      }[op.method as 'post'];
      const res = await send(path, substitute(example.body, known) as object);
      if (res.status < 200 || res.status > 299) {
        failures.push(
          `${id} (${op.method.toUpperCase()} ${path}): ${res.status} ${JSON.stringify(res.body)}`,
        );
        continue;
      }
      done.add(id);
      for (const [value, token] of eventTokens) known.set(value, token);
      for (const [value, where] of Object.entries(example.yields ?? {})) {
        const real = at(res.body, where);
        if (typeof real === 'string') known.set(value, real);
        else failures.push(`${id}: the answer has no ${where}`);
      }
    }
    expect(failures).toEqual([]);
    expect([...pending.keys()]).toEqual([]);
    expect(done.size).toBe(Object.keys(requestExamples).length);

    // The examples create and update nearly every kind of entity: every activity they recorded is
    // a topic listed by name (a property update included), so the topics list cannot drift.
    const topics = new Set(
      ((await ws.owner.get('/core-api/webhooks/topics')).body.data as Array<{ topic: string }>).map(
        (x) => x.topic,
      ),
    );
    const recorded = (await ws.owner.post('/core-api/activities/filter', { take: 1000 })).body.data as Array<{
      type: string;
    }>;
    expect(recorded.length).toBeGreaterThan(50);
    expect([...new Set(recorded.map((a) => a.type))].filter((type) => !topics.has(type)).sort()).toEqual([]);
  });
});
