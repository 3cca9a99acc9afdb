import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { FastifyReply } from 'fastify';
import { STANDBYS } from '../database/db';
import { parseLsn } from '../database/lsn';
import type { Standbys } from '../database/standbys';
import { forbidden, unauthorized } from '../http/problem';
import { RateLimits } from '../http/rate-limits';
import { RequestContext, Role, roles } from '../tenancy/request-context';
import { AuthenticatedRequest, MIN_ROLE_KEY, PUBLIC_KEY, READ_OPERATION_KEY } from './decorators';
import { ApiKeyAuthentication } from './api-key-authentication';
import type { Principal } from './principal';

const rank = (role: Role) => roles.length - roles.indexOf(role); // Owner 4 … Viewer 1

/**
 * The one global guard: 401 without a valid, unrevoked token or API key; 429 over the caller's or
 * the workspace's rate limit (every answer carries RateLimit-Policy and RateLimit); 403 when the
 * user type or role does not permit the operation (clients only on /commerce-api, Viewers only
 * read, `@Roles` for settings; an API key has its role); binds the request to the workspace of
 * the token or key as a RequestContext.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyAuthentication,
    private readonly rateLimits: RateLimits,
    @Inject(STANDBYS) private readonly standbys: Standbys,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = this.apiKeys.presented(req.headers);
    let principal: Principal;
    if (key === undefined) {
      await super.canActivate(context);
      principal = req.user as Principal;
    } else {
      const verified = await this.apiKeys.verify(key);
      if (!verified) throw unauthorized('The API key is not valid: unknown, revoked or expired.');
      principal = req.user = verified;
    }
    // The strategies admit only these; any other actor type would skip the role checks below.
    const type = principal.actor.type;
    if ((type !== 'User' && type !== 'Client' && type !== 'ApiKey') || !principal.actor.id)
      throw unauthorized();
    const limited = this.rateLimits.take(type, principal.actor.id, principal.workspaceId);
    if (limited.refusal) throw limited.refusal;
    void context
      .switchToHttp()
      .getResponse<FastifyReply>()
      .header('RateLimit-Policy', limited.policy)
      .header('RateLimit', limited.state);
    const isCommerce = req.url.startsWith('/commerce-api');
    if (type === 'Client' && !isCommerce) throw forbidden('Client logins may only call /commerce-api.');
    const isRead =
      req.method === 'GET' ||
      req.method === 'HEAD' ||
      !!this.reflector.getAllAndOverride<boolean>(READ_OPERATION_KEY, targets);
    if (type === 'User' || type === 'ApiKey') {
      const min =
        this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE_KEY, targets) ??
        (isRead ? 'Viewer' : 'Member');
      if (!principal.role || rank(principal.role) < rank(min)) {
        const you = type === 'ApiKey' ? 'this API key has' : 'you are';
        throw forbidden(
          `This operation needs the ${min} role or higher; ${you} ${principal.role ?? 'not a member'}.`,
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
    if (this.standbys.configured) {
      const readAfter = req.headers['x-read-after'];
      req.context.reads = {
        caller: `${type}:${principal.sessionId ?? principal.actor.id}`,
        after: parseLsn(Array.isArray(readAfter) ? readAfter[0] : readAfter) ?? 0n,
        standby: isRead,
        wrote: false,
      };
    }
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw unauthorized();
    return user;
  }
}
