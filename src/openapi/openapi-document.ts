import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { version } from '../info/info.api';
import { documentIdempotencyKey } from '../platform/http/idempotency.openapi';
import { documentRateLimits } from '../platform/http/rate-limits.openapi';
import { documentReadAfter } from '../platform/http/read-after.openapi';
import { applyCachingConventions } from './caching-conventions';
import { applyDocumentConventions } from './document-conventions';
import { attachRequestExamples } from './request-examples';

const tags: Array<[string, string]> = [
  [
    'Auth',
    'Log in, refresh, switch workspace, log out; shopper registration, email verification, password reset',
  ],
  ['Info', 'Version and server time'],
  ['Health', 'Liveness and readiness'],
  ['Users', 'Users and their roles in the workspace'],
  [
    'Identities',
    'Client logins (shoppers): their accounts, credentials and the availability of usernames and emails',
  ],
  ['Workspaces', 'Workspaces of the caller'],
  ['Apps', 'The app catalogue'],
  ['API keys', 'Keys of the workspace for integrations: service users with a role, shown once, revocable'],
  ['Languages', 'Supported languages'],
  [
    'Currencies',
    'ISO 4217 currencies of the workspace: symbol, exchange rate to the default (base) currency',
  ],
  ['AI translations', 'Machine translation of texts through the configured OpenAI-compatible service'],
  ['Content pages', 'CMS pages per language: slug, Markdown or sanitised Html body, publishing, SEO'],
  ['Documents', 'The workspace’s private file tree: structure, upload, download, directories'],
  ['Activities', 'Recorded changes'],
  [
    'Products',
    'Products: search and filter, look-ups by id, SKU, GTIN, barcode and slug, bulk changes, category links and images',
  ],
  ['Product categories', 'The category tree, slugs, hierarchy and category images'],
  ['Product category display content', 'Texts of categories per language'],
  ['Product attributes', 'Attributes, the categories that require them, product counts'],
  ['Product filters', 'Which attributes storefronts offer as filters, per category'],
  ['Brands', 'Brands and their logos'],
  ['Manufacturers', 'Manufacturers of products'],
  ['Catalogs', 'Product catalogs offered to customers'],
  ['Product display contents', 'Texts of products per language (title, excerpt, description, seo)'],
  ['Favourite products', 'Products client logins marked as favourite or had suggested'],
  [
    'Product issues',
    'Data quality: products missing images, description or required attribute values; ignored issues; statistics',
  ],
  [
    'Accounts',
    'Companies of the CRM; used tags/industries, filterable values, stats; suggestions from the Chamber of Commerce (KvK)',
  ],
  ['Contacts', 'People of the CRM, linked to accounts (first = primary) and to a client login'],
  [
    'Pipelines',
    'Sales pipelines: ordered statuses (Open/Won/Lost, default success rate), default deal tags, custom deal fields; statistics',
  ],
  [
    'Deals',
    'Opportunities in a pipeline with contacts and products; archive/restore; used statuses/tags, filterable values',
  ],
  [
    'Comments',
    'Comments on accounts, contacts, deals, products, … (Text, Json, Markdown); only the author or an Admin edits',
  ],
  [
    'Statistics',
    'Deal statistics per period; activity counts per type and per period; sales order counts and revenue per day, status and channel',
  ],
  ['VatCodes', 'VAT codes of the workspace and their rates'],
  ['AtomicScripts', 'Rules: sandboxed JavaScript run at price calculation (customer price, messages)'],
  [
    'Commerce',
    'The storefront API: the caller’s visible catalog (active products; a client’s account catalog), facets, prices',
  ],
  ['Masterdata', 'Tags in use across every tagged entity type'],
  ['Webhooks', 'Subscriptions to activity topics, signed deliveries (Standard Webhooks) and their log'],
  ['Analytics', 'Won and lost deal revenue per period; the whole workspace as a streamed NDJSON export'],
  ['Reports', 'Excel (.xlsx) downloads: deals, the product category hierarchy'],
  ['Locations', 'Warehouses, shops and pickup points: address, opening hours, image'],
  ['Stocks', 'The quantity of a product at a location; atomic changes'],
  [
    'Sales orders',
    'Orders with lines priced by the engine, gapless order numbers, the status machine and its stock effect; settings; daily figures',
  ],
  [
    'Commerce sales orders',
    'Storefront orders: placed by shoppers at engine prices (idempotent), each shopper sees its own',
  ],
  [
    'Imports',
    'Bulk import of products from CSV or xlsx files as jobs (dry run, per-row errors, progress) and exports in the same columns',
  ],
];

