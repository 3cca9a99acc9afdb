import { createSecretKey } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { DataSource } from 'typeorm';
import type { Role } from '../../platform/tenancy/request-context';
import type { AccessTokenClaims, Principal } from '../../platform/auth/principal';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import { AuthChangeListener } from './auth-change-listener';
import { JWT_SECRET } from './auth.tokens';
import { CachedSession, SessionCache } from './session-cache';
import { findSessionGrant } from './sessions.queries';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements OnModuleInit, OnModuleDestroy {
  readonly sessionCache = new SessionCache();
  private readonly authChanges: AuthChangeListener;

  constructor(
    @Inject(JWT_SECRET) secret: string,
    private readonly dataSource: DataSource,
    @Inject(EMBEDDED_DATABASE) pglite: PGlite | null,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse
      // it as a public key on every verify, about 1 ms per request (measured by the benchmark).
      secretOrKey: createSecretKey(Buffer.from(secret)) as unknown as string,
      algorithms: ['HS256'],
    });
    this.authChanges = new AuthChangeListener(this.sessionCache, dataSource, pglite);
  }

  onModuleInit(): Promise<void> {
    return this.authChanges.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.authChanges.stop();
  }

  /**
   * The signature only proves the token was issued with our key; what it stands for is the session
   * row's. Every claim must match that row (subject, workspace, type), the type must be one we issue
   * and the token must expire. A cache hit is held to the same comparison.
   */
  async validate(claims: unknown): Promise<Principal | false> {
    if (!isWellFormed(claims)) return false;
    const cached = this.sessionCache.get(claims.sid);
    if (cached) return matches(cached, claims) ? principal(claims, cached.role) : false;
    const startedAt = this.sessionCache.begin();
    // The role is read live; after the first request of a session the SessionCache answers (the
    // database's auth_changed notifications keep it exact).
    const session = await findSessionGrant(this.dataSource, claims.sid);
    if (!session || session.revoked_at) return false;
    if (session.user_id ? !session.role : !session.client_active) return false;
    const checked: CachedSession = {
      role: session.user_id ? session.role : null,
      type: session.user_id ? 'User' : 'Client',
      subject: (session.user_id ?? session.client_login_id)!,
      workspaceId: session.workspace_id,
    };
    if (!matches(checked, claims)) return false;
    this.sessionCache.store(claims.sid, checked, startedAt);
    return principal(claims, checked.role);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isWellFormed(claims: unknown): claims is AccessTokenClaims {
  const c = claims as Partial<Record<keyof AccessTokenClaims, unknown>> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.sid === 'string' &&
    uuid.test(c.sid) &&
    typeof c.sub === 'string' &&
    typeof c.ws === 'string' &&
    (c.typ === 'User' || c.typ === 'Client') &&
    typeof c.exp === 'number' &&
    Number.isFinite(c.exp)
  );
}

const matches = (session: CachedSession, claims: AccessTokenClaims) =>
  session.type === claims.typ && session.subject === claims.sub && session.workspaceId === claims.ws;

function principal(claims: AccessTokenClaims, role: Role | null): Principal {
  return {
    sessionId: claims.sid,
    workspaceId: claims.ws,
    actor: { id: claims.sub, type: claims.typ },
    role,
  };
}
