import { createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Env } from '../../config/env';
import { Db } from '../../platform/database/db';
import { type Problem, tooManyRequests } from '../../platform/http/problem';
import { countAttempts, deleteExpiredAttempts } from './login-attempts.queries';

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

interface Limit {
  name: string;
  points: number;
}

/**
 * Login and refresh attempts, each counted per identifier and address, per address, and per
 * identifier alone (the username as typed, or the session of a refresh token), each in its own
 * window; a login whose name names an account is counted again per account (`limitAccountAttempt`).
 * Over any of them: 429 with Retry-After. The address is the socket's (`request.ip`; the app does
 * not trust X-Forwarded-For).
 *
 * The counts live in the database (`login_attempts`, one atomic upsert per attempt), so every
 * instance on one database enforces one limit. A key is a hash of the limit, its size and window,
 * and what it counts: no username or address is stored, and instances configured differently
 * (a rolling change of LOGIN_RATE_LIMIT) count apart. Each instance deletes expired windows at
 * most once per window, in bounded batches.
 * (@nestjs/throttler is CommonJS requiring the ESM-only @nestjs/common, which Jest cannot load.)
 */
@Injectable()
export class LoginThrottlerGuard implements CanActivate {
  private readonly duration: number;
  private readonly perIdentifierAndIp: Limit;
  private readonly perIp: Limit;
  private readonly perIdentifier: Limit;
  private readonly currentPasswordChecks: Limit;
  private readonly accountRequestsPerAddress: Limit;
  private readonly accountRequestsPerIp: Limit;
  private nextCleanup = 0;

  constructor(
    env: Env,
    private readonly db: Db,
  ) {
    this.duration = env.LOGIN_RATE_WINDOW_SECONDS;
    const limits = loginRateLimits(env.LOGIN_RATE_LIMIT);
    this.perIdentifierAndIp = { name: 'identifier-ip', points: limits.perIdentifierAndIp };
    this.perIp = { name: 'ip', points: limits.perIp };
    this.perIdentifier = { name: 'identifier', points: limits.perIdentifier };
    this.currentPasswordChecks = { name: 'current-password', points: env.LOGIN_RATE_LIMIT };
    this.accountRequestsPerAddress = { name: 'account-address', points: limits.perIdentifierAndIp };
    this.accountRequestsPerIp = { name: 'account-ip', points: limits.perIp };
  }

  /**
   * A shopper account request (registration, password reset, a token's confirmation), counted per
   * operation and address (IP) and, when it names an email, per operation, workspace and email
   * (whether or not an account has it, so the 429 tells nothing). Called before anything is looked
   * up: over either limit, 429 with Retry-After.
   */
  async limitAccountRequest(
    operation: string,
    ip: string | undefined,
    email?: { workspaceId: string; email: string },
  ): Promise<void> {
    const counts: Array<[Limit, string]> = [[this.accountRequestsPerIp, `${operation}|${ip || 'unknown'}`]];
    if (email)
      counts.push([
        this.accountRequestsPerAddress,
        `${operation}|${email.workspaceId}|${email.email.trim().toLowerCase()}`,
      ]);
    await this.consume(counts);
  }

  /**
   * Checks of a user's current password (changing credentials), per user: a stolen access token
   * must not become a way to guess the password at argon2 speed. Called outside a transaction:
   * the count must stay when the request fails.
   */
  async limitCurrentPasswordCheck(userId: string): Promise<void> {
    await this.consume([[this.currentPasswordChecks, userId]]);
  }

  /**
   * A login attempt once its name is resolved to an account: counted per account and address and
   * per account, whatever form of the name was typed (username, email, any case), so that changing
   * the form does not open a new window. Called before the password is verified.
   */
  async limitAccountAttempt(account: { id: string; type: string }, ip: string | undefined): Promise<void> {
    const identifier = `account:${account.type}:${account.id}`;
    await this.consume([
      [this.perIdentifierAndIp, `${identifier}|${ip || 'unknown'}`],
      [this.perIdentifier, identifier],
    ]);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const body = (req.body ?? {}) as { username?: unknown; refreshToken?: unknown };
    const identifier =
      typeof body.username === 'string'
        ? `user:${body.username.trim().toLowerCase()}`
        : `refresh:${String(body.refreshToken ?? '').split('.')[0]}`;
    const ip = req.ip || 'unknown';
    await this.consume([
      [this.perIdentifierAndIp, `${identifier}|${ip}`],
      [this.perIp, ip],
      [this.perIdentifier, identifier],
    ]);
    return true;
  }

  /** Counts one attempt under each limit; over any of them: 429 with the longest wait. */
  private async consume(counts: Array<[Limit, string]>): Promise<void> {
    const keys = counts.map(([limit, value]) => ({ limit, key: this.keyOf(limit, value) }));
    const rows = await countAttempts(
      this.db.dataSource,
      keys.map((k) => k.key),
      this.duration,
    );
    await this.cleanUp();
    let waitMs = 0;
    for (const row of rows) {
      const { limit } = keys.find((k) => k.key === row.key)!;
      if (row.points > limit.points) waitMs = Math.max(waitMs, row.ms_left);
    }
    if (waitMs > 0) throw tooMany(waitMs);
  }

  private keyOf(limit: Limit, value: string): string {
    return createHash('sha256')
      .update(`${limit.name}:${limit.points}:${this.duration}:${value}`)
      .digest('hex');
  }

  /** Deletes expired windows, at most once per window per instance (a failure is retried then). */
  private async cleanUp(): Promise<void> {
    const now = Date.now();
    if (now < this.nextCleanup) return;
    this.nextCleanup = now + this.duration * 1000;
    await deleteExpiredAttempts(this.db.dataSource).catch(() => undefined);
  }
}

function tooMany(msBeforeNext: number): Problem {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return tooManyRequests(`Too many attempts; retry after ${retryAfter} seconds.`, retryAfter);
}
