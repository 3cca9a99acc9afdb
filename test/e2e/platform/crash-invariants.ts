/**
 * What must hold in the whole database after any crash: SQL over every workspace, each check
 * answering the rows that break it (none when the database is whole). Foreign keys are checked
 * from the catalog; the rest are the aggregates and bookkeeping no constraint enforces.
 */

export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Tables of the entity types activities and comments name (they have no foreign key). */
const entityTables: Record<string, string> = {
  Account: 'accounts',
  Contact: 'contacts',
  Deal: 'deals',
  Pipeline: 'pipelines',
  Comment: 'comments',
  Product: 'products',
  ProductCategory: 'product_categories',
  Stock: 'stocks',
  Location: 'locations',
  SalesOrder: 'sales_orders',
  SalesSettings: 'sales_settings',
  ContentPage: 'content_pages',
  Webhook: 'webhooks',
  Workspace: 'workspaces',
  User: 'users',
  Membership: 'memberships',
  VatCode: 'vat_codes',
  SupportedLanguage: 'supported_languages',
  Currency: 'currencies',
};

/** Entity types whose rows must each have their `{Type}Created` activity. */
const createdRecorded = [
  'Account',
  'Contact',
  'Deal',
  'Comment',
  'Product',
  'ProductCategory',
  'Stock',
  'SalesOrder',
  'ContentPage',
];

export interface Expectations {
  /** Products whose stock only orders move, each starting with `initialStock` at its location. */
  orderProducts: string[];
  initialStock: number;
}

