import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../platform/http/problem';

/**
 * Where the process is in its life. `serving`: everything answers. `draining` (after SIGTERM or
 * SIGINT, for SHUTDOWN_DELAY_MS): readiness answers 503 so that a load balancer stops sending new
 * work, every other request is still served. `closing`: every request that arrives is answered
 * 503 with `Connection: close` (never reset), answers to requests in flight close their
 * connection too, and the process waits for them (see `graceful-shutdown.ts`).
 */
@Injectable()
export class Lifecycle {
  phase: 'serving' | 'draining' | 'closing' = 'serving';
  /** When a request last arrived or was answered while closing (ms since the epoch). */
  lastActivityAt = 0;

  get ready(): boolean {
    return this.phase === 'serving';
  }
}

const shuttingDown = () =>
  new Problem(503, 'The service is shutting down. Send the request again (to another instance).', undefined, {
    Connection: 'close',
    'Retry-After': '1',
  });

/**
 * The HTTP side of `Lifecycle.closing`: requests are refused before any work (before the body is
 * read), and every answer sent while closing ends its connection, so that kept-alive
 * connections close one by one after their last answer instead of being cut under a request.
 */
export function registerShutdownGate(fastify: FastifyInstance, lifecycle: Lifecycle): void {
  fastify.addHook('onRequest', (_req, _reply, done) => {
    if (lifecycle.phase !== 'closing') return done();
    lifecycle.lastActivityAt = Date.now();
    done(shuttingDown());
  });
  fastify.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.phase === 'closing') {
      lifecycle.lastActivityAt = Date.now();
      void reply.header('connection', 'close');
    }
    done(null, payload);
  });
}
