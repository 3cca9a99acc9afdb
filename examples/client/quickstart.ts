/**
 * A partner's first program against the service, on a client generated from its OpenAPI
 * document (openapi-typescript types + openapi-fetch):
 *
 *   npm run openapi && npm run client:generate
 *   API_BASE_URL=http://localhost:3000 API_USERNAME=admin API_PASSWORD=… npm run client:quickstart
 *
 * (`npm run openapi` builds the service; beside a running one, fetch its document instead:
 * `curl -s localhost:3000/openapi.json -o openapi.json`). `client:quickstart` compiles this file
 * into examples/dist/ and runs it.
 *
 * It logs in, creates a product, lists products, deletes the product and reads the problem+json
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

async function main(): Promise<void> {
  const baseUrl = process.env.API_BASE_URL ?? 'http://localhost:3000';
  const anonymous = createClient<paths>({ baseUrl });

  // Log in: username or email, case-insensitive.
  const login = await anonymous.POST('/core-api/auth/login', {
    body: { username: required('API_USERNAME'), password: required('API_PASSWORD') },
  });
  if (!login.data) fail('login', login.error, login.response);
  console.log('logged in');

  const api = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${login.data.accessToken}` },
  });

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
