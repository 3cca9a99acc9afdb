import type { WorkspaceSql } from '../../platform/database/db';

/** Moves `last_contact_moment` to `at` unless it is later already (never backwards). */
const moveForward = 'last_contact_moment = greatest(coalesce(last_contact_moment, $3), $3)';

/**
 * Moves the last contact moment of the workspace's account or contact `id` to `at` (never
 * backwards). Plain SQL: no activity, and `version`/`modified_at` stay as they are.
 */
export async function touchLastContactMoment(
  on: WorkspaceSql,
  table: 'accounts' | 'contacts',
  id: string,
  at: Date,
): Promise<void> {
  await on.query(`UPDATE ${table} SET ${moveForward} WHERE workspace_id = $1 AND id = $2`, [
    on.workspaceId,
    id,
    at,
  ]);
}

/** The same for the account of the workspace's deal `dealId` (nothing when it has none). */
export async function touchDealAccountLastContactMoment(
  on: WorkspaceSql,
  dealId: string,
  at: Date,
): Promise<void> {
  await on.query(
    `UPDATE accounts SET ${moveForward} WHERE workspace_id = $1 AND id = (SELECT account_id FROM deals WHERE workspace_id = $1 AND id = $2)`,
    [on.workspaceId, dealId, at],
  );
}

/** Removes the comments on the workspace's entity `entityId` (it was deleted). */
export async function deleteCommentsOn(on: WorkspaceSql, entityId: string): Promise<void> {
  await on.query('DELETE FROM comments WHERE workspace_id = $1 AND entity_id = $2', [
    on.workspaceId,
    entityId,
  ]);
}
