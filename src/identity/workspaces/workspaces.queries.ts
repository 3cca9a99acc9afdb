import type { Queryable } from '../../platform/database/db';

/** Serialises, until the transaction ends, the workspace creates of one owner (its limit is counted under it). */
export async function lockOwnedWorkspaces(db: Queryable, ownerId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(7305004, hashtext($1))', [ownerId]);
}
