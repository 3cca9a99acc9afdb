import type { Pool } from 'pg';
import { exact, type Exact, money, zero } from '../../src/pricing/prices/money';
import { priceAmounts, rulePrice } from '../../src/pricing/prices/price-rule';
import { inParallel } from '../lib/api';
import {
  badRequest,
  isCaller,
  liveSessionFrom,
  liveSessionWhere,
  notFound,
  shopperFrom,
  shopperWhere,
  unauthorized,
  uuidPattern,
} from './bare-sql';
import { benchShopper, scriptCode, scriptRule } from './shopper';
import { BareAnswer, BareAuth, BareRoute, defineSuite, get, rotate, type Scenario } from './types';

/**
 * Pricing scenarios: the bench shopper (a client login linked to a contact
 * whose account gives 10 %, see shopper.ts), 1,000 priced products with quantity tiers (beside
 * the catalog suite's products), and: the commerce price of one product, a commerce batch of 100
 * prices, and the core total of 5 items for that account; each without and with the bench's one
 * active atomic script. The bare server applies the script's rule in plain JS (shopper.ts
 * scriptRule) when the workspace has it active, so the scripted variants have a bare twin too:
 * the difference is the sandbox.
 */

const productCount = 1000;

// ---------------------------------------------------------------- the bare equivalent

export interface PriceRow {
  id: string;
  sku: string | null;
  name: string;
  active: boolean;
  sales_price: string | null;
  suggested_retail_price: string | null;
  purchase_price: string | null;
  vat_code_id: string | null;
  tiers: Array<{ minQuantity: string; salesPrice: string }>;
  in_catalog: boolean;
}
export interface Vat {
  id: string;
  code: string;
  rate: string;
  is_default: boolean;
}
export interface Account {
  id: string;
  product_catalog_id: string | null;
  commerce_settings: { discountPercentage?: number; vatLiable?: boolean };
}

/** The workspace's ($2) VAT codes and active price scripts: what pricing reads besides the products. */
export const priceTablesJson = `(SELECT json_agg(json_build_object('id', v.id, 'code', v.code, 'rate', v.rate::text, 'is_default', v.is_default))
     FROM vat_codes v WHERE v.workspace_id = $2) AS vat,
  (SELECT array_agg(x.code ORDER BY x.display_order, x.id) FROM atomic_scripts x
    WHERE x.workspace_id = $2 AND x.trigger = 'PriceCalculation' AND x.active) AS scripts`;

/** The products ($3: ids) with tiers and catalog membership, the workspace's VAT codes, as JSON. */
export const productsJson = (catalog: string) => `(SELECT json_agg(json_build_object(
    'id', p.id, 'sku', p.sku, 'name', p.name, 'active', p.active, 'sales_price', p.sales_price::text,
    'suggested_retail_price', p.suggested_retail_price::text, 'purchase_price', p.purchase_price::text,
    'vat_code_id', p.vat_code_id,
    'tiers', coalesce((SELECT json_agg(json_build_object('minQuantity', t.min_quantity::text, 'salesPrice', t.sales_price::text) ORDER BY t.min_quantity)
                FROM product_price_tiers t WHERE t.workspace_id = p.workspace_id AND t.product_id = p.id), '[]'::json),
    'in_catalog', ${catalog}))
    FROM products p WHERE p.workspace_id = $2 AND p.id = ANY($3::uuid[])) AS products,
  ${priceTablesJson}`;

export const inCatalog = `(a.product_catalog_id IS NULL OR EXISTS (SELECT 1 FROM product_catalog_links l
   WHERE l.workspace_id = p.workspace_id AND l.product_id = p.id AND l.catalog_id = a.product_catalog_id))`;

/** The shopper's account (`a` of shopperFrom) as JSON, null when its contact has none. */
export const shopperAccountJson = 'CASE WHEN a.id IS NULL THEN NULL ELSE to_json(a) END';

// A client's session, its contact's primary account, the products, VAT codes and scripts: one statement.
export const clientSql = `SELECT cl.id AS client_id, a.contact_id, ${shopperAccountJson} AS account, ${productsJson(inCatalog)}
  FROM ${shopperFrom}
 WHERE ${shopperWhere}`;

