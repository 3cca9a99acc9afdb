import type { EntityManager, SelectQueryBuilder } from 'typeorm';

/** A table whose rows carry tags, and the entity type it holds. */
export interface TaggedTable {
  type: string;
  table: string;
  column: string;
}

/** One row per tag: its uses in all the tables (`count`) and per entity type (`by_type`). */
export type TagUsageRow = { tag: string; count: string; by_type: Record<string, number> };

/**
 * The tags the workspace's rows of `tables` use, as a query builder to search, sort and page
 * (aliased `g`): a UNION ALL of one unnest per table, each branch confined to the workspace.
 * `tables` name identifiers checked by the caller; `reads` runs no transaction.
 */
export function tagUsage(
  reads: EntityManager,
  workspaceId: string,
  tables: TaggedTable[],
): SelectQueryBuilder<TagUsageRow> {
  const params: Record<string, unknown> = { ws: workspaceId };
  const branches = tables.map((t, i) => {
    params[`type${i}`] = t.type;
    return `SELECT unnest(e.${t.column}) AS tag, CAST(:type${i} AS text) AS type FROM ${t.table} e WHERE e.workspace_id = :ws`;
  });
  return reads
    .createQueryBuilder()
    .select('g.tag', 'tag')
    .addSelect('sum(g.n)', 'count')
    .addSelect('jsonb_object_agg(g.type, g.n)', 'by_type')
    .from(
      `(SELECT u.tag, u.type, count(*)::int AS n FROM (${branches.join(' UNION ALL ')}) u GROUP BY u.tag, u.type)`,
      'g',
    )
    .setParameters(params)
    .groupBy('g.tag') as SelectQueryBuilder<TagUsageRow>;
}
