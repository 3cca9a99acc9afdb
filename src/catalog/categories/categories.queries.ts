import type { WorkspaceSql } from '../../platform/database/db';

/** Serialises the writes that reshape the workspace's category tree or pick slugs, until commit. */
export async function lockCategoryTree(on: WorkspaceSql): Promise<void> {
  await on.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`product_categories:${on.workspaceId}`]);
}
