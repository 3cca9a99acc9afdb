import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the OpenAPI document (`/openapi.json`, `/openapi.yaml`, about 500 KB) and Swagger UI
 * (`/docs` and its assets: 1 MB of JavaScript, and `swagger-ui-init.js`, which embeds the document)
 * when the client accepts br, gzip or deflate, and nothing else: the API's own answers keep going out
 * as they are (mostly small JSON, whose bytes, `Content-Length` and streaming the tests and clients
 * rely on; a proxy in front may compress them). Must run before the documentation's routes are added:
 * the routes get their compression from `onRoute`.
 */
export async function registerDocsCompression(fastify: FastifyInstance, paths: DocsPaths): Promise<void> {
  const isDocs = (url: string) =>
    url === paths.ui || url.startsWith(`${paths.ui}/`) || paths.documents.includes(url);
  // Runs before @fastify/compress's own onRoute hook (added next): every other route opts out, so it
  // gets neither the plugin's per-request hooks nor its request decompression.
  fastify.addHook('onRoute', (route) => {
    if (!isDocs(route.url)) route.compress = false;
  });
  await fastify.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip', 'deflate'],
    // Below this, compressing costs more than it saves.
    threshold: 1024,
  });
}

export interface DocsPaths {
  /** Swagger UI, e.g. `/docs`: it and everything under it. */
  ui: string;
  /** The served documents, e.g. `/openapi.json`. */
  documents: string[];
}
