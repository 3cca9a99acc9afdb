import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { In } from 'typeorm';
import type { PlannedRow, RowError, SheetRowInput } from '../../catalog/catalog.api';
import { Db, type Tx } from '../../platform/database/db';
import { idPage, searchText } from '../../platform/http/paginate';
import { checkedHeader } from './sheet-header';
import { type ContactFilters, contactSearch, filterContacts } from '../contacts/contact-filters';
import { withoutScopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ContactDetails } from '../accounts/account.entity';
import { contactDetails } from '../accounts/account-members.dto';
import { ContactAccountEntity, ContactEntity } from '../contacts/contact.entity';
import { derivedDisplayName, toContactResponse } from '../contacts/contacts.service';
import {
  accountsByCode,
  type ContactColumns,
  firstAccountCodes,
  holdContactImports,
  insertContacts,
  linkFirst,
  lockContactsByEmail,
  updateContacts,
} from './contact-sheet.queries';
import { detailCell, setDetailCell, SheetBatch, SheetKeys, tagsCell, tagsOf } from './sheet-cells';

/** The columns of a contacts file, in the order an export writes them; `email` is the key. */
export const contactSheetColumns = [
  'email',
  'firstName',
  'middleName',
  'lastName',
  'displayName',
  'jobTitle',
  'phone',
  'accountCode',
  'tags',
  'externalReference',
] as const;
export type ContactSheetColumn = (typeof contactSheetColumns)[number];

/** The keys (emails, lower case) planned so far. */
export class ContactImportState extends SheetKeys {}

/** The sheet's values of one contact. */
interface ContactValues {
  firstName: string;
  middleName: string | null;
  lastName: string;
  displayName: string;
  jobTitle: string | null;
  externalReference: string | null;
  tags: string[];
  contactDetails: ContactDetails;
  /** The code of the first linked account that has one. */
  accountCode: string | null;
}

const valuesOf = (c: ContactEntity, accountCode: string | null): ContactValues => ({
  firstName: c.firstName,
  middleName: c.middleName,
  lastName: c.lastName,
  displayName: c.displayName,
  jobTitle: c.jobTitle,
  externalReference: c.externalReference,
  tags: c.tags ?? [],
  contactDetails: contactDetails(c.contactDetails),
  accountCode,
});

function cellOf(v: ContactValues, column: ContactSheetColumn): string {
  switch (column) {
    case 'email':
    case 'phone':
      return detailCell(v.contactDetails, column);
    case 'tags':
      return tagsCell(v.tags);
    default:
      return v[column] ?? '';
  }
}

type Write = ContactValues & { id: string; linkTo: string | null };

/**
 * The contact sheet of imports and exports (docs/imports.md): contacts keyed by their (first)
 * email, linked to an account by its code; a batch planned and (unless a dry run) written
 * set-based with the activities a create or PUT records, and the rows of an export.
 */
@Injectable()
export class ContactSheetService {
  constructor(private readonly db: Db) {}

  /** The columns of a file's header (after mapping), or what is wrong with it. */
  columns(headers: string[]): { columns: ContactSheetColumn[] } | { error: string } {
    return checkedHeader(headers, 'email', contactSheetColumns, 'a contacts file');
  }

  async importBatch(
    tx: Tx,
    rows: SheetRowInput[],
    columns: ContactSheetColumn[],
    state: ContactImportState,
    options: { write: boolean },
  ): Promise<{ planned: PlannedRow[]; errors: RowError[] }> {
    if (options.write) await holdContactImports(tx);
    const emailOf = (r: SheetRowInput) => (r.cells.get('email') ?? '').trim().toLowerCase();
    const found = await lockContactsByEmail(tx, [...new Set(rows.map(emailOf).filter(Boolean))]);
    const stored = found.length
      ? await tx.repo(ContactEntity, 'Contact').find({ where: { id: In(found.map((f) => f.id)) } })
      : [];
    const codes = new Map(
      (
        await firstAccountCodes(
          tx,
          stored.map((c) => c.id),
        )
      ).map((r) => [r.contact_id, r.code]),
    );
    const links = stored.length
      ? await tx.repo(ContactAccountEntity).find({ where: { contactId: In(stored.map((c) => c.id)) } })
      : [];
    const wanted = [...new Set(rows.map((r) => (r.cells.get('accountCode') ?? '').trim()).filter(Boolean))];
    const accounts = new Map((await accountsByCode(tx, wanted)).map((a) => [a.code, a.id]));
    const byEmail = new Map<string, ContactEntity[]>();
    const storedById = new Map(stored.map((c) => [c.id, c]));
    for (const f of found) byEmail.set(f.email, [...(byEmail.get(f.email) ?? []), storedById.get(f.id)!]);
    const linked = new Set(links.map((l) => `${l.contactId}|${l.accountId}`));

    const batch = new SheetBatch<Write>();
    for (const row of rows) {
      const { fail, failed } = batch.row(row);
      const email = emailOf(row);
      const matches = email ? (byEmail.get(email) ?? []) : [];
      const repeated = email ? state.claim(email, 'email', row.row) : null;
      if (!email) fail('email', 'email is empty: every row needs the email of its contact');
      else if (!isEmail(email)) fail('email', `"${row.cells.get('email')!.trim()}" is not an email address`);
      else if (repeated) fail('email', repeated);
      else if (matches.length > 1)
        fail(
          'email',
          `${matches.length} contacts have the email ${email}; give one of them another email in the API first`,
        );
      const current = matches.length === 1 ? matches[0] : undefined;
      const before = current ? valuesOf(current, codes.get(current.id) ?? null) : null;
      const next = this.apply(row, columns, before, fail);
      let linkTo: string | null = null;
      const code = (row.cells.get('accountCode') ?? '').trim();
      if (columns.includes('accountCode') && code) {
        const accountId = accounts.get(code);
        if (!accountId) fail('accountCode', `no account has the accountCode ${code}`);
        else if (!current || !linked.has(`${current.id}|${accountId}`)) linkTo = accountId;
        next.accountCode = linkTo ? code : (before?.accountCode ?? null);
      }
      if (failed()) continue;
      if (!current) {
        const given = columns.filter((c) => cellOf(next, c) !== '');
        batch.create(row.row, email, given, { ...next, id: randomUUID(), linkTo });
        continue;
      }
      const changes = columns.filter((c) => c !== 'accountCode' && cellOf(before!, c) !== cellOf(next, c));
      if (linkTo) changes.push('accountCode');
      if (changes.length) batch.update(row.row, email, changes, { ...next, id: current.id, linkTo });
      else batch.unchanged(row.row, email);
    }
    if (options.write) await this.write(tx, stored, links, batch.creates, batch.updates);
    return batch.result;
  }

