import type { ScopedRepository } from '../../platform/database/scoped-repository';
import { ContactAccountEntity, ContactEntity } from '../contacts/contact.entity';
import { commerceSettings } from './account-members.dto';
import type { AccountEntity, CommerceSettings } from './account.entity';

/** What pricing and the storefront need of the account a price is for. */
export interface PricingAccount {
  id: string;
  displayName: string;
  accountCode: string | null;
  /** The catalog its shoppers are limited to; null = the whole (active) assortment. */
  productCatalogId: string | null;
  commerceSettings: CommerceSettings;
}

/** Who the price is for: an account by id, or the account of a client login (its contact's primary account). */
export type PricingAccountKey = { accountId: string } | { clientLoginId: string };

/**
 * The account in one query: by id (primary key), or for a client login through its contact
 * (`uq_contacts__client_login_id`) and that contact's first account link (position order).
 */
export async function loadPricingAccount(
  repo: ScopedRepository<AccountEntity>,
  key: PricingAccountKey,
): Promise<PricingAccount | null> {
  const qb = repo
    .qb('a')
    .select(['a.id', 'a.displayName', 'a.accountCode', 'a.productCatalogId', 'a.commerceSettings']);
  if ('accountId' in key) qb.andWhere('a.id = :accountId', { accountId: key.accountId });
  else
    qb.innerJoin(ContactAccountEntity, 'ca', 'ca.account_id = a.id AND ca.workspace_id = a.workspace_id')
      .innerJoin(ContactEntity, 'c', 'c.id = ca.contact_id AND c.workspace_id = a.workspace_id')
      .andWhere('c.client_login_id = :clientLoginId', { clientLoginId: key.clientLoginId })
      .orderBy('ca.position', 'ASC')
      .limit(1);
  const found = await qb.getOne();
  return found
    ? {
        id: found.id,
        displayName: found.displayName,
        accountCode: found.accountCode,
        productCatalogId: found.productCatalogId,
        commerceSettings: commerceSettings(found.commerceSettings),
      }
    : null;
}

/**
 * The account a price is for, as SQL for another context's one-statement read (pricing reads its
 * account, VAT codes and products together): a SELECT of one row or none in workspace `$1`, by
 * `key` whose value is the SQL parameter `param`, with the columns `account` (json, read with
 * `toPricingAccount`) and `product_catalog_id`. Same indexes and order as `loadPricingAccount`.
 */
export function pricingAccountSql(key: 'accountId' | 'clientLoginId', param: string): string {
  const columns = `json_build_object('id', a.id, 'displayName', a.display_name, 'accountCode', a.account_code,
    'productCatalogId', a.product_catalog_id, 'commerceSettings', a.commerce_settings) AS account, a.product_catalog_id`;
  return key === 'accountId'
    ? `SELECT ${columns} FROM accounts a WHERE a.workspace_id = $1 AND a.id = ${param}::uuid`
    : `SELECT ${columns} FROM contacts c
    JOIN contact_accounts ca ON ca.contact_id = c.id AND ca.workspace_id = c.workspace_id
    JOIN accounts a ON a.id = ca.account_id AND a.workspace_id = c.workspace_id
    WHERE c.workspace_id = $1 AND c.client_login_id = ${param}::uuid ORDER BY ca.position LIMIT 1`;
}

/** The `account` json of `pricingAccountSql` as the pricing account (commerce settings completed). */
export const toPricingAccount = (
  row: Omit<PricingAccount, 'commerceSettings'> & {
    commerceSettings: Partial<CommerceSettings> | null;
  },
): PricingAccount => ({
  id: row.id,
  displayName: row.displayName,
  accountCode: row.accountCode,
  productCatalogId: row.productCatalogId,
  commerceSettings: commerceSettings(row.commerceSettings),
});
