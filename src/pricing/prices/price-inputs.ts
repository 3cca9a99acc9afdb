import { type ProductPricingInput, productPricingInputSql } from '../../catalog/catalog.api';
import { type PricingAccount, pricingAccountSql, toPricingAccount } from '../../crm/crm.api';
import { preparedStatement, type PreparedStatement } from '../../platform/database/lean-reads';
import { priceScriptsVersionSql } from '../atomic-scripts/price-scripts-version';
import { exact, type Exact } from './money';

/** Who a price is for: an account by id, the account of a client login, or nobody (list prices). */
export type PriceAccountKey = { accountId: string } | { clientLoginId: string } | null;

export interface PriceInputsQuery {
  account: PriceAccountKey;
  /** Products by id (lower-case uuids). */
  ids: readonly string[];
  /** And/or by sku. */
  skus?: readonly string[];
  /** Tell for each product whether it is in the account's product catalog (the storefront's rule). */
  accountCatalog?: boolean;
}

/** A VAT code as the engine uses it: the rate parsed once per request, not per line. */
export interface VatCodeRate {
  id: string;
  code: string;
  rate: Exact;
  /** The rate as answers write it (`"21"`). */
  rateText: string;
}

/** What pricing needs of a workspace's VAT codes: the code by id, and the default. */
export interface VatTable {
  byId: ReadonlyMap<string, VatCodeRate>;
  fallback: VatCodeRate | null;
}

/** Everything a price request reads, from one statement. */
export interface PriceInputs {
  /** null: no account was asked for, or the one asked for does not exist. */
  account: PricingAccount | null;
  products: ProductPricingInput[];
  vat: VatTable;
  /**
   * The workspace's active price-calculation scripts as `id:version` in running order ('' when
   * there are none): compiled scripts cached for another version are stale, whichever instance
   * changed them and whether or not its notification has arrived yet.
   */
  scriptsVersion: string;
}

/** Where the statement runs: a scoped repository (`$1` = its workspace). */
interface PreparedReads {
  prepared<R>(statement: PreparedStatement, values: unknown[]): Promise<R[]>;
}

interface Row {
  account: Parameters<typeof toPricingAccount>[0] | null;
  vat_codes: Array<{ id: string; code: string; rate: string; isDefault: boolean }>;
  products: ProductPricingInput[];
  scripts: string | null;
}

/**
 * The account, the workspace's VAT codes, the products of a price request and the version of its
 * price scripts in ONE statement
 * (`$1` the workspace, `$2` the account key, `$3` ids, `$4` skus), each part written by the
 * context that owns its tables (crm's `pricingAccountSql`, the catalog's `productPricingInputSql`):
 * one round trip and one plan per connection (named prepared statements, a handful of shapes).
 */
export class PriceInputsStatements {
  private readonly statements = new Map<string, PreparedStatement>();

  async read(repo: PreparedReads, query: PriceInputsQuery): Promise<PriceInputs> {
    const account = query.account;
    const key = account === null ? null : 'accountId' in account ? 'accountId' : 'clientLoginId';
    const skus = query.skus?.length ? query.skus : null;
    const values: unknown[] = [
      ...(account === null ? [] : ['accountId' in account ? account.accountId : account.clientLoginId]),
      query.ids,
      ...(skus ? [skus] : []),
    ];
    const shape = this.statement(key, skus !== null, !!query.accountCatalog && key !== null);
    const [row] = await repo.prepared<Row>(shape, values);
    const codes = row.vat_codes.map((v) => {
      const rate = exact(v.rate);
      return { id: v.id, code: v.code, rate, rateText: rate.toString(), isDefault: v.isDefault };
    });
    return {
      account: row.account ? toPricingAccount(row.account) : null,
      products: row.products,
      scriptsVersion: row.scripts ?? '',
      vat: {
        byId: new Map(codes.map((c) => [c.id, c])),
        fallback: codes.find((c) => c.isDefault) ?? null,
      },
    };
  }

  /** The statement of a shape: `$2` the account key (when there is one), then the ids, then the skus. */
  private statement(
    key: 'accountId' | 'clientLoginId' | null,
    bySku: boolean,
    accountCatalog: boolean,
  ): PreparedStatement {
    const name = `${key}:${bySku}:${accountCatalog}`;
    let statement = this.statements.get(name);
    if (!statement) {
      const ids = key ? '$3' : '$2';
      const skus = key ? '$4' : '$3';
      const products = productPricingInputSql(
        'p',
        accountCatalog ? 'SELECT product_catalog_id FROM account' : undefined,
      );
      statement = preparedStatement(
        `${key ? `WITH account AS (${pricingAccountSql(key, '$2')}) ` : ''}SELECT
  ${key ? '(SELECT account FROM account)' : 'NULL::json'} AS account,
  coalesce((SELECT json_agg(json_build_object('id', v.id, 'code', v.code, 'rate', v.rate::text, 'isDefault', v.is_default))
    FROM vat_codes v WHERE v.workspace_id = $1), '[]'::json) AS vat_codes,
  coalesce((SELECT json_agg(${products}) FROM products p
    WHERE p.workspace_id = $1 AND (p.id = ANY(${ids}::uuid[])${bySku ? ` OR p.sku = ANY(${skus}::text[])` : ''})), '[]'::json) AS products,
  (${priceScriptsVersionSql}) AS scripts`,
      );
      this.statements.set(name, statement);
    }
    return statement;
  }
}
