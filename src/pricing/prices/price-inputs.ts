import type { ProductPricingInput } from '../../catalog/catalog.api';
import type { PricingAccount } from '../../crm/crm.api';
import { exact, type Exact } from './money';
import type { VatCodeRow } from './price-inputs.queries';

/**
 * Who a price is for: an account already resolved (the storefront's shopper, read once per
 * request), an account to read by id, or nobody (null: list prices).
 */
export type PriceAccountKey = PricingAccount | { accountId: string } | null;

export interface PriceInputsQuery {
  account: PriceAccountKey;
  /** Products by id (lower-case uuids). */
  ids: readonly string[];
  /** And/or by sku. */
  skus?: readonly string[];
  /** Tell for each product whether it is in the account's product catalog (the storefront's rule). */
  accountCatalog?: boolean;
  /** The products' inputs when the caller has read them already (then they are not read again). */
  products?: ProductPricingInput[];
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

/** Everything a price request reads. */
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

/** The VAT codes as the engine looks them up: by id, and the workspace's default. */
export function toVatTable(rows: readonly VatCodeRow[]): VatTable {
  const codes = rows.map((v) => {
    const rate = exact(v.rate);
    return { id: v.id, code: v.code, rate, rateText: rate.toString(), isDefault: v.isDefault };
  });
  return { byId: new Map(codes.map((c) => [c.id, c])), fallback: codes.find((c) => c.isDefault) ?? null };
}