/** The OpenAPI 3 document, generated from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Catalog, CRM and order service')
    .setDescription(
      'Multi-workspace back end for catalog, CRM, inventory and sales orders. `/core-api` is the management ' +
        'interface (staff: users of the workspace); `/commerce-api` the storefront interface (users and client logins: ' +
        'the visible catalog, facets, prices, orders). Errors are `application/problem+json` (RFC 9457). ' +
        'Lists answer `{ data, total }`; core GET lists take `Take` (≤ 1000), `Skip`, `SortOrder`, `SortBy`, `Query` ' +
        '(case-insensitive names) and snake_case filters (repeat a key or separate values with commas). ' +
        'A query parameter an operation does not list is a 400 naming it; unknown body members are ignored. ' +
        'Every request is bounded before it is read: at most 20,000 members and elements in a body, 1,000 members ' +
        'in an object, 16 levels of nesting, 262,144 characters in a string (each member documents its own ' +
        'lower maxLength/maxItems), 200 values in an array filter, and no NUL character anywhere: beyond, a 400 ' +
        'problem names the member. Every GET answering JSON carries an `ETag` and `Cache-Control: private, no-cache`; ' +
        '`If-None-Match` with the current ETag answers 304 without a body. Answers of 1 KB or more are compressed ' +
        '(br, gzip or deflate) when `Accept-Encoding` allows it. GET lists carry `Link` headers (first, prev, next, last).',
    )
    .setVersion(version)
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    // Relative: the document is served by the service it describes, wherever that is deployed.
    .addServer('/', 'This service (the host that serves this document)')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description:
        'An access token (a JWT from `POST /core-api/auth/login`), or an API key (`trade_live_…`, `POST /core-api/api-keys`)',
    })
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
        description:
          'An API key of the workspace (`trade_live_…`, created by an Admin with `POST /core-api/api-keys`), for integrations: a service user with the key’s role',
      },
      'apiKey',
    );
  for (const [name, description] of tags) builder.addTag(name, description);
  // Every handler names its operation (`@ApiOperation({ operationId, summary, description })`):
  // generated clients take their method names from it. the OpenAPI quality test checks none is left out.
  const document = SwaggerModule.createDocument(app, builder.build());
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as Array<{
      responses?: Record<string, unknown>;
      security?: unknown[];
      requestBody?: unknown;
    }>) {
      if (typeof operation !== 'object' || !('responses' in operation)) continue;
      const problem = (description: string) => ({
        description,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemResponse' } } },
      });
      // The platform answers these before any controller: the input bounds (a NUL character, an
      // over-long value) for every operation, the body parsers for every operation with a body.
      operation.responses ??= {};
      operation.responses[400] ??= problem(
        'A query or path value breaks the limits every operation has (see the API description)',
      );
      if (operation.requestBody) {
        operation.responses[413] ??= problem('Body over 1 MiB or upload over 10 MiB');
        operation.responses[415] ??= problem('Unsupported content type');
      }
      // Protected controllers declare @ApiBearerAuth(); what carries none is open (@Public()).
      // The guard takes an API key wherever it takes a token (bearer, or the X-Api-Key header).
      operation.security ??= [];
      if (operation.security.length) operation.security = [...operation.security, { apiKey: [] }];
    }
  }
  documentIdempotencyKey(app, document);
  documentRateLimits(document);
  documentReadAfter(document);
  applyDocumentConventions(document);
  applyCachingConventions(document);
  attachRequestExamples(document);
  return document;
}
