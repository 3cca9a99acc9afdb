import type { WorkspaceSql } from '../../platform/database/db';

/** A stock row changed by `UPDATE … RETURNING`, read back with its quantity before and after. */
export interface ChangedStock {
  id: string;
  product_id: string;
  quantity: string;
  before: string;
  version: number;
}

/** What an UPDATE returns through TypeORM: its RETURNING rows and how many rows it changed. */
type UpdateResult<R> = [R[], number];

const returning = 'RETURNING id, product_id, quantity::text AS quantity';

/** Sets the quantity of the workspace's stock `id` (the row lock of the UPDATE orders concurrent writers). */
export async function setStockQuantity(
  on: WorkspaceSql,
  id: string,
  quantity: string,
): Promise<ChangedStock[]> {
  const [rows] = (await on.query(
    `UPDATE stocks SET quantity = $3::numeric, version = version + 1, modified_at = now()
      WHERE id = $1 AND workspace_id = $2
      ${returning}, (NULL)::text AS before, version`,
    [id, on.workspaceId, quantity],
  )) as unknown as UpdateResult<ChangedStock>;
  return rows;
}

/** Adds `change` to the quantity of the workspace's stock `id`; no row when it would go below zero. */
export async function adjustStockQuantity(
  on: WorkspaceSql,
  id: string,
  change: string,
): Promise<ChangedStock[]> {
  const [rows] = (await on.query(
    `UPDATE stocks SET quantity = quantity + $3::numeric, version = version + 1, modified_at = now()
      WHERE id = $1 AND workspace_id = $2 AND quantity + $3::numeric >= 0
      ${returning}, (quantity - $3::numeric)::text AS before, version`,
    [id, on.workspaceId, change],
  )) as unknown as UpdateResult<ChangedStock>;
  return rows;
}

/** Creates a stock row at 0 for each of the products that has none at the location. */
export async function addMissingStocks(
  on: WorkspaceSql,
  locationId: string,
  productIds: string[],
): Promise<void> {
  await on.query(
    `INSERT INTO stocks (id, workspace_id, product_id, location_id, quantity)
     SELECT gen_random_uuid(), $1, p, $2, 0 FROM unnest($3::uuid[]) AS p
     ON CONFLICT (workspace_id, product_id, location_id) DO NOTHING`,
    [on.workspaceId, locationId, productIds],
  );
}

/** Locks the stock rows of the products at the location in product-id order (no crosswise waits). */
export async function lockStocks(on: WorkspaceSql, locationId: string, productIds: string[]): Promise<void> {
  await on.query(
    `SELECT id FROM stocks WHERE workspace_id = $1 AND location_id = $2 AND product_id = ANY($3::uuid[])
      ORDER BY product_id FOR UPDATE`,
    [on.workspaceId, locationId, productIds],
  );
}

/**
 * Adds `changes[i]` to the quantity of product `productIds[i]` at the location, in one statement;
 * a row that would go below zero is left alone unless `allowNegative`. The changed rows.
 */
export async function moveStocks(
  on: WorkspaceSql,
  locationId: string,
  productIds: string[],
  changes: string[],
  allowNegative: boolean,
): Promise<ChangedStock[]> {
  const [rows] = (await on.query(
    `UPDATE stocks s
        SET quantity = s.quantity + d.change, version = s.version + 1, modified_at = now()
       FROM unnest($3::uuid[], $4::numeric[]) AS d(product_id, change)
      WHERE s.workspace_id = $1 AND s.location_id = $2 AND s.product_id = d.product_id
        AND ($5::boolean OR s.quantity + d.change >= 0)
      RETURNING s.id, s.product_id, s.quantity::text AS quantity, (s.quantity - d.change)::text AS before, s.version`,
    [on.workspaceId, locationId, productIds, changes, allowNegative],
  )) as unknown as UpdateResult<ChangedStock>;
  return rows;
}
