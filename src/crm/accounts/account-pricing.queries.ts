import type { WorkspaceSql } from '../../platform/database/db';
import type { CommerceSettings } from './account.entity';

/** An account as pricing reads it: commerce settings as stored (completed by `toPricingAccount`). */
export interface PricingAccountRow {
  id: string;
  displayName: string;
  accountCode: string | null;
  productCatalogId: string | null;
  commerceSettings: Partial<CommerceSettings> | null;
}

const accountJson = `json_build_object('id', a.id, 'displayName', a.display_name, 'accountCode', a.account_code,
  'productCatalogId', a.product_catalog_id, 'commerceSettings', a.commerce_settings)`;

/** The account a price is for, by id (primary key); null when the workspace has none such. */
export async function pricingAccountById(
  on: WorkspaceSql,
  accountId: string,
): Promise<PricingAccountRow | null> {
  const rows = await on.query<{ account: PricingAccountRow }>(
    `SELECT ${accountJson} AS account FROM accounts a WHERE a.workspace_id = $1 AND a.id = $2`,
    [on.workspaceId, accountId],
  );
  return rows[0]?.account ?? null;
}

/**
 * The shopper of a client login in one statement: its contact (`uq_contacts__client_login_id`)
 * and that contact's primary account (its first account link by position), null when the login
 * has no contact; `account` null when the contact has no account.
 */
export async function shopperOfClientLogin(
  on: WorkspaceSql,
  clientLoginId: string,
): Promise<{ contactId: string; account: PricingAccountRow | null } | null> {
  const rows = await on.query<{ contactId: string; account: PricingAccountRow | null }>(
    `SELECT c.id AS "contactId", CASE WHEN a.id IS NULL THEN NULL ELSE ${accountJson} END AS account
       FROM contacts c
       LEFT JOIN contact_accounts ca ON ca.contact_id = c.id AND ca.workspace_id = c.workspace_id
       LEFT JOIN accounts a ON a.id = ca.account_id AND a.workspace_id = c.workspace_id
      WHERE c.workspace_id = $1 AND c.client_login_id = $2
      ORDER BY ca.position ASC NULLS LAST
      LIMIT 1`,
    [on.workspaceId, clientLoginId],
  );
  return rows[0] ?? null;
}
