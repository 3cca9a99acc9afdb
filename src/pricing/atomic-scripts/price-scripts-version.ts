/**
 * The version of a workspace's active price-calculation scripts: `id:version` of each, in running
 * order, comma-separated. The price request's one statement reads it from the database
 * (`priceTables` in prices/price-inputs.queries.ts), and `versionOf` says the same of loaded rows,
 * so a cached compiled set is checked against the database on every price, at no extra round trip.
 */
export const versionOf = (scripts: ReadonlyArray<{ id: string; version: number }>): string =>
  scripts.map((s) => `${s.id}:${s.version}`).join(',');
