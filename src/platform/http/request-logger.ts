import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import pino, { Logger } from 'pino';
import { redactingLoggerOptions } from './log-redaction';

/** The path without query, with the token of a logout call hidden. */
export const loggablePath = (url: string) =>
  url.split('?')[0].replace(/(\/auth\/logout\/)[^/]+/, '$1[redacted]');

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    ...redactingLoggerOptions,
  });
}

/** The correlation id: the request's `x-request-id` when well-formed, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/**
 * One line per request: method, path, status, duration and the correlation id (echoed as
 * `x-request-id`). Never bodies, headers or tokens.
 */
export function registerRequestLogging(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (logger.isLevelEnabled(level)) {
      logger[level](
        {
          req: { id: req.id, method: req.method, path: loggablePath(req.url) },
          res: { status },
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        status >= 500 ? 'request failed' : 'request',
      );
    }
    done();
  });
}

/**
 * Nest's start-up chatter at `log` level: a line per module and per route (about 290 lines). Logged
 * at debug, so a start at `info` ends with the start banner (src/start-banner.ts), not buried in it.
 */
const nestStartUpContexts = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * Nest's own log lines through the same pino logger. A `Logger` call may pass fields first
 * (`logger.warn({ requestId, … }, 'message')`): they become fields of the line, so background work
 * logs the correlation id of the request that caused it.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, ...rest: unknown[]) {
    const context = rest[rest.length - 1];
    this.write(
      typeof context === 'string' && nestStartUpContexts.has(context) ? 'debug' : 'info',
      message,
      rest,
    );
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }

  /** `rest` is what Nest passes after the message: [text?, …, context?] (the context last). */
  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    if (!this.logger.isLevelEnabled(level)) return;
    const last = rest[rest.length - 1];
    const context = typeof last === 'string' ? last : undefined;
    const text = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, text ?? message.message);
    else if (message && typeof message === 'object') this.logger[level]({ context, ...message }, text);
    else this.logger[level]({ context }, String(message));
  }
}
