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
