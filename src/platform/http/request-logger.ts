import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import pino, { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** The path without query, with the token of a logout call hidden. */
export const loggablePath = (url: string) =>
  url.split('?')[0].replace(/(\/auth\/logout\/)[^/]+/, '$1[redacted]');

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/**
 * One line per request: method, path, status, duration and the correlation id (`x-request-id`,
 * taken from the request when well-formed, always echoed). Never bodies, headers or tokens.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    serializers: {
      req: (req: Request & { id: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.url),
      }),
      res: (res: Response) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customAttributeKeys: { responseTime: 'durationMs' },
    wrapSerializers: false,
  }) as unknown as RequestHandler;
}

/** Nest's own log lines through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, ...rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? rest[rest.length - 1] : undefined;
    if (message && typeof message === 'object') this.logger.error({ context, ...(message as object) });
    else this.logger.error({ context }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
