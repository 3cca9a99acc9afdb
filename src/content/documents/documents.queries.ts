import type { WorkspaceSql } from '../../platform/database/db';

/** The first statement of every tree write: one writer per workspace document tree at a time, until commit. */
export async function lockDocumentTree(on: WorkspaceSql): Promise<void> {
  await on.query('SELECT pg_advisory_xact_lock(7305003, hashtext($1))', [on.workspaceId]);
}