// A user's session (membership), the account $4, the products and VAT codes: one statement.
const coreSql = `SELECT m.role, to_json(a) AS account, ${productsJson('true')}
  FROM ${liveSessionFrom}
  LEFT JOIN accounts a ON a.workspace_id = $2 AND a.id = $4::uuid
 WHERE ${liveSessionWhere}`;

export interface Priced {
  productId: string;
  sku: string | null;
  quantity: number;
  salesPrice: number | null;
  suggestedRetailPrice: number | null;
  customerPrice: number | null;
  shouldRequestPrice: boolean;
  messages: string[];
  vat: object;
  total: {
    quantity: number;
    totalExclVat: number | null;
    vatAmount: number | null;
    totalInclVat: number | null;
  };
  purchasePrice: number | null;
  listPrice: number | null;
  discountPercentage: number;
  exclVat: Exact | null;
  vatAmount: Exact | null;
  /** The unit price as the engine gives it to an order line (2 decimals), null on request. */
  unitPrice: string | null;
  vatRate: Exact;
}

const n = (v: string | null) => (v === null ? null : Number(v));
const m2 = (v: string | null) => (v === null ? null : Number(money(exact(v)).toFixed(2)));

/**
 * What the bare server knows of the workspace's active price scripts: none, or the bench's one
 * (applied as `scriptRule`). Any other set is an error: its answers could not match the service's.
 */
export function scriptsOf(codes: string[] | null): boolean {
  if (!codes?.length) return false;
  if (codes.length === 1 && codes[0] === scriptCode) return true;
  throw new Error('bare server: the workspace has active price scripts other than the bench script');
}

/**
 * The same rule, script and rounding as the service (src/pricing/prices/pricing.service.ts
 * `price`): the rule price; the script sees it rounded to money as a JSON number and its answer
 * is taken exactly as written (`exact(number)`); the amounts are rounded at the edge.
 */
export function price(
  p: PriceRow,
  quantity: string,
  account: Account | null,
  vat: Vat[],
  scripted: boolean,
): Priced {
  const discount = account?.commerce_settings.discountPercentage ?? 0;
  const rule = rulePrice(
    { salesPrice: p.sales_price, tiers: p.tiers },
    exact(quantity),
    account ? { discountPercentage: discount } : null,
  );
  const outcome = scripted
    ? scriptRule({
        quantity: Number(quantity),
        customerPrice: rule.customerPrice === null ? null : money(rule.customerPrice).toNumber(),
      })
    : undefined;
  const unit = outcome?.customerPrice === undefined ? rule.customerPrice : exact(outcome.customerPrice);
  const shouldRequestPrice = rule.shouldRequestPrice || unit === null;
  const code =
    (p.vat_code_id ? vat.find((v) => v.id === p.vat_code_id) : undefined) ??
    vat.find((v) => v.is_default) ??
    null;
  const rate = (account?.commerce_settings.vatLiable ?? true) && code ? exact(code.rate) : zero;
  const a = priceAmounts(shouldRequestPrice ? null : unit, exact(quantity), rate);
  return {
    productId: p.id,
    sku: p.sku,
    quantity: Number(quantity),
    salesPrice: m2(p.sales_price),
    suggestedRetailPrice: m2(p.suggested_retail_price),
    customerPrice: n(a.unitPrice),
    shouldRequestPrice,
    messages: outcome?.messages ?? [],
    vat: {
      vatCodeId: code?.id ?? null,
      code: code?.code ?? null,
      rate: Number(rate.toString()),
      pricesIncludeVat: false,
      customerPriceVatAmount: n(a.unitVatAmount),
      customerPriceInclVat:
        a.unitPrice === null ? null : Number(exact(a.unitPrice).plus(a.unitVatAmount!).toFixed(2)),
    },
    total: {
      quantity: Number(quantity),
      totalExclVat: n(a.lineTotal),
      vatAmount: n(a.vatAmount),
      totalInclVat: n(a.lineTotalInclVat),
    },
    purchasePrice: m2(p.purchase_price),
    listPrice: rule.listPrice === null ? null : Number(money(rule.listPrice).toFixed(2)),
    discountPercentage: Number(exact(discount).toString()),
    exclVat: a.lineTotal === null ? null : exact(a.lineTotal),
    vatAmount: a.vatAmount === null ? null : exact(a.vatAmount),
    unitPrice: a.unitPrice,
    vatRate: rate,
  };
}

