import type { Actor, Role } from '../tenancy/request-context';

/** What a valid, unrevoked access token stands for (see the jwt strategy). */
export interface Principal {
  sessionId: string;
  workspaceId: string;
  actor: Actor;
  role: Role | null;
}

export interface AccessTokenClaims {
  sub: string;
  sid: string;
  ws: string;
  typ: 'User' | 'Client';
  /** Seconds since the epoch; a token without it is refused. */
  exp: number;
}