export async function violations(query: Query, expect: Expectations): Promise<Record<string, unknown[]>> {
  const found: Record<string, unknown[]> = {};
  const check = async (name: string, sql: string, params: unknown[] = []) => {
    found[name] = await query(sql, params);
  };

  // Every foreign key holds (read from the catalog, so a new table is covered without edits).
  const fks = await query<{ name: string; child: string; parent: string; cols: string[]; refs: string[] }>(
    `SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
            array_agg(a.attname::text ORDER BY k.i) AS cols, array_agg(r.attname::text ORDER BY k.i) AS refs
       FROM pg_constraint c
       CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(ck, fk, i)
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.ck
       JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = k.fk
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      GROUP BY c.conname, c.conrelid, c.confrelid`,
  );
  const orphans: unknown[] = [];
  for (const fk of fks) {
    const notNull = fk.cols.map((c) => `c."${c}" IS NOT NULL`).join(' AND ');
    const match = fk.cols.map((c, i) => `p."${fk.refs[i]}" = c."${c}"`).join(' AND ');
    const [row] = await query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${fk.child} c
        WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${match})`,
    );
    if (row.n !== '0') orphans.push({ constraint: fk.name, table: fk.child, rows: row.n });
  }
  found['rows whose foreign key points nowhere'] = orphans;
  found['foreign keys read from the catalog'] = fks.length === 0 ? ['none found'] : [];

  const types = await query<{ entity_type: string }>(`SELECT DISTINCT entity_type FROM activities`);
  found['activity entity types without a table here'] = types.filter((t) => !entityTables[t.entity_type]);
  const parts: string[] = [];
  for (const t of types.filter((x) => entityTables[x.entity_type]))
    parts.push(
      `SELECT a.id, a.type, a.entity_id FROM activities a
        WHERE a.entity_type = '${t.entity_type}'
          AND NOT EXISTS (SELECT 1 FROM ${entityTables[t.entity_type]} e WHERE e.id = a.entity_id)
          AND NOT EXISTS (SELECT 1 FROM activities d
                           WHERE d.entity_id = a.entity_id AND d.type = '${t.entity_type}Deleted')`,
    );
  if (parts.length) await check('activities without their entity', parts.join(' UNION ALL '));

  await check(
    'entities without their Created activity',
    createdRecorded
      .map(
        (t) => `SELECT '${t}' AS type, e.id FROM ${entityTables[t]} e
                 WHERE NOT EXISTS (SELECT 1 FROM activities a
                                    WHERE a.entity_id = e.id AND a.workspace_id = e.workspace_id
                                      AND a.type = '${t}Created')`,
      )
      .join(' UNION ALL '),
  );

  await check(
    'comments without their entity',
    `SELECT c.id, c.entity_type FROM comments c WHERE NOT (${Object.entries(entityTables)
      .filter(([type]) =>
        ['Account', 'Contact', 'Deal', 'Product', 'SalesOrder', 'ProductCategory', 'Location'].includes(type),
      )
      .map(
        ([type, table]) =>
          `(c.entity_type = '${type}' AND EXISTS (SELECT 1 FROM ${table} e WHERE e.id = c.entity_id))`,
      )
      .join(' OR ')})`,
  );

  // An order may have no lines (a request for a quotation), so what a crash must not do is split a
  // create: an order whose lines are not as many as its `SalesOrderCreated` recorded (while no
  // later line change was recorded) lost or gained lines outside its transaction.
  await check(
    'sales orders whose lines are not the ones their creation recorded',
    `SELECT o.id, o.order_number, n.lines, jsonb_array_length(a.data->'newValue'->'lines') AS recorded
       FROM sales_orders o
       JOIN activities a ON a.workspace_id = o.workspace_id AND a.entity_id = o.id
                        AND a.type = 'SalesOrderCreated'
       CROSS JOIN LATERAL (SELECT count(*) AS lines FROM sales_order_lines l
                            WHERE l.sales_order_id = o.id AND l.workspace_id = o.workspace_id) n
      WHERE n.lines <> jsonb_array_length(a.data->'newValue'->'lines')
        AND NOT EXISTS (SELECT 1 FROM activities u WHERE u.workspace_id = o.workspace_id
                           AND u.entity_id = o.id AND u.type = 'SalesOrderLinesUpdated')`,
  );
  await check(
    'sales order totals that are not the sums of their lines',
    `SELECT o.id, o.total_excl_vat, t.net FROM sales_orders o
       LEFT JOIN (SELECT sales_order_id, sum(total_excl_vat) AS net, sum(vat_amount) AS vat,
                         sum(total_incl_vat) AS gross
                    FROM sales_order_lines GROUP BY sales_order_id) t ON t.sales_order_id = o.id
      WHERE (o.total_excl_vat, o.total_vat, o.total_incl_vat)
            IS DISTINCT FROM (coalesce(t.net, 0), coalesce(t.vat, 0), coalesce(t.gross, 0))`,
  );
  await check(
    'order numbers that are missing, repeated or not counted',
    `SELECT s.workspace_id, s.last_order_number, o.n, o.distinct_numbers, o.highest
       FROM sales_settings s
       LEFT JOIN (SELECT workspace_id, count(*) AS n, count(DISTINCT order_sequence) AS distinct_numbers,
                         max(order_sequence) AS highest, count(*) FILTER (WHERE order_number IS NULL) AS unnumbered
                    FROM sales_orders GROUP BY workspace_id) o ON o.workspace_id = s.workspace_id
      WHERE coalesce(o.n, 0) <> s.last_order_number OR coalesce(o.distinct_numbers, 0) <> s.last_order_number
         OR coalesce(o.highest, 0) <> s.last_order_number OR coalesce(o.unnumbered, 0) <> 0`,
  );
  await check(
    'Completed orders that took no stock, and Drafts that did',
    `SELECT o.id, o.ordering_status, o.stock_location_id FROM sales_orders o
       JOIN sales_settings s ON s.workspace_id = o.workspace_id AND s.default_stock_location_id IS NOT NULL
      WHERE (o.ordering_status = 'Completed') <> (o.stock_location_id IS NOT NULL)
        AND o.ordering_status <> 'Canceled'`,
  );
  await check(
    'stock of order products that is not the start less the Completed orders’ lines',
    `SELECT s.id, s.product_id, s.quantity, $2::numeric - coalesce(sum(l.quantity), 0) AS expected
       FROM stocks s
       LEFT JOIN sales_orders o ON o.workspace_id = s.workspace_id AND o.stock_location_id = s.location_id
                               AND o.ordering_status = 'Completed'
       LEFT JOIN sales_order_lines l ON l.sales_order_id = o.id AND l.product_id = s.product_id
      WHERE s.product_id = ANY($1::uuid[])
      GROUP BY s.id, s.workspace_id
     HAVING s.quantity <> $2::numeric - coalesce(sum(l.quantity), 0)`,
    [expect.orderProducts, expect.initialStock],
  );
  await check(
    'stock that is not its created quantity plus its recorded changes',
    `SELECT s.id, s.quantity, c.start, u.delta FROM stocks s
       LEFT JOIN LATERAL (SELECT (a.data->'newValue'->>'quantity')::numeric AS start FROM activities a
                           WHERE a.entity_id = s.id AND a.type = 'StockCreated') c ON true
       LEFT JOIN LATERAL (SELECT sum((a.data->>'newValue')::numeric - (a.data->>'oldValue')::numeric) AS delta
                            FROM activities a WHERE a.entity_id = s.id AND a.type = 'StockQuantityUpdated') u ON true
      WHERE s.quantity IS DISTINCT FROM coalesce(c.start, 0) + coalesce(u.delta, 0)`,
  );
  await check(
    'stock changes that do not continue from the one before',
    `SELECT entity_id, seq, old, prev FROM (
       SELECT a.entity_id, a.seq, (a.data->>'oldValue')::numeric AS old,
              lag((a.data->>'newValue')::numeric) OVER (PARTITION BY a.entity_id ORDER BY a.seq) AS prev
         FROM activities a WHERE a.type = 'StockQuantityUpdated') x
      WHERE prev IS NOT NULL AND old <> prev`,
  );
  await check(
    'activities a subscribed webhook has no delivery of',
    `SELECT w.id AS webhook, a.id, a.type FROM webhooks w
       JOIN activities c ON c.entity_id = w.id AND c.type = 'WebhookCreated'
       JOIN activities a ON a.workspace_id = w.workspace_id AND a.seq > c.seq
      WHERE w.active AND '*' = ANY (w.topics)
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.activity_id = a.id)`,
  );
  await check(
    'webhook deliveries without their activity',
    `SELECT d.id FROM webhook_deliveries d
      WHERE NOT EXISTS (SELECT 1 FROM activities a WHERE a.id = d.activity_id AND a.workspace_id = d.workspace_id)`,
  );
  await check(
    'idempotency keys without a stored 2xx answer',
    `SELECT route, key, response_status FROM idempotency_keys
      WHERE response_body IS NULL OR response_status NOT BETWEEN 200 AND 299`,
  );
  return found;
}
