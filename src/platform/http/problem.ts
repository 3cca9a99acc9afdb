import { HttpException, HttpStatus } from '@nestjs/common';

export type FieldErrors = Record<string, string[]>;

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const problemTitle = (status: number) => titles[status] ?? 'Error';

/** An RFC 9457 problem. Every failure the service answers is one of these (see ProblemFilter). */
export class Problem extends HttpException {
  constructor(
    status: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail, status);
  }
}

export const badRequest = (errors: FieldErrors, detail = 'One or more fields are invalid.') =>
  new Problem(HttpStatus.BAD_REQUEST, detail, errors);
export const invalidField = (field: string, message: string) => badRequest({ [field]: [message] });
export const methodNotAllowed = (method: string, allow: string) =>
  new Problem(
    HttpStatus.METHOD_NOT_ALLOWED,
    `${method} is not an operation of this path; it offers ${allow}.`,
    undefined,
    { Allow: allow },
  );
export const unauthorized = (detail = 'A valid access token is required.') =>
  new Problem(HttpStatus.UNAUTHORIZED, detail);
export const forbidden = (detail = 'You are not permitted to perform this operation.') =>
  new Problem(HttpStatus.FORBIDDEN, detail);
export const notFound = (entity: string, id?: string) =>
  new Problem(HttpStatus.NOT_FOUND, id ? `${entity} ${id} was not found.` : `${entity} was not found.`);
export const conflict = (detail: string, errors?: FieldErrors) =>
  new Problem(HttpStatus.CONFLICT, detail, errors);
export const preconditionFailed = () =>
  new Problem(
    HttpStatus.PRECONDITION_FAILED,
    'The entity was changed since you read it (If-Match does not match its ETag).',
  );
/** 429 with a `Retry-After` header saying when to try again. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new Problem(HttpStatus.TOO_MANY_REQUESTS, detail, undefined, { 'Retry-After': String(retryAfterSeconds) });
/** 503; with `retryAfterSeconds`, a `Retry-After` header saying when to try again. */
export const serviceUnavailable = (detail: string, retryAfterSeconds?: number) =>
  new Problem(
    HttpStatus.SERVICE_UNAVAILABLE,
    detail,
    undefined,
    retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) },
  );
export const badGateway = (detail: string) => new Problem(HttpStatus.BAD_GATEWAY, detail);
