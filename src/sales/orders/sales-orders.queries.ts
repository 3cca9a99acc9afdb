import type { WorkspaceSql } from '../../platform/database/db';

/** The number and the totals a new order was given (decimals as text). */
export interface NumberAndTotals {
  sequence: string;
  orderNumber: string;
  net: string;
  vat: string;
  gross: string;
}

/**
 * Gives the new order `orderId` the next order number and its totals (sums of its lines) in one
 * statement: `UPDATE sales_settings SET last_order_number = last_order_number + 1 … RETURNING`
 * feeds the order's UPDATE. The workspace's counter row stays locked until the transaction ends,
 * so a rolled-back create consumes no number, no number is handed out twice, and numbers rise in
 * commit order. Run it as the creating transaction's last write but the activity: the lock is held
 * from here to COMMIT only. Undefined when the workspace has no counter row yet.
 */
export async function assignNumberAndTotals(
  on: WorkspaceSql,
  orderId: string,
): Promise<NumberAndTotals | undefined> {
  const [rows] = (await on.query(
    `WITH n AS (
       UPDATE sales_settings SET last_order_number = last_order_number + 1
        WHERE workspace_id = $1
        RETURNING last_order_number, order_number_prefix, order_number_padding),
     t AS (
       SELECT coalesce(sum(total_excl_vat), 0) AS net, coalesce(sum(vat_amount), 0) AS vat,
              coalesce(sum(total_incl_vat), 0) AS gross
         FROM sales_order_lines WHERE sales_order_id = $2 AND workspace_id = $1)
     UPDATE sales_orders o
        SET order_sequence = n.last_order_number,
            order_number = n.order_number_prefix ||
              lpad(n.last_order_number::text,
                   greatest(n.order_number_padding, length(n.last_order_number::text)), '0'),
            total_excl_vat = t.net, total_vat = t.vat, total_incl_vat = t.gross
       FROM n, t
      WHERE o.id = $2 AND o.workspace_id = $1
      RETURNING o.order_sequence::text AS sequence, o.order_number AS "orderNumber",
                o.total_excl_vat::text AS net, o.total_vat::text AS vat, o.total_incl_vat::text AS gross`,
    [on.workspaceId, orderId],
  )) as unknown as [NumberAndTotals[], number];
  return rows[0];
}

/**
 * Sets the order's totals to the sums of its lines' generated amounts (one UPDATE); with
 * `bumpVersion` also its version and modification time. Answers the new totals and version.
 */
export async function sumLinesIntoTotals(
  on: WorkspaceSql,
  orderId: string,
  bumpVersion: boolean,
): Promise<{ net: string; vat: string; gross: string; version: number }> {
  const [rows] = (await on.query(
    `UPDATE sales_orders o
        SET total_excl_vat = t.net, total_vat = t.vat, total_incl_vat = t.gross
            ${bumpVersion ? ', version = o.version + 1, modified_at = now()' : ''}
       FROM (SELECT coalesce(sum(total_excl_vat), 0) AS net, coalesce(sum(vat_amount), 0) AS vat,
                    coalesce(sum(total_incl_vat), 0) AS gross
               FROM sales_order_lines WHERE sales_order_id = $1 AND workspace_id = $2) t
      WHERE o.id = $1 AND o.workspace_id = $2
      RETURNING o.total_excl_vat::text AS net, o.total_vat::text AS vat, o.total_incl_vat::text AS gross, o.version`,
    [orderId, on.workspaceId],
  )) as unknown as [Array<{ net: string; vat: string; gross: string; version: number }>, number];
  return rows[0];
}
