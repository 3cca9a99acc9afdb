import type { SelectQueryBuilder } from 'typeorm';
import type { WorkspaceSql } from '../../platform/database/db';
import type { DealEntity } from './deal.entity';

/**
 * Tag counts of `deals` (the workspace's scoped deal query, filters applied, aliased `d`): the
 * query unnested, then grouped (set-returning functions cannot be grouped in place); most used first.
 */
export async function dealTagCounts(
  on: WorkspaceSql,
  deals: SelectQueryBuilder<DealEntity>,
): Promise<Array<{ value: string; label: string | null; count: string }>> {
  const [sql, params] = deals.select('unnest(d.tags)', 'tag').getQueryAndParameters();
  return on.query(
    `SELECT u.tag AS value, u.tag AS label, count(*) AS count FROM (${sql}) u GROUP BY u.tag ORDER BY count(*) DESC, u.tag`,
    params,
  );
}
