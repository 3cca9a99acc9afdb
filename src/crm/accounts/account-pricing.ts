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
