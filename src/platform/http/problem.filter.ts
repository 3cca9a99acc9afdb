import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { FieldErrors, Problem, problemTitle } from './problem';
import { ConstraintNames } from './constraint-names';
import { loggablePath } from './request-logger';

interface Shaped {
  status: number;
  detail: string;
  errors?: FieldErrors;
  headers?: Record<string, string>;
  /** The path itself is the fault: it is not repeated in the answer. */
  hidePath?: boolean;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Database errors that are the caller's fault, by SQLSTATE. Anything else is a 500. */
function fromDatabase(error: QueryFailedError, constraints: ConstraintNames): Shaped | undefined {
  const driver = error.driverError as {
    code?: string;
    constraint?: string;
    detail?: string;
    column?: string;
  };
  const field = driver.constraint ? constraints.fieldOf(driver.constraint) : undefined;
  switch (driver.code) {
    case '23505':
      return {
        status: 409,
        detail: `The value of ${field ?? 'a unique field'} is already in use in this workspace.`,
        errors: field ? { [field]: ['is already in use'] } : undefined,
      };
    case '23503':
    case '23001': // restrict_violation: ON DELETE RESTRICT (an account with sales orders)
      return {
        status: 409,
        detail: 'The entity is still referenced by other entities, or references one that is gone.',
      };
    case '23514':
    case '22001':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return {
        status: 400,
        detail: 'A value is out of range or malformed.',
        errors: driver.column
          ? { [camel(driver.column)]: ['is out of range or malformed'] }
          : field
            ? { [field]: ['is invalid'] }
            : undefined,
      };
    case '40001':
    case '40P01':
      return { status: 409, detail: 'The request collided with a concurrent change; retry it.' };
    default:
      return undefined;
  }
}

const invalidJson: Shaped = {
  status: 400,
  detail: 'The request body is not valid JSON.',
  errors: { body: ['is not valid JSON'] },
};

/** Fastify's own 4xx errors (body parsing, body size, content type, multipart limits), before Nest routing. */
function fromHttpServer(error: { code?: string; statusCode?: number }): Shaped | undefined {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: 'The request body exceeds the limit of 1 MiB.' };
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, detail: 'The request or upload exceeds the size limit.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return status === 415
        ? { status, detail: 'The Content-Type of the request body is not supported; send application/json.' }
        : { status, detail: 'The request body does not match its headers.' };
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        detail: 'The request path is not a valid URL.',
        errors: { path: ['is not a valid URL'] },
        hidePath: true,
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, detail: 'A segment of the request path is too long.', hidePath: true };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: 'The request body is empty; send a JSON document.' };
    default:
      // The JSON parser's syntax errors, and any other client error of the HTTP layer.
      return status === 400 ? invalidJson : { status, detail: 'The request was refused.' };
  }
}

/**
 * The one place where failures become answers: `application/problem+json` (RFC 9457) for every
 * status. A 500 says nothing internal and carries the correlation id that the log line carries.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(private readonly constraints: ConstraintNames) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.answer(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** Sends the problem answer for `exception`; also used for the router's own errors. */
  answer(exception: unknown, req: FastifyRequest, res: FastifyReply): void {
    const shaped = this.shape(exception);
    const requestId = String(req.id ?? '');
    const body: Record<string, unknown> = {
      type: `https://httpstatuses.io/${shaped.status}`,
      title: problemTitle(shaped.status),
      status: shaped.status,
      detail: shaped.detail,
      instance: shaped.hidePath ? undefined : loggablePath(req.url ?? ''),
    };
    if (shaped.errors) body.errors = shaped.errors;
    if (shaped.status >= 500) {
      body.correlationId = requestId;
      // A refusal that names when to come back (load shedding: a 503 with Retry-After) is no
      // failure; its request log line says enough. A stack per refused request would let a burst
      // of them flood the log.
      if (!(exception instanceof Problem && exception.headers?.['Retry-After']))
        this.logger.error({ err: exception, requestId }, 'Unhandled error');
    }
    if (res.sent) return;
    if (shaped.headers) res.headers(shaped.headers);
    void res.status(shaped.status).type('application/problem+json').send(JSON.stringify(body));
  }

  private shape(exception: unknown): Shaped {
    if (exception instanceof Problem) {
      return {
        status: exception.getStatus(),
        detail: exception.detail,
        errors: exception.errors,
        headers: exception.headers,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse() as string | { message?: string | string[] };
      const message = typeof response === 'string' ? response : response.message;
      const detail = Array.isArray(message) ? message.join('; ') : (message ?? exception.message);
      if (status === 413) return { status, detail: 'The request or upload exceeds the size limit.' };
      // Nest hands on the body parser's failures (bad JSON) as plain 400s.
      if (status === 400) return invalidJson;
      return {
        status,
        detail: status === 404 && /^Cannot /.test(detail) ? 'No such resource or operation.' : detail,
      };
    }
    if (exception instanceof QueryFailedError) {
      const known = fromDatabase(exception, this.constraints);
      if (known) return known;
    }
    const fromServer = fromHttpServer(exception as { code?: string; statusCode?: number });
    if (fromServer) return fromServer;
    return {
      status: 500,
      detail: 'An unexpected error occurred. Quote the correlation id when you report it.',
    };
  }
}
