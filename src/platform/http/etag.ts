import type { FastifyInstance } from 'fastify';

const ETAG = Symbol('etag');

/** Marks an answer with its entity's version; `registerEtags` sends it as the `ETag` header. */
export function withEtag<T extends object>(body: T, version: number): T {
  Object.defineProperty(body, ETAG, { value: `"${version}"`, enumerable: false });
  return body;
}

/** The ETag an answer was marked with, if any. */
export function etagOf(body: unknown): string | undefined {
  return body && typeof body === 'object' && ETAG in body
    ? (body as Record<symbol, string>)[ETAG]
    : undefined;
}

/**
 * Sends the `ETag` of an answer made with `withEtag`, as Fastify serializes it (a hook, not an
 * interceptor: a route without interceptors is called by Nest without Observables).
 */
export function registerEtags(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', (_req, reply, payload, done) => {
    const tag = etagOf(payload);
    if (tag) reply.header('ETag', tag);
    done(null, payload);
  });
}
