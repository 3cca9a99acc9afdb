import type { WorkspaceSql } from '../../platform/database/db';

/** A table as the export reads it. */
export interface ExportedTable {
  resource: string;
  table: string;
  /** `"column" AS "property"` for every exported column. */
  select: string;
  /** The keyset: the primary key columns (or `id` for a view). */
  keys: string[];
}

/**
 * One keyset page of the workspace's rows of `table`: the first `limit` rows in key order after
 * `after` (from the start when null). Each row also carries its key as `__k0`, `__k1`, … for the next page.
 */
export async function exportPage(
  on: WorkspaceSql,
  table: ExportedTable,
  after: unknown[] | null,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  const keys = table.keys.map((k) => `"${k}"`).join(', ');
  return on.query(
    `SELECT ${table.select}, ${table.keys.map((k, i) => `"${k}" AS "__k${i}"`).join(', ')}
       FROM "${table.table}"
      WHERE workspace_id = $1
        ${after ? `AND (${keys}) > (${table.keys.map((_, i) => `$${i + 2}`).join(', ')})` : ''}
      ORDER BY ${keys}
      LIMIT ${limit}`,
    [on.workspaceId, ...(after ?? [])],
  );
}