  /** The row's values over the stored ones (a column absent from the file keeps its value). */
  private apply(
    row: SheetRowInput,
    columns: ContactSheetColumn[],
    before: ContactValues | null,
    fail: (column: string, message: string) => void,
  ): ContactValues {
    const v: ContactValues = before
      ? { ...before, contactDetails: contactDetails(before.contactDetails), tags: [...before.tags] }
      : {
          firstName: '',
          middleName: null,
          lastName: '',
          displayName: '',
          jobTitle: null,
          externalReference: null,
          tags: [],
          contactDetails: contactDetails(null),
          accountCode: null,
        };
    const derivedBefore = before ? derivedDisplayName(before) : '';
    for (const column of columns) {
      const cell = (row.cells.get(column) ?? '').trim();
      if (cell.length > 255) {
        fail(column, `${column} is ${cell.length} characters long; at most 255`);
        continue;
      }
      switch (column) {
        case 'email':
        case 'phone':
          setDetailCell(v.contactDetails, column, cell);
          break;
        case 'tags':
          v.tags = tagsOf(cell);
          break;
        case 'accountCode':
          break;
        case 'firstName':
        case 'lastName':
          if (cell) v[column] = cell;
          else if (!before) fail(column, `${column} is empty: a new contact needs one`);
          break;
        case 'displayName':
          if (cell) v.displayName = cell;
          break;
        default:
          v[column] = cell || null;
      }
    }
    // The shown name follows the names unless it was set apart from them (as the API derives it).
    const displayCell = columns.includes('displayName') ? (row.cells.get('displayName') ?? '').trim() : '';
    if (!displayCell && (!before || before.displayName === derivedBefore))
      v.displayName = derivedDisplayName(v);
    return v;
  }

  private async write(
    tx: Tx,
    stored: ContactEntity[],
    linksBefore: ContactAccountEntity[],
    creates: Write[],
    updates: Write[],
  ): Promise<void> {
    const columnsOf = (list: Write[]): ContactColumns => ({
      ids: list.map((c) => c.id),
      firstNames: list.map((c) => c.firstName),
      middleNames: list.map((c) => c.middleName),
      lastNames: list.map((c) => c.lastName),
      displayNames: list.map((c) => c.displayName),
      jobTitles: list.map((c) => c.jobTitle),
      externalReferences: list.map((c) => c.externalReference),
      tags: list.map((c) => JSON.stringify(c.tags)),
      contactDetails: list.map((c) => JSON.stringify(c.contactDetails)),
    });
    await insertContacts(tx, columnsOf(creates));
    await updateContacts(tx, columnsOf(updates));
    const linked = [...creates, ...updates].filter((c) => c.linkTo);
    await linkFirst(
      tx,
      linked.map((c) => c.id),
      linked.map((c) => c.linkTo!),
    );
    const changed = [...creates, ...updates].map((c) => c.id);
    if (!changed.length) return;
    // The activities a create or PUT records, from the API's answers before and after.
    const before = new Map(stored.map((c) => [c.id, withoutScopedFields(toContactResponse(c, linksBefore))]));
    const after = await tx.repo(ContactEntity, 'Contact').find({ where: { id: In(changed) } });
    const linksAfter = await tx.repo(ContactAccountEntity).find({ where: { contactId: In(changed) } });
    await tx.activities.changedMany(
      'Contact',
      after.map((c) => ({
        id: c.id,
        before: before.get(c.id) ?? null,
        after: withoutScopedFields(toContactResponse(c, linksAfter)),
      })),
    );
  }

  exportHeader(): string[] {
    return [...contactSheetColumns];
  }

  /** A page of the ids an export writes (keyset on id), the list's filters applied. */
  async exportIds(
    ctx: RequestContext,
    q: ContactFilters,
    after: string | null,
    limit: number,
  ): Promise<string[]> {
    const qb = filterContacts(this.db.repo(ctx, ContactEntity, 'Contact').qb('c'), q);
    searchText(qb, q.Query, contactSearch);
    return idPage(qb, after, limit);
  }

  async exportRows(ctx: RequestContext, ids: string[], header: string[]): Promise<string[][]> {
    const on = this.db.sql(ctx);
    const found = await this.db.repo(ctx, ContactEntity, 'Contact').find({ where: { id: In(ids) } });
    const codes = new Map((await firstAccountCodes(on, ids)).map((r) => [r.contact_id, r.code]));
    const byId = new Map(found.map((c) => [c.id, valuesOf(c, codes.get(c.id) ?? null)]));
    return ids
      .filter((id) => byId.has(id))
      .map((id) => header.map((h) => cellOf(byId.get(id)!, h as ContactSheetColumn)));
  }
}
