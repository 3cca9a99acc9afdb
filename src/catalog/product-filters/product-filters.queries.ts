import type { WorkspaceSql } from '../../platform/database/db';

/** Serialises the replacements of the workspace's product filters, until commit. */
export async function lockProductFilters(on: WorkspaceSql): Promise<void> {
  await on.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`product_filters:${on.workspaceId}`]);
}