export const commerceShape = (p: Priced) => ({
  productId: p.productId,
  sku: p.sku,
  quantity: p.quantity,
  salesPrice: p.salesPrice,
  suggestedRetailPrice: p.suggestedRetailPrice,
  customerPrice: p.customerPrice,
  shouldRequestPrice: p.shouldRequestPrice,
  messages: p.messages,
  vat: p.vat,
  total: p.total,
});
const coreShape = (p: Priced, customerId: string | null) => ({
  ...commerceShape(p),
  purchasePrice: p.purchasePrice,
  listPrice: p.listPrice,
  discountPercentage: p.discountPercentage,
  customerId,
});

export interface ClientRow {
  client_id: string;
  contact_id: string | null;
  account: Account | null;
  products: PriceRow[] | null;
  vat: Vat[] | null;
  scripts: string[] | null;
}

const uuid = new RegExp(`^${uuidPattern}$`);
const forbidden: BareAnswer = { status: 403, body: { title: 'Forbidden', status: 403 } };

const bareRoutes: BareRoute[] = [
  {
    method: 'GET',
    pattern: new RegExp(`^/commerce-api/catalog/products/price/(${uuidPattern})$`),
    async handle(m, query, auth: BareAuth, db: Pool): Promise<BareAnswer> {
      if (auth.typ !== 'Client') return forbidden; // the bench prices for a client login only
      const quantity = query.get('quantity') ?? '1';
      if (!/^\d{1,14}(\.\d{1,4})?$/.test(quantity) || Number(quantity) <= 0)
        return badRequest('quantity', 'bad quantity');
      const { rows } = await db.query<ClientRow>({
        name: 'commerce_price',
        text: clientSql,
        values: [auth.sid, auth.ws, [m[1]]],
      });
      if (!isCaller(rows[0]?.client_id, auth)) return unauthorized;
      const p = rows[0].products?.[0];
      if (!p || !p.active || !p.in_catalog) return notFound('Product', m[1]);
      return {
        status: 200,
        body: commerceShape(
          price(p, quantity, rows[0].account, rows[0].vat ?? [], scriptsOf(rows[0].scripts)),
        ),
      };
    },
  },
  {
    method: 'POST',
    pattern: /^\/commerce-api\/catalog\/products\/prices$/,
    async handle(_m, _query, auth, db, body): Promise<BareAnswer> {
      if (auth.typ !== 'Client') return forbidden;
      // The bench sends product ids with quantities; the service also takes skus.
      const items = body as Array<{ identifier: string; quantity?: number }>;
      if (!Array.isArray(items) || items.length > 500 || items.some((i) => !uuid.test(i.identifier)))
        return badRequest('body', 'bare batch: up to 500 product ids');
      const ids = [...new Set(items.map((i) => i.identifier.toLowerCase()))];
      const { rows } = await db.query<ClientRow>({
        name: 'commerce_prices',
        text: clientSql,
        values: [auth.sid, auth.ws, ids],
      });
      if (!isCaller(rows[0]?.client_id, auth)) return unauthorized;
      const byId = new Map((rows[0].products ?? []).map((p) => [p.id, p]));
      const scripted = scriptsOf(rows[0].scripts);
      return {
        status: 200,
        body: items.map((i) => {
          const p = byId.get(i.identifier.toLowerCase());
          if (!p || !p.active || !p.in_catalog)
            throw new Error('bare batch: the bench prices existing products only');
          return {
            identifier: i.identifier,
            ...commerceShape(price(p, String(i.quantity ?? 1), rows[0].account, rows[0].vat ?? [], scripted)),
            error: null,
          };
        }),
      };
    },
  },
  {
    method: 'GET',
    pattern: /^\/core-api\/catalog\/products\/prices\/total$/,
    async handle(_m, query, auth, db): Promise<BareAnswer> {
      if (auth.typ === 'Client') return forbidden;
      const items = query.getAll('items').map((i) => {
        const at = i.lastIndexOf(':');
        return { id: i.slice(0, at).toLowerCase(), quantity: i.slice(at + 1) };
      });
      const customerId = query.get('customerId');
      const { rows } = await db.query<ClientRow & { role: string }>({
        name: 'core_total',
        text: coreSql,
        values: [auth.sid, auth.ws, items.map((i) => i.id), customerId],
      });
      if (!rows.length) return unauthorized;
      const byId = new Map((rows[0].products ?? []).map((p) => [p.id, p]));
      const scripted = scriptsOf(rows[0].scripts);
      const priced = items.map((i) =>
        price(byId.get(i.id)!, i.quantity, rows[0].account, rows[0].vat ?? [], scripted),
      );
      const onRequest = priced.some((p) => p.shouldRequestPrice);
      const sum = (pick: (p: Priced) => Exact) =>
        onRequest ? null : Number(money(priced.reduce((s, p) => s.plus(pick(p)), zero)).toFixed(2));
      const account = rows[0].account?.id ?? null;
      return {
        status: 200,
        body: {
          items: priced.map((p) => coreShape(p, account)),
          totalExclVat: sum((p) => p.exclVat!),
          vatAmount: sum((p) => p.vatAmount!),
          totalInclVat: sum((p) => p.exclVat!.plus(p.vatAmount!)),
          shouldRequestPrice: onRequest,
          customerId: account,
        },
      };
    },
  },
];

