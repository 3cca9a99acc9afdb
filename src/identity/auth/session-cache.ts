import { NotifiedCache } from '../../platform/database/notified-cache';
import type { Role, UserType } from '../../platform/tenancy/request-context';

/**
 * What the guard's session check found for a session that passed it: the live role and what the
 * session row says the token stands for (a hit is served only when the token's claims match it).
 */
export interface CachedSession {
  role: Role | null;
  type: UserType;
  /** The user or client login id (the token's `sub`). */
  subject: string;
  workspaceId: string;
}

/**
 * The result of the auth guard's session check (see jwt.strategy.ts), per session id, for sessions
 * that passed it: a NotifiedCache (race guard, bound, TTL safety net, hits only while delivery is
 * live). The database notifies `auth_changed` on every change that could alter a check (see the
 * AuthChangeNotifications migration), without a payload: AuthChangeListener's `invalidate()`
 * drops everything.
 */
export class SessionCache extends NotifiedCache<CachedSession> {}
