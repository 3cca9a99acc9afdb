import type { Actor, Role } from '../tenancy/request-context';

/** What a valid, unrevoked access token or API key stands for (the jwt strategy, identity's API keys). */
export interface Principal {
  /** The session of an access token; none for an API key. */
  sessionId?: string;
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