// ---------------------------------------------------------------- seed and scenarios

interface Seeded {
  products: string[];
  accountId: string;
  clientBearer: string;
  setScript: (baseUrl: string, active: boolean) => Promise<void>;
}

export const pricingSuite = defineSuite<Seeded>({
  name: 'pricing',
  async available({ api }) {
    return (await api.call('GET', '/core-api/vatcodes')).status === 200;
  },
  async seed(ctx) {
    const { api, log } = ctx;
    const shopper = await benchShopper(ctx);
    const products: string[] = new Array(productCount);
    await inParallel(productCount, 8, async (i) => {
      products[i] = (
        await api.ok<{ id: string }>('POST', '/core-api/catalog/products', {
          name: `Priced ${i}`,
          ...shopper.productFields,
          sku: `PRICED-${String(i).padStart(5, '0')}`,
          pricing: {
            salesPrice: 10 + (i % 97) + 0.0049,
            purchasePrice: 5 + (i % 13),
            suggestedRetailPrice: 20 + (i % 97),
            tiers: [
              { minQuantity: 10, salesPrice: 9 + (i % 97) },
              { minQuantity: 100, salesPrice: 8 + (i % 97) },
            ],
          },
        })
      ).id;
    });
    log(`${productCount} priced products for the bench shopper`);
    return {
      products,
      accountId: shopper.accountId,
      clientBearer: shopper.bearer,
      setScript: shopper.setScript,
    };
  },
  scenarios({ products, accountId, clientBearer, setScript }) {
    const one = rotate(products);
    const quantities = rotate([1, 3, 12, 150]);
    const batches = rotate(
      Array.from({ length: 50 }, (_, b) =>
        products
          .slice((b * 100) % products.length)
          .concat(products)
          .slice(0, 100),
      ),
    );
    const fives = rotate(Array.from({ length: 200 }, (_, b) => products.slice(b * 5, b * 5 + 5)));
    const variants = (scripted: boolean): Scenario[] => {
      const suffix = scripted ? ', one active script' : '';
      const common = { before: (baseUrl: string) => setScript(baseUrl, scripted) };
      return [
        {
          name: `commerce price of one product (shopper)${suffix}`,
          bearer: clientBearer,
          ...common,
          next: () => get(`/commerce-api/catalog/products/price/${one()}?quantity=${quantities()}`),
        },
        {
          name: `commerce prices of 100 products (shopper)${suffix}`,
          bearer: clientBearer,
          ...common,
          next: () => ({
            method: 'POST',
            path: '/commerce-api/catalog/products/prices',
            body: batches().map((id, i) => ({ identifier: id, quantity: [1, 12, 150][i % 3] })),
          }),
        },
        {
          name: `total of 5 items for the client's account${suffix}`,
          ...common,
          next: () =>
            get(
              `/core-api/catalog/products/prices/total?${fives()
                .map((id, i) => `items=${id}:${i + 1}`)
                .join('&')}&customerId=${accountId}`,
            ),
        },
      ];
    };
    return [...variants(false), ...variants(true)];
  },
  bareRoutes,
});
