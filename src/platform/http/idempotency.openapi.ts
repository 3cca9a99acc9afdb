import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { idempotentHandlers } from './idempotent.decorator';

/** `core-api/x` + `/:id` → `/core-api/x/{id}`: a route as the OpenAPI document spells its path. */
function openApiPath(...segments: string[]): string {
  const joined = segments
    .join('/')
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s))
    .join('/');
  return `/${joined}`;
}

/**
 * Documents the `Idempotency-Key` header on exactly the operations that honour it. It finds them
 * by method and route (from the same routing metadata Nest serves), not by operationId, so
 * renaming an operation cannot silently drop the header.
 */
export function documentIdempotencyKey(app: INestApplication, document: OpenAPIObject): void {
  const honouring = new Set<string>();
  for (const { controllerPaths, handlerPath } of idempotentHandlers(app))
    for (const controllerPath of controllerPaths) honouring.add(openApiPath(controllerPath, handlerPath));
  for (const path of honouring) {
    const operation = document.paths[path]?.post;
    // A create the document does not show would leave its header undocumented: fail loudly.
    if (!operation) throw new Error(`Idempotent create POST ${path} is missing from the OpenAPI document`);
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description:
          'Makes the create safe to retry: the same caller sending the same key and body within 24 h ' +
          'gets the first answer again (header `Idempotent-Replayed: true`) and nothing new is created. ' +
          'The same key with another body is a 409; while a request with the key is still running, a ' +
          'retry waits for it.',
      },
    ];
  }
}
