import { EntityManager, IsNull, Not } from 'typeorm';
import { AuthSessionEntity } from './auth-session.entity';

/**
 * Revokes every open session of a user or client login (their access tokens and refresh tokens),
 * except `keep` (the session that made the change). The auth_changed trigger on auth_sessions
 * clears the guard's session cache, so the revoked access tokens are refused on their next request.
 */
export async function revokeSessions(
  manager: EntityManager,
  owner: { userId: string } | { clientLoginId: string },
  keep?: string,
): Promise<void> {
  await manager.update(
    AuthSessionEntity,
    { ...owner, revokedAt: IsNull(), ...(keep ? { id: Not(keep) } : {}) },
    { revokedAt: new Date() },
  );
}
