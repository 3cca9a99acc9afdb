import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Env } from '../../config/env';
import { Problem } from '../../platform/http/problem';

/** How the limits scale from LOGIN_RATE_LIMIT (attempts per window). */
export const loginRateLimits = (limit: number) => ({
  /** One identifier from one address: the guessing limit. */
  perIdentifierAndIp: limit,
  /** One address, any identifiers (spraying). */
  perIp: limit * 5,
  /** One identifier from anywhere: a ceiling against distributed guessing, high enough that a
   * guesser at one address cannot lock the owner of the name out from another. */
  perIdentifier: limit * 10,
});

/**
 * Login and refresh attempts, each counted per identifier and address, per address, and per
 * identifier alone (the username, or the session of a refresh token), each in its own window.
 * Over any of them: 429 with Retry-After. The address is the socket's (`request.ip`; the app does
 * not trust X-Forwarded-For).
 * (@nestjs/throttler is CommonJS requiring the ESM-only @nestjs/common, which Jest cannot load.)
 */
@Injectable()
export class LoginThrottlerGuard implements CanActivate {
  private readonly perIdentifierAndIp: RateLimiterMemory;
  private readonly perIp: RateLimiterMemory;
  private readonly perIdentifier: RateLimiterMemory;
  private readonly currentPasswordChecks: RateLimiterMemory;

  constructor(env: Env) {
    const duration = env.LOGIN_RATE_WINDOW_SECONDS;
    const limits = loginRateLimits(env.LOGIN_RATE_LIMIT);
    this.perIdentifierAndIp = new RateLimiterMemory({
      points: limits.perIdentifierAndIp,
      duration,
      keyPrefix: 'identifier-ip',
    });
    this.perIp = new RateLimiterMemory({ points: limits.perIp, duration, keyPrefix: 'ip' });
    this.perIdentifier = new RateLimiterMemory({
      points: limits.perIdentifier,
      duration,
      keyPrefix: 'identifier',
    });
    this.currentPasswordChecks = new RateLimiterMemory({
      points: env.LOGIN_RATE_LIMIT,
      duration,
      keyPrefix: 'current-password',
    });
  }

  /**
   * Checks of a user's current password (changing credentials), per user: a stolen access token
   * must not become a way to guess the password at argon2 speed.
   */
  async limitCurrentPasswordCheck(userId: string): Promise<void> {
    try {
      await this.currentPasswordChecks.consume(userId);
    } catch (e) {
      throw tooMany(e);
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const body = (req.body ?? {}) as { username?: unknown; refreshToken?: unknown };
    const identifier =
      typeof body.username === 'string'
        ? `user:${body.username.trim().toLowerCase()}`
        : `refresh:${String(body.refreshToken ?? '').split('.')[0]}`;
    const ip = req.ip || 'unknown';
    try {
      await Promise.all([
        this.perIdentifierAndIp.consume(`${identifier}|${ip}`),
        this.perIp.consume(ip),
        this.perIdentifier.consume(identifier),
      ]);
      return true;
    } catch (e) {
      throw tooMany(e);
    }
  }
}

function tooMany(e: unknown): unknown {
  if (!(e instanceof RateLimiterRes)) return e;
  const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
  return new Problem(429, `Too many attempts; retry after ${retryAfter} seconds.`, undefined, {
    'Retry-After': String(retryAfter),
  });
}
