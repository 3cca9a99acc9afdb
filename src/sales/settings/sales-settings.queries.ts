import type { WorkspaceSql } from '../../platform/database/db';

/** The order number counter after one was taken, with how numbers are written. */
export interface TakenSequence {
  sequence: string;
  prefix: string;
  padding: number;
}

/**
 * Takes the workspace's next order number (the row lock of the UPDATE orders concurrent takers);
 * none when the workspace has no settings row yet.
 */
export async function takeOrderSequence(on: WorkspaceSql): Promise<TakenSequence[]> {
  const [rows] = (await on.query(
    `UPDATE sales_settings SET last_order_number = last_order_number + 1
      WHERE workspace_id = $1
      RETURNING last_order_number::text AS sequence, order_number_prefix AS prefix, order_number_padding AS padding`,
    [on.workspaceId],
  )) as unknown as [TakenSequence[], number];
  return rows;
}

/** Creates the workspace's settings row with the defaults when it has none (no lock on an existing row). */
export async function addSalesSettingsRow(on: WorkspaceSql): Promise<void> {
  await on.query(
    `INSERT INTO sales_settings (id, workspace_id) VALUES (gen_random_uuid(), $1)
     ON CONFLICT (workspace_id) DO NOTHING`,
    [on.workspaceId],
  );
}
