import { createSecretKey } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { DataSource } from 'typeorm';
import type { Role } from '../../platform/database/request-context';
import type { AccessTokenClaims, Principal } from '../../platform/auth/principal';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import { AuthChangeListener } from './auth-change-listener';
import { JWT_SECRET } from './auth.tokens';
import { SessionCache } from './session-cache';
import { JwtVerifier, rememberVerifiedTokens } from './verified-tokens';

// passport-jwt verifies through this replaceable static; repeated tokens skip the verification.
const strategyStatics = Strategy as unknown as { JwtVerifier: JwtVerifier };
strategyStatics.JwtVerifier = rememberVerifiedTokens(strategyStatics.JwtVerifier);

interface SessionRow {
  revoked_at: Date | null;
  role: Role | null;
  client_active: boolean | null;
}

// The session must be unrevoked, and the role is read live, so a changed or removed membership
// takes effect at once. A primary-key lookup, answered from the SessionCache after the first
// request of a session (the database's auth_changed notifications keep the cache exact).
const sessionQuery = `
  SELECT s.revoked_at, m.role, c.active AS client_active
    FROM auth_sessions s
    LEFT JOIN memberships m ON m.workspace_id = s.workspace_id AND m.user_id = s.user_id
    LEFT JOIN client_logins c ON c.id = s.client_login_id
   WHERE s.id = $1`;

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

  async validate(claims: AccessTokenClaims): Promise<Principal | false> {
    const cached = this.sessionCache.get(claims.sid);
    if (cached) return principal(claims, cached.role);
    const startedAt = this.sessionCache.begin();
    const rows = (await this.dataSource.query(sessionQuery, [claims.sid])) as SessionRow[];
    const session = rows[0];
    if (!session || session.revoked_at) return false;
    if (claims.typ === 'User' && !session.role) return false;
    if (claims.typ === 'Client' && !session.client_active) return false;
    const role = claims.typ === 'User' ? session.role : null;
    this.sessionCache.store(claims.sid, { role }, startedAt);
    return principal(claims, role);
  }
}

function principal(claims: AccessTokenClaims, role: Role | null): Principal {
  return {
    sessionId: claims.sid,
    workspaceId: claims.ws,
    actor: { id: claims.sub, type: claims.typ },
    role,
  };
}
