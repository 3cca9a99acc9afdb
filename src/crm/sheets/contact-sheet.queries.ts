import type { WorkspaceSql } from '../../platform/database/db';

/*
 * The contact sheet's statements (imports and exports, docs/imports.md): a batch's contacts found
 * by email and locked in one statement, and written set-based (`unnest`).
 */

/** Serialises the contact imports of a workspace: the email key has no unique constraint to race on. */
export async function holdContactImports(on: WorkspaceSql): Promise<void> {
  await on.query(`SELECT pg_advisory_xact_lock(hashtext('contact-import:' || $1::text))`, [on.workspaceId]);
}

/** The contacts whose first email is one of these (lower case), with that email, locked (FOR UPDATE). */
export function lockContactsByEmail(
  on: WorkspaceSql,
  emails: string[],
): Promise<Array<{ id: string; email: string }>> {
  if (!emails.length) return Promise.resolve([]);
  return on.query<{ id: string; email: string }>(
    `SELECT id, lower(contact_details->'emails'->0->>'address') AS email FROM contacts
      WHERE workspace_id = $1 AND lower(contact_details->'emails'->0->>'address') = ANY($2::text[]) FOR UPDATE`,
    [on.workspaceId, emails],
  );
}

/** The accounts with these codes: code → id. */
export function accountsByCode(
  on: WorkspaceSql,
  codes: string[],
): Promise<Array<{ id: string; code: string }>> {
  if (!codes.length) return Promise.resolve([]);
  return on.query<{ id: string; code: string }>(
    `SELECT id, account_code AS code FROM accounts WHERE workspace_id = $1 AND account_code = ANY($2::varchar[])`,
    [on.workspaceId, codes],
  );
}

/** The code of each contact's first linked account that has one (an export's accountCode). */
export function firstAccountCodes(
  on: WorkspaceSql,
  contactIds: string[],
): Promise<Array<{ contact_id: string; code: string }>> {
  return on.query<{ contact_id: string; code: string }>(
    `SELECT DISTINCT ON (l.contact_id) l.contact_id, a.account_code AS code
       FROM contact_accounts l JOIN accounts a ON a.workspace_id = l.workspace_id AND a.id = l.account_id
      WHERE l.workspace_id = $1 AND l.contact_id = ANY($2::uuid[]) AND a.account_code IS NOT NULL
      ORDER BY l.contact_id, l.position`,
    [on.workspaceId, contactIds],
  );
}

/** The sheet's columns of a batch of contacts, one array per column. */
export interface ContactColumns {
  ids: string[];
  firstNames: string[];
  middleNames: Array<string | null>;
  lastNames: string[];
  displayNames: string[];
  jobTitles: Array<string | null>;
  externalReferences: Array<string | null>;
  /** JSON arrays of strings. */
  tags: string[];
  /** JSON of the whole contactDetails member. */
  contactDetails: string[];
}

const rows = `unnest($2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
    $8::varchar[], $9::jsonb[], $10::jsonb[])
    AS r(id, first_name, middle_name, last_name, display_name, job_title, external_reference, tags, contact_details)`;

const params = (on: WorkspaceSql, c: ContactColumns) => [
  on.workspaceId,
  c.ids,
  c.firstNames,
  c.middleNames,
  c.lastNames,
  c.displayNames,
  c.jobTitles,
  c.externalReferences,
  c.tags,
  c.contactDetails,
];

const tagArray = `ARRAY(SELECT jsonb_array_elements_text(r.tags))`;

export async function insertContacts(on: WorkspaceSql, c: ContactColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `INSERT INTO contacts (id, workspace_id, first_name, middle_name, last_name, display_name, job_title,
                           external_reference, tags, contact_details)
     SELECT r.id, $1, r.first_name, r.middle_name, r.last_name, r.display_name, r.job_title,
            r.external_reference, ${tagArray}, r.contact_details
       FROM ${rows}`,
    params(on, c),
  );
}

/** Replaces the sheet's columns of existing contacts and moves their version (ETag) and modifiedAt on. */
export async function updateContacts(on: WorkspaceSql, c: ContactColumns): Promise<void> {
  if (!c.ids.length) return;
  await on.query(
    `UPDATE contacts k SET first_name = r.first_name, middle_name = r.middle_name, last_name = r.last_name,
            display_name = r.display_name, job_title = r.job_title, external_reference = r.external_reference,
            tags = ${tagArray}, contact_details = r.contact_details, version = k.version + 1, modified_at = now()
       FROM ${rows}
      WHERE k.workspace_id = $1 AND k.id = r.id`,
    params(on, c),
  );
}

/** Links each contact to its account as the first link (the others move one place down). */
export async function linkFirst(on: WorkspaceSql, contactIds: string[], accountIds: string[]): Promise<void> {
  if (!contactIds.length) return;
  await on.query(
    `UPDATE contact_accounts SET position = position + 1 WHERE workspace_id = $1 AND contact_id = ANY($2::uuid[])`,
    [on.workspaceId, contactIds],
  );
  await on.query(
    `INSERT INTO contact_accounts (id, workspace_id, contact_id, account_id, position)
     SELECT gen_random_uuid(), $1, r.contact_id, r.account_id, 0
       FROM unnest($2::uuid[], $3::uuid[]) AS r(contact_id, account_id)`,
    [on.workspaceId, contactIds, accountIds],
  );
}
