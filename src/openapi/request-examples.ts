import type { OpenAPIObject } from '@nestjs/swagger';
import { identityExamples } from './examples/identity';
import { i18nExamples } from './examples/i18n';
import { catalogExamples } from './examples/catalog';
import { crmExamples } from './examples/crm';
import { activityExamples } from './examples/activity';
import { pricingExamples } from './examples/pricing';
import { storefrontExamples } from './examples/storefront';
import { contentExamples } from './examples/content';
import { webhooksExamples } from './examples/webhooks';
import { inventoryExamples } from './examples/inventory';
import { salesExamples } from './examples/sales';
import type { RequestExample } from './examples/request-example';

export type { RequestExample };

/** Every JSON request body of the document, by operationId (file uploads are multipart: none). */
export const requestExamples: Record<string, RequestExample> = {
  ...identityExamples,
  ...i18nExamples,
  ...catalogExamples,
  ...crmExamples,
  ...activityExamples,
  ...pricingExamples,
  ...storefrontExamples,
  ...contentExamples,
  ...webhooksExamples,
  ...inventoryExamples,
  ...salesExamples,
};

/**
 * Puts each example on its operation: the JSON body's `examples` (what Swagger UI's "Try it out"
 * offers) and the path parameters' `example`. The OpenAPI quality check finds a JSON body without
 * one and an example of no operation.
 */
export function attachRequestExamples(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as object) as Array<{
      operationId?: string;
      requestBody?: { content?: Record<string, { examples?: Record<string, unknown> }> };
      parameters?: Array<{ in?: string; name?: string; example?: unknown }>;
    }>) {
      const example = operation?.operationId ? requestExamples[operation.operationId] : undefined;
      const json = operation?.requestBody?.content?.['application/json'];
      if (!example || !json) continue;
      json.examples = { [operation.operationId!]: { summary: example.summary, value: example.body } };
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path' && parameter.name && example.path?.[parameter.name])
          parameter.example = example.path[parameter.name];
    }
}
