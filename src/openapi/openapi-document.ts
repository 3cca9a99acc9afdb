import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { version } from '../info/version';

const tags: Array<[string, string]> = [
  ['Auth', 'Log in, refresh, switch workspace, log out'],
  ['Info', 'Version and server time'],
  ['Health', 'Liveness and readiness'],
  ['Users', 'Users and their roles in the workspace'],
  ['Identities', 'Client logins (shoppers)'],
  ['Workspaces', 'Workspaces of the caller'],
  ['Apps', 'The app catalogue'],
  ['Languages', 'Supported languages'],
  ['Activities', 'Recorded changes'],
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
  ['Statistics', 'Deal statistics per period'],
  ['Masterdata', 'Tags in use across every tagged entity type'],
];

/** The OpenAPI 3 document, generated from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Catalog, CRM and order service')
    .setDescription(
      'Multi-workspace back end for catalog, CRM, inventory and sales orders. `/core-api` is the management ' +
        'interface, `/commerce-api` the storefront interface. Errors are `application/problem+json` (RFC 9457). ' +
        'Lists answer `{ data, total }`; core GET lists take `Take` (≤ 1000), `Skip`, `SortOrder`, `SortBy`, `Query` ' +
        '(case-insensitive names) and snake_case filters (repeat a key or separate values with commas).',
    )
    .setVersion(version)
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  for (const [name, description] of tags) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as Array<
      [
        string,
        {
          responses?: Record<string, unknown>;
          security?: unknown[];
          summary?: string;
          requestBody?: unknown;
        },
      ]
    >) {
      if (typeof operation !== 'object' || !('responses' in operation)) continue;
      // The body parsers answer these for every operation that reads a body, before any controller.
      if (operation.requestBody && operation.responses)
        for (const status of [413, 415])
          operation.responses[status] ??= {
            description:
              status === 413 ? 'Body over 1 MiB or upload over 10 MiB' : 'Unsupported content type',
            content: {
              'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemResponse' } },
            },
          };
      // Protected controllers declare @ApiBearerAuth(); what carries none is open (@Public()).
      operation.security ??= [];
      operation.summary ??= `${method.toUpperCase()} ${path}`;
    }
  }
  return document;
}
