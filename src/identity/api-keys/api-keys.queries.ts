import type { WorkspaceSql } from '../../platform/database/db';
import type { ApiKeyRole } from './api-key.entity';

/** What the guard needs of a key: its hash and whether it still works. */
export interface ApiKeyGrant {
  secret_hash: string;
  role: ApiKeyRole;
  expires_at: Date | null;
  revoked_at: Date | null;
}

/** The key `id` of the workspace (a primary-key lookup), or undefined. */
export async function findApiKeyGrant(on: WorkspaceSql, id: string): Promise<ApiKeyGrant | undefined> {
  const [row] = await on.query<ApiKeyGrant>(
    `SELECT secret_hash, role, expires_at, revoked_at FROM api_keys WHERE workspace_id = $1 AND id = $2`,
    [on.workspaceId, id],
  );
  return row;
}

/**
 * Records that the key was used, unless that was recorded within the last minute (so a busy key
 * costs one write a minute, not one per request). The notification trigger ignores this column:
 * it invalidates no cache.
 */
export async function touchApiKey(on: WorkspaceSql, id: string): Promise<void> {
  await on.query(
    `UPDATE api_keys SET last_used_at = now()
      WHERE workspace_id = $1 AND id = $2
        AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [on.workspaceId, id],
  );
}
