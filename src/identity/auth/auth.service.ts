import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EntityManager, IsNull } from 'typeorm';
import { Env } from '../../config/env';
import { Db } from '../../platform/database/db';
import type { RequestContext, UserType } from '../../platform/tenancy/request-context';
import type { AccessTokenClaims } from '../../platform/auth/principal';
import { forbidden, unauthorized } from '../../platform/http/problem';
import { ClientLoginEntity } from '../client-logins/client-login.entity';
import { UserEntity } from '../users/user.entity';
import { MembershipEntity } from '../workspaces/membership.entity';
import type { LoginRequest, TokenResponse } from './auth.dto';
import { AuthSessionEntity } from './auth-session.entity';
import { LoginThrottlerGuard } from './login-throttler';
import { openSuccessor, sealSuccessor } from './refresh-successor';
import { verifyPassword } from './passwords';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/**
 * Without a `workspaceId` the detail adds that client logins (shoppers) need one, whoever was named:
 * the hint depends only on the request, so it does not tell whether the name exists.
 */
const invalidCredentials = (workspaceId: string | undefined) =>
  unauthorized(
    workspaceId
      ? 'The username or password is incorrect.'
      : 'The username or password is incorrect. Client logins (shoppers) log in with the workspaceId of their workspace.',
  );

interface Subject {
  id: string;
  type: UserType;
}

const subjectOf = (session: AuthSessionEntity): Subject =>
  session.userId ? { id: session.userId, type: 'User' } : { id: session.clientLoginId!, type: 'Client' };

