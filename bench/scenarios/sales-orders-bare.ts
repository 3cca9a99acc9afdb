import { randomUUID } from 'node:crypto';
import { type Exact, zero } from '../../src/pricing/prices/money';
import {
  badRequest,
  isCaller,
  notMirrored,
  shopperFrom,
  shopperWhere,
  unauthorized,
  uuidPattern,
} from './bare-sql';
import {
  type ClientRow,
  inCatalog,
  price,
  type Priced,
  productsJson,
  scriptsOf,
  shopperAccountJson,
} from './pricing';
import type { BareRoute } from './types';

/**
 * The bare twin of the storefront's order create (POST /commerce-api/salesorders as a shopper):
 * the least correct work for a numbered, priced order, in five statements on one connection:
 *   BEGIN;
 *   the session check, the shopper (contact, primary account), the lines' products, VAT codes,
 *   active scripts and the base currency: one SELECT (the 5 prices are computed from it with the
 *   service's own rule functions, pricing.ts `price`, the script's rule included);
 *   UPDATE sales_settings … RETURNING: the next number, the counter row locked until COMMIT
 *   (gapless: a rolled-back create consumes none);
 *   the order and its lines in one INSERT (a data-modifying CTE; the lines' amounts are generated
 *   columns, the order's totals their sums, computed exactly as the columns do);
 *   COMMIT.
 * It writes the rows the service writes for such an order (checked before measuring: the service
 * reads a bare order back equal to its own), but records no activity and honours no Idempotency-Key.
 */

interface OrderBody {
  channel?: unknown;
  deliveryMethod?: unknown;
  externalReference?: unknown;
  lines?: Array<{ productId?: unknown; quantity?: unknown }>;
}

const orderInputsSql = `SELECT cl.id AS client_id, a.contact_id, ${shopperAccountJson} AS account, ${productsJson(inCatalog)},
  coalesce((SELECT cu.code FROM currencies cu WHERE cu.workspace_id = $2 AND cu.is_default),
           (SELECT w.default_currency FROM workspaces w WHERE w.id = $2)) AS currency
  FROM ${shopperFrom}
 WHERE ${shopperWhere}`;

const takeNumberSql = `UPDATE sales_settings SET last_order_number = last_order_number + 1
  WHERE workspace_id = $1
  RETURNING last_order_number::text AS sequence,
    order_number_prefix || lpad(last_order_number::text,
      greatest(order_number_padding, length(last_order_number::text)), '0') AS number`;

const insertOrderSql = `WITH o AS (
    INSERT INTO sales_orders (id, workspace_id, external_reference, order_number, order_sequence, ordered_at,
      ordering_status, status_modified_at, delivery_method, channel, currency, debtor_id, ordered_by_id,
      client_login_id, total_excl_vat, total_vat, total_incl_vat)
    VALUES ($1, $2, $3, $4, $5, now(), 'Draft', now(), $6, $7, $8, $9, $10, $11, $12, $13, $14)
    RETURNING id, workspace_id)
  INSERT INTO sales_order_lines (id, workspace_id, sales_order_id, product_id, sku, name, quantity, unit_price,
    vat_rate, position)
  SELECT gen_random_uuid(), o.workspace_id, o.id, l.product_id, l.sku, l.name, l.quantity, l.unit_price, l.vat_rate,
         l.n - 1
    FROM o, unnest($15::uuid[], $16::text[], $17::text[], $18::numeric[], $19::numeric[], $20::numeric[])
      WITH ORDINALITY AS l(product_id, sku, name, quantity, unit_price, vat_rate, n)`;

const uuid = new RegExp(`^${uuidPattern}$`);

export const orderBareRoute: BareRoute = {
  method: 'POST',
  pattern: /^\/commerce-api\/salesorders$/,
  async handle(_m, _query, auth, pool, body) {
    if (auth.typ !== 'Client') return notMirrored('the storefront order create of a client login only');
    const b = (body ?? {}) as OrderBody;
    const lines = b.lines ?? [];
    if (typeof b.channel !== 'string' || !b.channel) return badRequest('channel', 'channel is required');
    if (
      !Array.isArray(lines) ||
      lines.length === 0 ||
      lines.some(
        (l) => typeof l.productId !== 'string' || !uuid.test(l.productId) || !(Number(l.quantity) > 0),
      )
    )
      return badRequest('lines', 'the bare server takes lines of product ids and quantities');
    const db = await pool.connect();
    try {
      await db.query('BEGIN');
      const ids = [...new Set(lines.map((l) => (l.productId as string).toLowerCase()))];
      const { rows } = await db.query<ClientRow & { currency: string }>({
        name: 'order_inputs',
        text: orderInputsSql,
        values: [auth.sid, auth.ws, ids],
      });
      if (!isCaller(rows[0]?.client_id, auth)) {
        await db.query('ROLLBACK');
        return unauthorized;
      }
      const inputs = rows[0];
      const byId = new Map((inputs.products ?? []).map((p) => [p.id, p]));
      const scripted = scriptsOf(inputs.scripts);
      const priced = lines.map((l, i) => {
        const product = byId.get((l.productId as string).toLowerCase());
        if (!product || !product.active || !product.in_catalog) return { i, product: undefined };
        const quantity = String(l.quantity);
        return {
          i,
          product,
          quantity,
          p: price(product, quantity, inputs.account, inputs.vat ?? [], scripted),
        };
      });
      const refused = priced.find((x) => !x.product || x.p?.unitPrice === null);
      if (refused) {
        await db.query('ROLLBACK');
        return badRequest(`lines[${refused.i}].productId`, 'not offered or not priced');
      }
      let taken = await db.query<{ sequence: string; number: string }>({
        name: 'order_number',
        text: takeNumberSql,
        values: [auth.ws],
      });
      if (!taken.rows.length) {
        // The workspace's first order: its counter row, as the service's ensureRow makes it.
        await db.query(
          'INSERT INTO sales_settings (id, workspace_id) VALUES (gen_random_uuid(), $1) ON CONFLICT (workspace_id) DO NOTHING',
          [auth.ws],
        );
        taken = await db.query({ name: 'order_number', text: takeNumberSql, values: [auth.ws] });
      }
      const { sequence, number } = taken.rows[0];
      const ps = priced.map((x) => x.p!);
      const sum = (pick: (p: Priced) => Exact) => ps.reduce((s, p) => s.plus(pick(p)), zero).toFixed(2);
      const id = randomUUID();
      await db.query({
        name: 'order_insert',
        text: insertOrderSql,
        values: [
          id,
          auth.ws,
          typeof b.externalReference === 'string' ? b.externalReference : null,
          number,
          sequence,
          typeof b.deliveryMethod === 'string' ? b.deliveryMethod : null,
          b.channel,
          inputs.currency,
          inputs.account?.id ?? null,
          inputs.contact_id,
          auth.sub,
          sum((p) => p.exclVat!),
          sum((p) => p.vatAmount!),
          sum((p) => p.exclVat!.plus(p.vatAmount!)),
          priced.map((x) => x.product!.id),
          priced.map((x) => x.product!.sku),
          priced.map((x) => x.product!.name),
          priced.map((x) => x.quantity),
          ps.map((p) => p.unitPrice),
          ps.map((p) => p.vatRate.toString()),
        ],
      });
      await db.query('COMMIT');
      return { status: 200, body: { id, orderNumber: number } };
    } catch (e) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      db.release();
    }
  },
};
