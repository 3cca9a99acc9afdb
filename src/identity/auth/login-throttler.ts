import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Env } from '../../config/env';
import { Problem } from '../../platform/http/problem';

/**
 * Login and refresh attempts, limited per IP and per account (the username, or the session of a
 * refresh token), each in its own window. Over the limit: 429 with Retry-After.
 * (@nestjs/throttler is CommonJS requiring the ESM-only @nestjs/common, which Jest cannot load.)
 */
@Injectable()
export class LoginThrottlerGuard implements CanActivate {
  private readonly perIp: RateLimiterMemory;
  private readonly perAccount: RateLimiterMemory;

  constructor(env: Env) {
    const duration = env.LOGIN_RATE_WINDOW_SECONDS;
    this.perIp = new RateLimiterMemory({ points: env.LOGIN_RATE_LIMIT * 5, duration, keyPrefix: 'ip' });
    this.perAccount = new RateLimiterMemory({ points: env.LOGIN_RATE_LIMIT, duration, keyPrefix: 'account' });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const body = (req.body ?? {}) as { username?: unknown; refreshToken?: unknown };
    const account =
      typeof body.username === 'string'
        ? `user:${body.username.trim().toLowerCase()}`
        : `refresh:${String(body.refreshToken ?? '').split('.')[0]}`;
    try {
      await Promise.all([this.perIp.consume(req.ip || 'unknown'), this.perAccount.consume(account)]);
      return true;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw new Problem(429, `Too many attempts; retry after ${retryAfter} seconds.`, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
  }
}
