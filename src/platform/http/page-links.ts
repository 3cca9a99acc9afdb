import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documentedQueries } from './strict-queries';

/** A `{ data, total }` answer (list-query.ts `Page`). */
const isPage = (payload: unknown): payload is { data: unknown[]; total: number } =>
  !!payload &&
  typeof payload === 'object' &&
  Array.isArray((payload as { data?: unknown }).data) &&
  typeof (payload as { total?: unknown }).total === 'number';

/** The page a list answer covers, as its request asked for it (names as the client spelled them). */
interface Window {
  take: number;
  skip: number;
  takeName: string;
  skipName: string;
}

const defaultTake = 100;

/**
 * `Link` (RFC 8288) on every GET list that pages with `Take`/`Skip` (api-conventions §5):
 * `first`, `prev` (when the page does not start at 0), `next` (when matches remain after it) and
 * `last`, each the request's own path and query with only the offset changed, as a reference
 * relative to the request (so it is right behind any proxy). `last` is on the grid of the request's
 * own offset: following `next` from the page asked for ends on it.
 */
export function registerPageLinks(fastify: FastifyInstance, document: OpenAPIObject): void {
  const paged = new Set<string>();
  for (const [route, names] of documentedQueries(document))
    if (route.startsWith('GET ') && names.has('take') && names.has('skip')) paged.add(route.slice(4));
  fastify.addHook('preSerialization', (req, reply, payload, done) => {
    const url = req.routeOptions.url;
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      reply.statusCode === 200 &&
      url !== undefined &&
      paged.has(url.length > 1 ? url.replace(/\/+$/, '') : url) &&
      isPage(payload)
    ) {
      const link = pageLinks(req, payload.total);
      if (link) reply.header('link', link);
    }
    done(null, payload);
  });
}

function windowOf(query: URLSearchParams): Window | undefined {
  const w: Window = { take: defaultTake, skip: 0, takeName: 'Take', skipName: 'Skip' };
  for (const [name, value] of query) {
    const key = name.toLowerCase();
    if (key !== 'take' && key !== 'skip') continue;
    // Validation accepted the request: the values are integers in range.
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) return undefined;
    if (key === 'take') [w.take, w.takeName] = [n, name];
    else [w.skip, w.skipName] = [n, name];
  }
  return w;
}

/** The `Link` field value of one page of `total` matches, or undefined when it pages nothing. */
export function pageLinks(req: Pick<FastifyRequest, 'url'>, total: number): string | undefined {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
  const w = windowOf(query);
  if (!w || w.take === 0) return undefined;
  const at = (skip: number) => {
    const next = new URLSearchParams();
    let placed = false;
    for (const [name, value] of query) {
      const key = name.toLowerCase();
      if (key === 'skip') {
        if (!placed) next.append(w.skipName, String(skip));
        placed = true;
      } else next.append(name, key === 'take' ? String(w.take) : value);
    }
    if (!placed) next.append(w.skipName, String(skip));
    return `<${path}?${next.toString()}>`;
  };
  const offset = w.skip % w.take;
  const last = total > offset ? offset + Math.floor((total - 1 - offset) / w.take) * w.take : 0;
  const links = [`${at(0)}; rel="first"`];
  if (w.skip > 0) links.push(`${at(Math.max(0, Math.min(w.skip - w.take, last)))}; rel="prev"`);
  if (w.skip + w.take < total) links.push(`${at(w.skip + w.take)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  return links.join(', ');
}
