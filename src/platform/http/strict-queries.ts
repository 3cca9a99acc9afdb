import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './problem';

type Parameter = { in?: string; name?: string; $ref?: string };

/** `/core-api/products/{id}` (the document) → `/core-api/products/:id` (the router). */
const routerPath = (documentPath: string) => documentPath.replace(/\{([^}]+)\}/g, ':$1');

/**
 * The query parameters each documented operation takes, by `METHOD url` as the router names the
 * route, lower-cased (query names are matched case-insensitively, see ValidationPipe).
 */
export function documentedQueries(document: OpenAPIObject): Map<string, Set<string>> {
  const shared = (document.components?.parameters ?? {}) as Record<string, Parameter>;
  const queries = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, { parameters?: Parameter[] }>)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const names = new Set<string>();
      for (let p of operation.parameters ?? []) {
        if (p.$ref) p = shared[p.$ref.split('/').pop()!] ?? p;
        if (p.in === 'query' && p.name) names.add(p.name.toLowerCase());
      }
      queries.set(`${method.toUpperCase()} ${routerPath(path)}`, names);
    }
  }
  return queries;
}

const listed = (names: Set<string>) => (names.size ? [...names].sort().join(', ') : 'none');

/**
 * An unknown query parameter is a 400 naming it, on every operation of the document: `?qty=5` on
 * an operation that takes `quantity` is a mistake the caller must hear of, not a request quietly
 * answered as if it had not been sent. What each operation takes is what the document says it
 * takes, so the check and the document cannot disagree. Routes outside the document (the
 * document itself, Swagger UI's assets) are not checked. Body members keep their own rule:
 * unknown members are ignored (a read → edit → PUT round trip carries read-only members).
 */
export function registerStrictQueries(fastify: FastifyInstance, document: OpenAPIObject): void {
  const queries = documentedQueries(document);
  fastify.addHook('preValidation', (req, _reply, done) => {
    const url = req.routeOptions.url;
    const query = req.query as Record<string, unknown> | undefined;
    if (url === undefined || !query) return done();
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const allowed = queries.get(`${method} ${url.length > 1 ? url.replace(/\/+$/, '') : url}`);
    if (!allowed) return done();
    const unknown = Object.keys(query).filter((name) => !allowed.has(name.toLowerCase()));
    if (unknown.length === 0) return done();
    const message = `is not a query parameter of this operation (it takes: ${listed(allowed)})`;
    done(
      badRequest(Object.fromEntries(unknown.map((name) => [name, [message]])), 'Unknown query parameter.'),
    );
  });
}
