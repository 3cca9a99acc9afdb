/**
 * A partner's first program against the service, on a client generated from its OpenAPI
 * document (openapi-typescript types + openapi-fetch):
 *
 *   npm run openapi && npm run client:generate
 *   API_BASE_URL=http://localhost:3000 API_KEY=trade_live_… npm run client:quickstart
 *   API_BASE_URL=http://localhost:3000 API_USERNAME=admin API_PASSWORD=… npm run client:quickstart
 *
 * (`npm run openapi` builds the service; beside a running one, fetch its document instead:
 * `curl -s localhost:3000/openapi.json -o openapi.json`). `client:quickstart` compiles this file
 * into examples/dist/ and runs it.
 *
 * An integration works with an API key (`X-Api-Key`): API_KEY, or, without one, an Admin logs in
 * and creates a key for the run (shown once, in that answer). With the key it creates a product,
 * lists products (and reads the rate limit left), deletes the product and reads the problem+json
 * error of asking for it again. CI type-checks it against a freshly generated client, so a change
 * of the document that breaks generated clients fails the build.
 */
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Problem = components['schemas']['ProblemResponse'];
type Product = components['schemas']['ProductResponse'];

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}

function fail(step: string, problem: Problem | undefined, response: Response): never {
  throw new Error(`${step}: ${response.status} ${problem?.title ?? ''} ${problem?.detail ?? ''}`.trim());
}

/** API_KEY, or a key an Admin (API_USERNAME, API_PASSWORD) creates for this run, valid for an hour. */
async function apiKey(baseUrl: string): Promise<string> {
  if (process.env.API_KEY) return process.env.API_KEY;
  const anonymous = createClient<paths>({ baseUrl });
  // Log in: username or email, case-insensitive.
  const login = await anonymous.POST('/core-api/auth/login', {
    body: { username: required('API_USERNAME'), password: required('API_PASSWORD') },
  });
  if (!login.data) fail('login', login.error, login.response);
  console.log('logged in');
  const admin = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${login.data.accessToken}` },
  });
  const made = await admin.POST('/core-api/api-keys', {
    body: { name: 'Quickstart', role: 'Member', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  if (!made.data) fail('create API key', made.error, made.response);
  console.log(`created API key ${made.data.id} (${made.data.hint}), shown only once`);
  return made.data.key;
}

async function main(): Promise<void> {
  const baseUrl = process.env.API_BASE_URL ?? 'http://localhost:3000';
  // Every request below is made with the key: a service user of its workspace with its role.
  const api = createClient<paths>({ baseUrl, headers: { 'X-Api-Key': await apiKey(baseUrl) } });

  // Create a product (a retry with the same Idempotency-Key would not create a second one).
  const sku = `QS-${randomUUID().slice(0, 8)}`;
  const created = await api.POST('/core-api/catalog/products', {
    body: { name: 'Quickstart kettle', sku },
    params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  if (!created.data) fail('create product', created.error, created.response);
  const product: Product = created.data;
  console.log(`created product ${product.id} (${product.sku})`);

  // List products: `take` is typed (an integer, at most 1000), the answer is `{ data, total }`.
  const take: number = 20;
  const listed = await api.POST('/core-api/catalog/products/list', { body: { take, query: sku } });
  if (!listed.data) fail('list products', listed.error, listed.response);
  const found = listed.data.data.some((p) => p.id === product.id);
  console.log(
    `listed ${listed.data.data.length} of ${listed.data.total} products; found the new one: ${found}`,
  );
  // Every answer says what is left of the key's budget (RateLimit-Policy, RateLimit).
  console.log(`rate limit: ${listed.response.headers.get('RateLimit')}`);

  // GET lists take `Take` in the query string the same way.
  const tags = await api.GET('/core-api/catalog/products/tags', { params: { query: { Take: 5 } } });
  if (!tags.data) fail('list product tags', tags.error, tags.response);
  console.log(`product tags in use: ${tags.data.total}`);

  // A delete answers 200 with an empty body: the generated type says there is no data.
  const removed = await api.DELETE('/core-api/catalog/products/{id}', {
    params: { path: { id: product.id } },
  });
  if (removed.error) fail('delete product', removed.error, removed.response);
  const nothing: undefined = removed.data;
  console.log(`deleted product ${product.id}${nothing === undefined ? '' : ' (unexpected body)'}`);

  // Errors are application/problem+json, typed as ProblemResponse.
  const gone = await api.GET('/core-api/catalog/products/{id}', { params: { path: { id: product.id } } });
  if (gone.data) throw new Error('the deleted product is still there');
  const problem: Problem = gone.error;
  console.log(
    `problem ${problem.status} ${problem.title} (${gone.response.headers.get('content-type')}): ${problem.detail}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
