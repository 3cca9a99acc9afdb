import { completeCreatedActivity } from '../../platform/activity/activity.queries';
import type { WorkspaceSql } from '../../platform/database/db';
import type { ResolvedLine } from './sales-order-lines';

/** The number and the totals a new order was given (decimals as text). */
export interface NumberAndTotals {
  sequence: string;
  orderNumber: string;
  net: string;
  vat: string;
  gross: string;
}

/** A new order's stored columns, as the creating service built them (id given, number and totals not). */
export interface NewOrderRow {
  id: string;
  createdAt: Date;
  externalReference: string | null;
  orderedAt: Date;
  orderingStatus: string;
  deliveryMethod: string | null;
  channel: string | null;
  description: string | null;
  tags: string[];
  currency: string;
  debtorId: string | null;
  orderedById: string | null;
  clientLoginId: string | null;
  pickupLocationId: string | null;
  stockLocationId: string | null;
  billingAddress: object | null;
  shippingAddress: object | null;
}

/**
 * Writes a new order in one statement: its lines (their amounts are generated columns), the order
 * with the sums of those amounts as its totals, and the workspace's next order number, taken with
 * `INSERT … ON CONFLICT DO UPDATE SET last_order_number = last_order_number + 1 RETURNING` (the
 * counter row is created on the workspace's first order). The counter row stays locked until the
 * transaction ends, so a rolled-back create consumes no number, no number is handed out twice,
 * and numbers rise in commit order; run it as the creating transaction's last statement, and the
 * lock is held for this statement and COMMIT only. `activityId`: the order's Created activity,
 * recorded earlier in the transaction, gets the number and the totals in its `newValue` here.
 * The lines' foreign key to the order is checked at the end of the statement, when the order exists.
 */
export async function insertNumberedOrder(
  on: WorkspaceSql,
  order: NewOrderRow,
  lines: readonly ResolvedLine[],
  activityId: string,
): Promise<NumberAndTotals> {
  const column = <K extends keyof ResolvedLine>(key: K) => lines.map((l) => l[key]);
  const json = (v: object | null) => (v === null ? null : JSON.stringify(v));
  const rows = await on.query<NumberAndTotals>(
    `WITH n AS (
       INSERT INTO sales_settings AS s (id, workspace_id, last_order_number) VALUES (gen_random_uuid(), $1, 1)
       ON CONFLICT (workspace_id) DO UPDATE SET last_order_number = s.last_order_number + 1
       RETURNING s.last_order_number, s.order_number_prefix, s.order_number_padding),
     l AS (
       INSERT INTO sales_order_lines (id, workspace_id, created_at, modified_at, version, sales_order_id, position,
                                      product_id, sku, name, quantity, unit_price, unit_price_overridden,
                                      discount_percentage, vat_rate)
       SELECT gen_random_uuid(), $1, $3, $3, 1, $2, x.n - 1, x.product_id, x.sku, x.name, x.quantity, x.unit_price,
              x.overridden, x.discount, x.vat_rate
         FROM unnest($19::uuid[], $20::text[], $21::text[], $22::numeric[], $23::numeric[], $24::boolean[],
                     $25::numeric[], $26::numeric[])
              WITH ORDINALITY AS x(product_id, sku, name, quantity, unit_price, overridden, discount, vat_rate, n)
       RETURNING total_excl_vat, vat_amount, total_incl_vat),
     t AS (
       SELECT coalesce(sum(total_excl_vat), 0) AS net, coalesce(sum(vat_amount), 0) AS vat,
              coalesce(sum(total_incl_vat), 0) AS gross
         FROM l),
     o AS (
       INSERT INTO sales_orders (id, workspace_id, created_at, modified_at, version, external_reference,
                                 order_sequence, order_number, ordered_at, ordering_status, status_modified_at,
                                 delivery_method, channel, description, tags, currency, debtor_id, ordered_by_id,
                                 client_login_id, pickup_location_id, stock_location_id, billing_address,
                                 shipping_address, total_excl_vat, total_vat, total_incl_vat)
       SELECT $2, $1, $3, $3, 1, $4, n.last_order_number,
              n.order_number_prefix || lpad(n.last_order_number::text,
                greatest(n.order_number_padding, length(n.last_order_number::text)), '0'),
              $5, $6, $3, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, t.net, t.vat, t.gross
         FROM n, t
       RETURNING order_sequence::text AS sequence, order_number AS "orderNumber",
                 total_excl_vat::text AS net, total_vat::text AS vat, total_incl_vat::text AS gross,
                 total_excl_vat, total_vat, total_incl_vat),
     a AS (${completeCreatedActivity('$27', '$1', 'o', {
       orderNumber: 'o."orderNumber"',
       totals: `jsonb_build_object('totalExclVat', o.total_excl_vat, 'totalVat', o.total_vat, 'totalInclVat', o.total_incl_vat)`,
     })})
     SELECT sequence, "orderNumber", net, vat, gross FROM o`,
    [
      on.workspaceId,
      order.id,
      order.createdAt,
      order.externalReference,
      order.orderedAt,
      order.orderingStatus,
      order.deliveryMethod,
      order.channel,
      order.description,
      order.tags,
      order.currency,
      order.debtorId,
      order.orderedById,
      order.clientLoginId,
      order.pickupLocationId,
      order.stockLocationId,
      json(order.billingAddress),
      json(order.shippingAddress),
      column('productId'),
      column('sku'),
      column('name'),
      column('quantity'),
      column('unitPrice'),
      column('unitPriceOverridden'),
      column('discountPercentage'),
      column('vatRate'),
      activityId,
    ],
  );
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
