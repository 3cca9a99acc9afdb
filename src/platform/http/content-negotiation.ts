import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scanJsonText } from './input-bounds';
import { badRequest } from './problem';

/** JSON bodies may come as `application/json`, `text/json` or `application/*+json` (api-conventions §4). */
const jsonType = /^(application\/(json|[^;\s]+\+json)|text\/json)(\s*;|$)/i;

export const bodyLimitBytes = 1024 * 1024;

/**
 * The request bodies the service reads: JSON (at most 1 MiB) and, where an upload is expected,
 * multipart (registered by the upload plugin). Fastify answers any other type with a 415.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(
    jsonType,
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (req, body: string, done) => {
      // An empty body labelled JSON is no body (generated clients send the header on every POST).
      if (body === '') return done(null, undefined);
      const breach = scanJsonText(body);
      if (breach) return done(badRequest({ [breach.path]: [breach.message] }), undefined);
      void parseJson(req, body, done);
    },
  );
}

const NEGOTIATED = Symbol('negotiated content type');
type Negotiated = FastifyRequest & { [NEGOTIATED]?: string };

/** The response type a client asked for: `text/json` or `text/plain` carry the same JSON text. */
function negotiate(accept: string): string | undefined {
  let best: { type: string | undefined; q: number } = { type: undefined, q: 0 };
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
    const type =
      range === 'application/json' || range === 'application/*' || range === '*/*'
        ? 'application/json'
        : range === 'text/json'
          ? 'text/json; charset=utf-8'
          : range === 'text/plain' || range === 'text/*'
            ? 'text/plain; charset=utf-8'
            : undefined;
    if (type && q > best.q) best = { type, q };
  }
  return best.type === 'application/json' ? undefined : best.type;
}

/**
 * Answers in the representation the client asked for (`Accept: text/json` or `text/plain`);
 * anything else is `application/json`. Problem answers and files keep their own types.
 */
export function registerContentNegotiation(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req: Negotiated, _reply, done) => {
    const accept = req.headers.accept;
    // The common cases answer JSON without parsing the header.
    if (accept && accept !== '*/*' && !accept.startsWith('application/json')) {
      const type = negotiate(accept);
      if (type) req[NEGOTIATED] = type;
    }
    done();
  });
  fastify.addHook('onSend', (req: Negotiated, reply: FastifyReply, payload, done) => {
    const type = req[NEGOTIATED];
    if (type && String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      reply.header('content-type', type);
    done(null, payload);
  });
}
