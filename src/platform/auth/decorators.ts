import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RequestContext, Role } from '../tenancy/request-context';

export const PUBLIC_KEY = 'auth:public';
export const MIN_ROLE_KEY = 'auth:minRole';
export const READ_OPERATION_KEY = 'auth:read';

/** No token needed (login, refresh, logout, info, health, OpenAPI). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The lowest role allowed: `Roles('Admin')` admits Admin and Owner. Default: Member writes, Viewer reads. */
export const Roles = (min: Role) => SetMetadata(MIN_ROLE_KEY, min);

/** A POST that only reads (list/filter/search): Viewers may call it. */
export const ReadOperation = () => SetMetadata(READ_OPERATION_KEY, true);

export interface AuthenticatedRequest extends FastifyRequest {
  context?: RequestContext;
  user?: unknown;
}

/** The caller's RequestContext, bound by the AuthGuard. */
export const Ctx = createParamDecorator((_: unknown, host: ExecutionContext): RequestContext => {
  const ctx = host.switchToHttp().getRequest<AuthenticatedRequest>().context;
  if (!ctx) throw new Error('@Ctx() used on a public route');
  return ctx;
});
