import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed: JSON answers (also as text/json and text/plain), the OpenAPI document
 * (JSON, YAML) and Swagger UI's HTML, scripts and styles. Not files that are compressed already
 * (xlsx, images, uploads stored as bytes) nor the NDJSON export, a stream read as it comes.
 */
const compressible =
  /^(application\/(json|[^;\s]+\+json|javascript|yaml|x-yaml)|text\/(json|plain|html|css|javascript|yaml))\s*(;|$)/i;

/**
 * The levels, measured on this machine (bench/http-caching.ts; docs/api-conventions.md §4). A page
 * of 100 products (75 KB of JSON): brotli quality 1 takes 0.16 ms and gives 4.6 KB, quality 4
 * 0.52 ms for the same 4.6 KB, gzip level 6 0.58 ms for 5.0 KB (level 1: 0.32 ms, 5.4 KB); brotli's
 * default quality 11 takes 81 ms. So answers made per request go out at brotli quality 1. Swagger UI's
 * bundle (1.6 MB of JavaScript) is another text: quality 1 leaves 495 KB in 58 ms, quality 4 432 KB in
 * 107 ms; it is fetched once per browser session, so the documentation's routes use quality 4.
 */
export const brotliQuality = { answers: 1, documentation: 4 } as const;
export const gzipLevel = 6;

const options = (quality: number) => ({
  global: true,
  encodings: ['br', 'gzip', 'deflate'] as Array<'br' | 'gzip' | 'deflate'>,
  customTypes: compressible,
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: quality } },
  zlibOptions: { level: gzipLevel },
});

/**
 * A route whose answers go out exactly as stored, never compressed: files streamed with their own
 * `Content-Length` (a document download), whatever their type.
 */
export const Uncompressed = () => RouteConfig({ uncompressed: true });

/**
 * br, gzip or deflate as the client's `Accept-Encoding` allows, for answers of at least 1 KB of a
 * compressible type, with `Vary: accept-encoding`; never a 304, 204 or an empty answer (nothing to
 * compress), nor a 206. `X-No-Compression` in a request turns it off. Must be registered before
 * the routes (it wraps each route in `onRoute`), and after the global `onSend` hooks whose
 * decisions depend on the uncompressed text (conditional-requests.ts): route-level hooks run last.
 * `documentation`: the routes of the OpenAPI document and Swagger UI (compressed harder).
 */
export async function registerCompression(
  fastify: FastifyInstance,
  documentation: (url: string) => boolean,
): Promise<void> {
  // Runs before the plugin's own onRoute hook (added next), which reads the route's options.
  fastify.addHook('onRoute', (route) => {
    if ((route.config as { uncompressed?: boolean } | undefined)?.uncompressed) route.compress = false;
    else if (documentation(route.url)) route.compress = options(brotliQuality.documentation);
  });
  await fastify.register(compress, {
    ...options(brotliQuality.answers),
    // Request bodies are read as sent: none is decompressed.
    globalDecompression: false,
  });
}
