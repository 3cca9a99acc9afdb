/**
 * The version of a workspace's active price-calculation scripts, as SQL over `$1` (the workspace):
 * `id:version` of each, in running order, comma-separated; NULL when there are none. It rides
 * along in the price request's one statement, and `versionOf` says the same of loaded rows, so a
 * cached compiled set is checked against the database on every price, at no extra round trip.
 */
export const priceScriptsVersionSql = `SELECT string_agg(s.id::text || ':' || s.version, ',' ORDER BY s.display_order, s.id)
    FROM atomic_scripts s WHERE s.workspace_id = $1 AND s.trigger = 'PriceCalculation' AND s.active`;

/** What `priceScriptsVersionSql` answers for these scripts (in running order). */
export const versionOf = (scripts: ReadonlyArray<{ id: string; version: number }>): string =>
  scripts.map((s) => `${s.id}:${s.version}`).join(',');
