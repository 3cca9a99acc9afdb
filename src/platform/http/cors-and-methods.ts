import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { methodNotAllowed } from './problem';

/** Request headers browsers may send, and answer headers scripts may read. */
const allowedHeaders = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Idempotency-Key',
  'If-Match',
  'If-None-Match',
  'X-Request-Id',
  'X-Api-Key',
  'X-Read-After',
];
const exposedHeaders = [
  'ETag',
  'Retry-After',
  'X-Request-Id',
  'Idempotent-Replayed',
  'Allow',
  'RateLimit-Policy',
  'RateLimit',
  'Link',
  'X-Read-After',
];

/**
 * Cross-origin calls from the admin SPA and storefronts: `CORS_ORIGINS` is a comma-separated list
 * of origins, or `*` for any origin (then without credentials: the API authenticates by bearer
 * token, never by cookie). Unset: no cross-origin access. Preflights are answered before
 * authentication.
 */
export function enableCors(app: NestFastifyApplication, origins: string | undefined): void {
  const list = (origins ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (list.length === 0) return;
  const any = list.includes('*');
  app.enableCors({
    origin: any ? '*' : list,
    credentials: !any,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders,
    exposedHeaders,
    maxAge: 600,
  });
}

/** `/core-api/accounts/:id` → a pattern that any value of `:id` matches. */
const patternOf = (url: string) =>
  new RegExp(
    '^' +
      url
        .replace(/\/+$/, '')
        .split('/')
        .map((segment) =>
          segment === '*'
            ? '.*'
            : segment.startsWith(':')
              ? '[^/]+'
              : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/') +
      '/?$',
  );

/**
 * A known path asked with a method it does not have is a 405 with `Allow`, not a 404. The routes
 * are collected as they are registered; only requests that matched no route are checked.
 */
export function registerMethodNotAllowed(fastify: FastifyInstance): void {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  fastify.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'OPTIONS',
    );
    if (methods.length && route.url !== '*' && route.url !== '/*')
      routes.push({ pattern: patternOf(route.url), methods });
  });
  fastify.addHook('onRequest', (req, _reply, done) => {
    if (req.routeOptions.url !== undefined) return done();
    const path = req.url.split('?')[0];
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) route.methods.forEach((m) => allowed.add(m));
    if (allowed.size === 0 || allowed.has(req.method)) return done();
    const allow = [...allowed].sort().join(', ');
    done(methodNotAllowed(req.method, allow));
  });
}
