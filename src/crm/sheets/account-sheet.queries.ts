import type { WorkspaceSql } from '../../platform/database/db';

/*
 * The account sheet's statements (imports and exports, docs/imports.md): a batch's accounts locked
 * in one statement, and written set-based: one INSERT and one UPDATE per batch, each taking its
 * rows as arrays (`unnest`).
 */

/** The sheet's columns of a batch of accounts, one array per column (`ids[i]` is row i). */
export interface AccountColumns {
  ids: string[];
  codes: string[];
  displayNames: string[];
  accountTypes: Array<string | null>;
  accountStatuses: Array<string | null>;
  vatNumbers: Array<string | null>;
  chambers: Array<string | null>;
  externalReferences: Array<string | null>;
  /** JSON arrays of strings. */
  tags: string[];
  /** JSON of the whole contactDetails member. */
  contactDetails: string[];
}

const rows = `unnest($2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
    $8::varchar[], $9::varchar[], $10::jsonb[], $11::jsonb[])
    AS r(id, code, display_name, account_type, account_status, vat_number, chamber, external_reference, tags, contact_details)`;

const params = (on: WorkspaceSql, c: AccountColumns) => [
  on.workspaceId,
  c.ids,
  c.codes,
  c.displayNames,
  c.accountTypes,
  c.accountStatuses,
  c.vatNumbers,
  c.chambers,
  c.externalReferences,
  c.tags,
  c.contactDetails,
];

const tagArray = `ARRAY(SELECT jsonb_array_elements_text(r.tags))`;

/** The ids of the accounts with these codes, locked for the import's transaction (FOR UPDATE). */
export async function lockAccountsByCode(on: WorkspaceSql, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const found = await on.query<{ id: string }>(
    `SELECT id FROM accounts WHERE workspace_id = $1 AND account_code = ANY($2::varchar[]) FOR UPDATE`,
    [on.workspaceId, codes],
  );
  return found.map((r) => r.id);
}

/** Inserts new accounts (the members the sheet has no column for get the API's defaults). */
export async function insertAccounts(on: WorkspaceSql, c: AccountColumns, commerce: string): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `INSERT INTO accounts (id, workspace_id, account_code, display_name, account_type, account_status, vat_number,
                           chamber_of_commerce, external_reference, tags, contact_details, commerce_settings)
     SELECT r.id, $1, r.code, r.display_name, r.account_type, r.account_status, r.vat_number,
            r.chamber, r.external_reference, ${tagArray}, r.contact_details, $12::jsonb
       FROM ${rows}`,
    [...params(on, c), commerce],
  );
}

/** Replaces the sheet's columns of existing accounts and moves their version (ETag) and modifiedAt on. */
export async function updateAccounts(on: WorkspaceSql, c: AccountColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `UPDATE accounts a SET account_code = r.code, display_name = r.display_name, account_type = r.account_type,
            account_status = r.account_status, vat_number = r.vat_number, chamber_of_commerce = r.chamber,
            external_reference = r.external_reference, tags = ${tagArray}, contact_details = r.contact_details,
            version = a.version + 1, modified_at = now()
       FROM ${rows}
      WHERE a.workspace_id = $1 AND a.id = r.id`,
    params(on, c),
  );
}
