import { commerceSettings } from './account-members.dto';
import type { CommerceSettings } from './account.entity';
import type { PricingAccountRow } from './account-pricing.queries';

/** What pricing and the storefront need of the account a price is for. */
export interface PricingAccount {
  id: string;
  displayName: string;
  accountCode: string | null;
  /** The catalog its shoppers are limited to; null = the whole (active) assortment. */
  productCatalogId: string | null;
  commerceSettings: CommerceSettings;
}

/**
 * Who shops as a client login: the contact linked to it (whose orders it places) and that
 * contact's primary account (whose prices and catalog apply; null when the contact has none).
 */
export interface Shopper {
  contactId: string;
  account: PricingAccount | null;
}

/** The stored account row as the pricing account (commerce settings completed with their defaults). */
export const toPricingAccount = (row: PricingAccountRow): PricingAccount => ({
  id: row.id,
  displayName: row.displayName,
  accountCode: row.accountCode,
  productCatalogId: row.productCatalogId,
  commerceSettings: commerceSettings(row.commerceSettings),
});