@Injectable()
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly jwt: JwtService,
    private readonly env: Env,
    private readonly throttler: LoginThrottlerGuard,
  ) {}

  /**
   * Users by username or email in any of their workspaces; client logins in the given workspace.
   * An input with `@` matches emails only, any other input usernames only (usernames cannot contain
   * `@`), so one input names at most one account of each kind. With a `workspaceId`, a member of
   * that workspace is tried before its client logins.
   * Every failure costs one password verification, like a success (against a decoy hash when no
   * account matched), so the answer time does not tell which names exist. An attempt on an account
   * counts against its per-account limits (429) before its password is verified.
   */
  async login(body: LoginRequest, ip?: string): Promise<TokenResponse> {
    const name = body.username.trim().toLowerCase();
    const column = name.includes('@') ? 'email' : 'username';
    const users = this.db.unscoped
      .createQueryBuilder(UserEntity, 'u')
      .addSelect('u.passwordHash')
      .where(`lower(u.${column}) = :name`, { name });
    if (body.workspaceId)
      users.andWhere('EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.workspace_id = :ws)', {
        ws: body.workspaceId,
      });
    const user = await users.getOne();
    const client =
      !user && body.workspaceId
        ? await this.db.unscoped
            .createQueryBuilder(ClientLoginEntity, 'c')
            .addSelect('c.passwordHash')
            .where(`c.workspace_id = :ws AND lower(c.${column}) = :name`, { ws: body.workspaceId, name })
            .getOne()
        : null;
    // Counted per account too: the name's other forms (email, case) share its limits.
    const account = user ? { id: user.id, type: 'User' } : client ? { id: client.id, type: 'Client' } : null;
    if (account) await this.throttler.limitAccountAttempt(account, ip);
    const verified = await verifyPassword(user?.passwordHash ?? client?.passwordHash, body.password);
    if (!verified) throw invalidCredentials(body.workspaceId);
    if (user) {
      const membership = await this.db.unscoped.findOne(MembershipEntity, {
        where: { userId: user.id, ...(body.workspaceId ? { workspaceId: body.workspaceId } : {}) },
        order: { createdAt: 'ASC' },
      });
      if (!membership) throw invalidCredentials(body.workspaceId);
      return this.issue(this.db.unscoped, { id: user.id, type: 'User' }, membership.workspaceId);
    }
    if (!client?.active) throw invalidCredentials(body.workspaceId);
    // Told only to whoever knows the password: a self-registered shopper verifies the email first.
    if (!client.emailVerifiedAt)
      throw forbidden(
        'The email address of this shopper account is not verified yet: follow the link of the verification message (POST /commerce-api/auth/verify-email), or reset the password.',
      );
    await this.db.unscoped.update(
      ClientLoginEntity,
      { id: client.id },
      { lastLoginAt: new Date(), version: () => 'version' },
    );
    return this.issue(this.db.unscoped, { id: client.id, type: 'Client' }, client.workspaceId);
  }

  /**
   * Rotates: the presented refresh token and the access token of its session die (the session is
   * revoked) and a successor opens in the same family. Presenting the used refresh token again
   * revokes every session of its family, unless it comes within `REFRESH_REUSE_GRACE_SECONDS` of
   * the rotation (two tabs refreshing at once): then it answers the successor's pair, as long as
   * that is still live. The row lock orders concurrent refreshes of one token on every database:
   * the second reads the first one's rotation.
   */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    const [sessionId, secret] = refreshToken.split('.');
    if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId))
      throw unauthorized('The refresh token is not valid.');
    const outcome = await this.db.unscoped.transaction(async (manager) => {
      const session = await manager.findOne(AuthSessionEntity, {
        where: { id: sessionId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!session || session.refreshTokenHash !== sha256(secret)) return { error: 'invalid' as const };
      if (session.usedAt) {
        if (this.withinGrace(session)) {
          const tokens = await this.successorPair(manager, { id: session.id, secret }, session);
          return tokens ? { tokens } : { error: 'invalid' as const };
        }
        await manager.update(
          AuthSessionEntity,
          { familyId: session.familyId, revokedAt: IsNull() },
          { revokedAt: new Date() },
        );
        return { error: 'reused' as const };
      }
      if (session.revokedAt || session.refreshExpiresAt < new Date()) return { error: 'invalid' as const };
      // The presented pair ends here: its access token too (not only at its expiry), on every
      // instance through the auth_changed notification, as a logout does.
      const now = new Date();
      await manager.update(AuthSessionEntity, { id: session.id }, { usedAt: now, revokedAt: now });
      const subject = subjectOf(session);
      if (!(await this.mayHold(manager, subject, session.workspaceId))) return { error: 'invalid' as const };
      const tokens = await this.issue(manager, subject, session.workspaceId, session.familyId);
      const [successorId, successorSecret] = tokens.refreshToken.split('.');
      await manager.update(
        AuthSessionEntity,
        { id: session.id },
        {
          successorId,
          successorSealed: sealSuccessor(
            { id: session.id, secret },
            { id: successorId, secret: successorSecret },
          ),
        },
      );
      return { tokens };
    });
    if ('tokens' in outcome && outcome.tokens) return outcome.tokens;
    throw unauthorized(
      outcome.error === 'reused'
        ? 'The refresh token was already used; its sessions are revoked.'
        : 'The refresh token is not valid.',
    );
  }

  private withinGrace(session: AuthSessionEntity): boolean {
    const graceMs = this.env.REFRESH_REUSE_GRACE_SECONDS * 1000;
    return graceMs > 0 && !!session.usedAt && Date.now() - session.usedAt.getTime() <= graceMs;
  }

  /**
   * The pair a rotated session's token gets within the grace period: its successor's refresh
   * token (opened with the presented secret) and an access token of that session. When the
   * successor was rotated in turn within its own grace period, the walk goes on to the live
   * session of the chain (at most a few steps: each needs a refresh in the same seconds).
   * Undefined when the chain ends revoked or expired (a logout, a family revoked since).
   */
  private async successorPair(
    manager: EntityManager,
    token: { id: string; secret: string },
    rotated: AuthSessionEntity,
  ): Promise<TokenResponse | undefined> {
    let [current, from] = [rotated, token];
    for (let step = 0; step < 5; step++) {
      if (!current.successorId || !current.successorSealed) return undefined;
      const secret = openSuccessor(from, current.successorId, current.successorSealed);
      const successor = secret
        ? await manager.findOne(AuthSessionEntity, { where: { id: current.successorId } })
        : null;
      if (!secret || !successor || successor.refreshTokenHash !== sha256(secret)) return undefined;
      if (successor.usedAt && this.withinGrace(successor)) {
        [current, from] = [successor, { id: successor.id, secret }];
        continue;
      }
      if (successor.revokedAt || successor.refreshExpiresAt < new Date()) return undefined;
      const subject = subjectOf(successor);
      if (!(await this.mayHold(manager, subject, successor.workspaceId))) return undefined;
      return this.tokens(successor.id, secret, subject, successor.workspaceId);
    }
    return undefined;
  }

  /** Whether the subject may still hold a session of the workspace (a member; an active client login). */
  private mayHold(manager: EntityManager, subject: Subject, workspaceId: string): Promise<boolean> {
    return subject.type === 'User'
      ? manager.exists(MembershipEntity, { where: { userId: subject.id, workspaceId } })
      : manager.exists(ClientLoginEntity, { where: { id: subject.id, workspaceId, active: true } });
  }

  async switchWorkspace(ctx: RequestContext, workspaceId: string): Promise<TokenResponse> {
    if (ctx.actor.type !== 'User' || !ctx.actor.id) throw forbidden('Only users can switch workspaces.');
    const member = await this.db.unscoped.exists(MembershipEntity, {
      where: { userId: ctx.actor.id, workspaceId },
    });
    if (!member) throw forbidden('You are not a member of that workspace.');
    return this.issue(this.db.unscoped, { id: ctx.actor.id, type: 'User' }, workspaceId);
  }

  /** Revokes the session of the token (and so its refresh token). Expired tokens of ours are accepted. */
  async logout(accessToken: string): Promise<void> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(accessToken, {
        ignoreExpiration: true,
        algorithms: ['HS256'],
      });
    } catch {
      throw unauthorized('The access token is not valid.');
    }
    if (typeof claims.sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(claims.sid))
      throw unauthorized('The access token is not valid.');
    await this.db.unscoped.update(
      AuthSessionEntity,
      { id: claims.sid, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
  }

  /** Opens a session and returns its token pair. Also used by tests and the seed to log someone in. */
  async issue(
    manager: EntityManager,
    subject: Subject,
    workspaceId: string,
    familyId: string = randomUUID(),
  ): Promise<TokenResponse> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await manager.insert(AuthSessionEntity, {
      id,
      familyId,
      workspaceId,
      userId: subject.type === 'User' ? subject.id : null,
      clientLoginId: subject.type === 'Client' ? subject.id : null,
      refreshTokenHash: sha256(secret),
      refreshExpiresAt: new Date(Date.now() + this.env.REFRESH_TTL_SECONDS * 1000),
    });
    return this.tokens(id, secret, subject, workspaceId);
  }

  /** The pair of an open session: a new access token for it, and its refresh token. */
  private async tokens(
    id: string,
    secret: string,
    subject: Subject,
    workspaceId: string,
  ): Promise<TokenResponse> {
    const claims: Omit<AccessTokenClaims, 'exp'> = {
      sub: subject.id,
      sid: id,
      ws: workspaceId,
      typ: subject.type,
    };
    const accessToken = await this.jwt.signAsync(claims, {
      expiresIn: this.env.JWT_TTL_SECONDS,
      jwtid: id,
      algorithm: 'HS256',
    });
    return {
      accessToken,
      tokenType: 'Bearer',
      expiresIn: this.env.JWT_TTL_SECONDS,
      refreshToken: `${id}.${secret}`,
      userId: subject.id,
      userType: subject.type,
      workspaceId,
    };
  }
}
