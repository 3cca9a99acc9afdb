import type { Queryable } from '../../platform/database/db';
import type { Role } from '../../platform/tenancy/request-context';

/** A session with what it grants now: its member's role, or whether its client login is active. */
export interface SessionGrant {
  workspace_id: string;
  user_id: string | null;
  client_login_id: string | null;
  revoked_at: Date | null;
  role: Role | null;
  client_active: boolean | null;
}

/**
 * The session `id` with its member's role and its client login's state, read live, so a changed
 * or removed membership takes effect at once. A primary-key lookup.
 */
export async function findSessionGrant(db: Queryable, id: string): Promise<SessionGrant | undefined> {
  const rows = (await db.query(
    `SELECT s.workspace_id, s.user_id, s.client_login_id, s.revoked_at, m.role, c.active AS client_active
       FROM auth_sessions s
       LEFT JOIN memberships m ON m.workspace_id = s.workspace_id AND m.user_id = s.user_id
       LEFT JOIN client_logins c ON c.id = s.client_login_id
      WHERE s.id = $1`,
    [id],
  )) as SessionGrant[];
  return rows[0];
}

/**
 * Revokes every open session of a user or client login (their access tokens and refresh tokens),
 * except `keep` (the session that made the change). The auth_changed trigger on auth_sessions
 * clears the guard's session cache, so the revoked access tokens are refused on their next request.
 */
export async function revokeSessions(
  db: Queryable,
  owner: { userId: string } | { clientLoginId: string },
  keep?: string,
): Promise<void> {
  const [column, id] =
    'userId' in owner ? ['user_id', owner.userId] : ['client_login_id', owner.clientLoginId];
  await db.query(
    `UPDATE auth_sessions SET revoked_at = $1 WHERE ${column} = $2 AND revoked_at IS NULL` +
      (keep ? ' AND id <> $3' : ''),
    keep ? [new Date(), id, keep] : [new Date(), id],
  );
}
