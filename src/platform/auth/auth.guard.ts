import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import { forbidden, unauthorized } from '../http/problem';
import { RequestContext, Role, roles } from '../tenancy/request-context';
import { AuthenticatedRequest, MIN_ROLE_KEY, PUBLIC_KEY, READ_OPERATION_KEY } from './decorators';
import type { Principal } from './principal';

const rank = (role: Role) => roles.length - roles.indexOf(role); // Owner 4 … Viewer 1

/**
 * The one global guard: 401 without a valid, unrevoked token; 403 when the user type or role does
 * not permit the operation (clients only on /commerce-api, Viewers only read, `@Roles` for
 * settings); binds the request to the token's workspace as a RequestContext.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    await super.canActivate(context);
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = req.user as Principal;
    // The strategy admits only these; any other actor type would skip the role checks below.
    if (principal.actor.type !== 'User' && principal.actor.type !== 'Client') throw unauthorized();
    const isCommerce = req.url.startsWith('/commerce-api');
    if (principal.actor.type === 'Client' && !isCommerce)
      throw forbidden('Client logins may only call /commerce-api.');
    if (principal.actor.type === 'User') {
      const isRead =
        req.method === 'GET' ||
        req.method === 'HEAD' ||
        this.reflector.getAllAndOverride<boolean>(READ_OPERATION_KEY, targets);
      const min =
        this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE_KEY, targets) ??
        (isRead ? 'Viewer' : 'Member');
      if (!principal.role || rank(principal.role) < rank(min)) {
        throw forbidden(
          `This operation needs the ${min} role or higher; you are ${principal.role ?? 'not a member'}.`,
        );
      }
    }
    const ifMatch = req.headers['if-match'];
    req.context = new RequestContext(
      principal.workspaceId,
      principal.actor,
      principal.role,
      ifMatch,
      principal.sessionId,
      req.id,
    );
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw unauthorized();
    return user;
  }
}
