/**
 * The ids of the products with the skus of the array `skus` (a placeholder or parameter of type
 * varchar[]) in workspace `ws`, as an array (NULL where no product has the sku): one probe of the
 * unique (workspace_id, sku) index per sku. `p.sku = ANY(…)` or `IN (…)` is not used: for a
 * hundred skus and more PostgreSQL chose the sku's trigram index for the equality, and a batch of
 * 500 skus sharing a prefix took 2 s instead of 2 ms.
 */
export const productIdsBySkuSql = (ws: string, skus: string): string =>
  `ARRAY(SELECT (SELECT x.id FROM products x WHERE x.workspace_id = ${ws} AND x.sku = s.sku) ` +
  `FROM unnest(CAST(${skus} AS varchar[])) AS s(sku))`;
