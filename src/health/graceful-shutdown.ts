import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { Lifecycle } from './lifecycle';

/**
 * A kept-alive connection with no request is closed once no request has arrived or been answered
 * for this long: a client that is about to reuse it has done so by then (under load its next
 * request follows the previous answer within milliseconds).
 */
const quietMs = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM and SIGINT shut the service down gracefully, and it exits 0:
 * 1. readiness (`/health/ready`) answers 503; for SHUTDOWN_DELAY_MS everything else is still
 *    served, so that a load balancer sees the instance drain before it goes away;
 * 2. the listening socket closes (new connections are refused); requests that arrive on open
 *    connections are answered 503 with `Connection: close`, requests in flight finish and their
 *    answers close their connections; idle connections are closed once no request has come for
 *    `quietMs`;
 * 3. the application closes: the background workers finish the item under way (Nest's
 *    shutdown hooks), then the pool of the PostgreSQL server or the embedded database closes
 *    (PGlite writes a checkpoint: the next start needs no crash recovery).
 * Steps 2 and 3 are bounded by SHUTDOWN_TIMEOUT_MS: past it the process says what it waited
 * for and exits 1 (what was committed is in the write-ahead log; an embedded database then
 * recovers at its next start, as after a crash). Another signal during the shutdown is ignored.
 */
export function installGracefulShutdown(
  app: NestFastifyApplication,
  env: Env,
  pglite: PGlite | undefined,
): void {
  const logger = new Logger('Shutdown');
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      logger.warn(`${signal} again: the shutdown is under way (bounded by SHUTDOWN_TIMEOUT_MS)`);
      return;
    }
    started = true;
    void shutDown(app, env, pglite, signal, logger).then(
      () => process.exit(0),
      (e: Error) => {
        logger.error(`Shutdown failed: ${e.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutDown(
  app: NestFastifyApplication,
  env: Env,
  pglite: PGlite | undefined,
  signal: NodeJS.Signals,
  logger: Logger,
): Promise<void> {
  const lifecycle = app.get(Lifecycle);
  lifecycle.phase = 'draining';
  logger.log(`${signal}: not ready any more; closing in ${env.SHUTDOWN_DELAY_MS} ms`);
  if (env.SHUTDOWN_DELAY_MS > 0) await sleep(env.SHUTDOWN_DELAY_MS);

  let step = 'requests in flight';
  const server = app.getHttpServer() as HttpServer;
  const deadline = setTimeout(() => {
    logger.error(`Shutdown did not finish in ${env.SHUTDOWN_TIMEOUT_MS} ms (waiting for ${step}); exiting`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS);

  // The delay's timer resolved in the event loop's timers phase, before its poll phase: pass one
  // poll phase first, so that connections that reached the listening socket while the loop was
  // busy (a query of the embedded database) are accepted and served; closing the socket with them
  // still in its queue would reset them.
  await new Promise((resolve) => setImmediate(resolve));
  lifecycle.phase = 'closing';
  lifecycle.lastActivityAt = Date.now();
  logger.log('Closing: new connections are refused, requests on open ones are answered 503');
  await new Promise<void>((resolve) => {
    const reaper = setInterval(() => {
      if (Date.now() - lifecycle.lastActivityAt < quietMs) return;
      // Checked again after the poll phase: data that waited while the event loop was busy (a
      // query of the embedded database) has been read by then, and its connection is no longer idle.
      setImmediate(() => {
        if (Date.now() - lifecycle.lastActivityAt >= quietMs) server.closeIdleConnections();
      });
    }, 100);
    // net.Server's close, not http.Server's: that one closes idle kept-alive connections at
    // once, and a request already on its way over one of them would be reset without an answer.
    // The callback runs when the last connection has closed.
    NetServer.prototype.close.call(server, () => {
      clearInterval(reaper);
      resolve();
    });
  });

  step = 'the background workers and the application';
  await app.close();
  step = 'the database';
  const dataSource = app.get(DataSource);
  if (dataSource.isInitialized) await dataSource.destroy();
  await pglite?.close();
  clearTimeout(deadline);
  logger.log('Shut down');
}
