import { afterEach } from '@jest/globals';
import request from 'supertest';
import { contractOf, contractProblem, type Answer } from './contract';

/**
 * Jest `setupFilesAfterEnv` of the e2e project: every answer a test receives, through supertest
 * (TestApp.http, Caller, `request(url)`) or `fetch`, is checked against the OpenAPI document of
 * the app that sent it (see contract.ts). A mismatch fails the request the test awaits.
 */

interface SupertestTest {
  app: unknown;
  url: string;
  method: string;
  _contractChecked?: boolean;
}
interface SuperagentResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text?: unknown;
  body?: unknown;
}

/** Every mismatch of the current test, so that one a test caught (or a workload swallowed) still fails it. */
const raised: string[] = [];
afterEach(() => {
  const problems = raised.splice(0);
  if (problems.length)
    throw new Error(
      `${problems.length} answer(s) broke the OpenAPI document:\n${problems.slice(0, 3).join('\n')}`,
    );
});

/** A fault of the harness itself fails the request too, with its cause, instead of escaping as uncaught. */
function safely(check: () => string | undefined): string | undefined {
  try {
    return check();
  } catch (e) {
    return `The contract harness could not check the answer: ${(e as Error).stack ?? String(e)}`;
  }
}

type Callback = (err: Error | null, res?: SuperagentResponse) => void;

const textual = /^(application\/(json|[^;\s]+\+json|problem\+json)|text\/)/i;

function answerOf(test: SupertestTest, res: SuperagentResponse): Answer {
  const type = String(res.headers['content-type'] ?? '');
  const text =
    typeof res.text === 'string'
      ? res.text
      : Buffer.isBuffer(res.body) && textual.test(type)
        ? res.body.toString('utf8')
        : undefined;
  // As sent: superagent does not normalise the path (`new URL` would resolve a `..` segment).
  const path = test.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
  return {
    method: test.method,
    path,
    status: res.status,
    headers: res.headers,
    text,
  };
}

const Test = (request as unknown as { Test: { prototype: { end: (fn?: Callback) => unknown } } }).Test;
const end = Test.prototype.end;
Test.prototype.end = function (
  this: SupertestTest,
  fn?: (err: Error | null, res?: SuperagentResponse) => void,
) {
  // end() is called once per request; the check runs once, after supertest's own assertions.
  return end.call(this, (err: Error | null, res?: SuperagentResponse) => {
    if (!err && res && !this._contractChecked) {
      this._contractChecked = true;
      const problem = safely(() => contractProblem(this.app, answerOf(this, res)));
      if (problem) {
        raised.push(problem);
        const error = new Error(problem);
        if (fn) return fn.call(this, error, res);
        throw error;
      }
    }
    return fn?.call(this, err, res);
  });
};

// fetch: answers of a registered origin (TestApp.listen(), a child service) are checked too.
// Every other origin (S3, webhook receivers, the app's own outgoing calls) is left alone.
const originalFetch = globalThis.fetch;
globalThis.fetch = async function contractFetch(input: string | URL | Request, init?: RequestInit) {
  const res = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!contractOf(url.href)) return res;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const type = res.headers.get('content-type') ?? '';
  // Only textual answers are read (a clone, so the test still reads the body); streams of
  // NDJSON and files are checked by status and content type.
  const text = textual.test(type) && !/ndjson/i.test(type) ? await res.clone().text() : undefined;
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  const problem = safely(() =>
    contractProblem(url.href, {
      method,
      path: `${url.pathname}${url.search}`,
      status: res.status,
      headers,
      text: text ?? (res.status === 204 || res.status === 304 ? '' : undefined),
    }),
  );
  if (problem) {
    raised.push(problem);
    throw new Error(problem);
  }
  return res;
};
