import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HttpStatus } from '@nestjs/common';
import { Problem } from '../http/problem';
import type { ProblemFilter } from '../http/problem.filter';
import type { Env } from '../../config/env';
import type { ServiceMetrics } from './service-metrics';

export const metricsPath = '/metrics';

/**
 * Records every answered request (method, route pattern, status, duration). `routeOptions.url`
 * is the pattern (`/core-api/products/:id`), so the labels stay bounded whatever the URLs are.
 */
function registerRequestMetrics(fastify: FastifyInstance, metrics: ServiceMetrics): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

const challenge = { 'WWW-Authenticate': 'Bearer realm="metrics"' };

/** With METRICS_TOKEN set, a scrape must send `Authorization: Bearer <token>`. */
function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` on the API's own port: outside /core-api and /commerce-api, not in the OpenAPI
 * document, no JWT (a Fastify route, so Nest's guard never sees it); METRICS_TOKEN protects it.
 */
function registerMetricsRoute(
  fastify: FastifyInstance,
  metrics: ServiceMetrics,
  token: string | undefined,
  problems: ProblemFilter,
): void {
  fastify.get(metricsPath, async (req, reply) => {
    if (!authorized(req.headers.authorization, token)) {
      const refused = new Problem(
        HttpStatus.UNAUTHORIZED,
        'The metrics token is required.',
        undefined,
        challenge,
      );
      return problems.answer(refused, req, reply);
    }
    const text = await metrics.render();
    return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(text);
  });
}

/**
 * With METRICS_PORT set, `/metrics` is served on that port only (a plain HTTP server, so the
 * public load balancer never routes to it) and closed with the application. Called before the
 * application is ready (Fastify takes hooks only until then).
 */
function startMetricsServer(
  fastify: FastifyInstance,
  metrics: ServiceMetrics,
  port: number,
  token: string | undefined,
): Promise<Server> {
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== metricsPath || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!authorized(req.headers.authorization, token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain', ...challenge });
      res.end('The metrics token is required.\n');
      return;
    }
    metrics.render().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  fastify.addHook('onClose', (_instance, done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

/**
 * Metrics as configured: recorded per request and served at `/metrics` (on PORT, or on
 * METRICS_PORT only), or with METRICS_ENABLED=false neither. Before the application is ready.
 */
export async function registerMetrics(
  fastify: FastifyInstance,
  metrics: ServiceMetrics,
  env: Env,
  problems: ProblemFilter,
): Promise<void> {
  if (!env.METRICS_ENABLED) return;
  registerRequestMetrics(fastify, metrics);
  if (env.METRICS_PORT === undefined) registerMetricsRoute(fastify, metrics, env.METRICS_TOKEN, problems);
  else await startMetricsServer(fastify, metrics, env.METRICS_PORT, env.METRICS_TOKEN);
}
