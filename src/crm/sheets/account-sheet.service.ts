import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { In } from 'typeorm';
import type { PlannedRow, RowError, SheetRowInput } from '../../catalog/catalog.api';
import { Db, type Tx } from '../../platform/database/db';
import { idPage, searchText } from '../../platform/http/paginate';
import { checkedHeader } from './sheet-header';
import { type AccountFilters, accountSearch, filterAccounts } from '../accounts/account-filters';
import { withoutScopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  accountTypes,
  type AccountEntity as Account,
  AccountEntity,
  type ContactDetails,
} from '../accounts/account.entity';
import { commerceSettings, contactDetails } from '../accounts/account-members.dto';
import { toAccountResponse } from '../accounts/accounts.service';
import {
  type AccountColumns,
  insertAccounts,
  lockAccountsByCode,
  updateAccounts,
} from './account-sheet.queries';
import { detailCell, setDetailCell, SheetBatch, SheetKeys, tagsCell, tagsOf } from './sheet-cells';

/** The keys of the account codes planned so far. */
export class AccountImportState extends SheetKeys {}

/** The columns of an accounts file, in the order an export writes them; `accountCode` is the key. */
export const accountSheetColumns = [
  'accountCode',
  'displayName',
  'accountType',
  'accountStatus',
  'email',
  'phone',
  'website',
  'vatNumber',
  'chamberOfCommerce',
  'tags',
  'externalReference',
] as const;
export type AccountSheetColumn = (typeof accountSheetColumns)[number];

/** The sheet's values of one account. */
interface AccountValues {
  accountCode: string;
  displayName: string;
  accountType: string | null;
  accountStatus: string | null;
  vatNumber: string | null;
  chamberOfCommerce: string | null;
  externalReference: string | null;
  tags: string[];
  contactDetails: ContactDetails;
}

const valuesOf = (a: Account): AccountValues => ({
  accountCode: a.accountCode ?? '',
  displayName: a.displayName,
  accountType: a.accountType,
  accountStatus: a.accountStatus,
  vatNumber: a.vatNumber,
  chamberOfCommerce: a.chamberOfCommerce,
  externalReference: a.externalReference,
  tags: a.tags ?? [],
  contactDetails: contactDetails(a.contactDetails),
});

/** A cell of an account as an export writes it (and an import reads it back unchanged). */
function cellOf(v: AccountValues, column: AccountSheetColumn): string {
  switch (column) {
    case 'email':
    case 'phone':
    case 'website':
      return detailCell(v.contactDetails, column);
    case 'tags':
      return tagsCell(v.tags);
    default:
      return v[column] ?? '';
  }
}

const maxLength: Partial<Record<AccountSheetColumn, number>> = {
  accountCode: 255,
  displayName: 255,
  accountStatus: 100,
  email: 255,
  phone: 255,
  website: 255,
  vatNumber: 255,
  chamberOfCommerce: 255,
  externalReference: 255,
};

/**
 * The account sheet of imports and exports (docs/imports.md): the columns a file may have, a batch
 * of rows planned and (unless a dry run) written set-based in the caller's transaction with the
 * activities a PUT would record, and the rows of an export.
 */
@Injectable()
export class AccountSheetService {
  constructor(private readonly db: Db) {}

  /** The columns of a file's header (after mapping), or what is wrong with it. */
  columns(headers: string[]): { columns: AccountSheetColumn[] } | { error: string } {
    return checkedHeader(headers, 'accountCode', accountSheetColumns, 'an accounts file');
  }

  /**
   * Plans a batch of rows and, when `write`, applies it in `tx`: accounts inserted and updated in
   * one statement each, with the activities a create or PUT records. An unchanged row writes nothing.
   */
  async importBatch(
    tx: Tx,
    rows: SheetRowInput[],
    columns: AccountSheetColumn[],
    state: AccountImportState,
    options: { write: boolean },
  ): Promise<{ planned: PlannedRow[]; errors: RowError[] }> {
    const codes = [...new Set(rows.map((r) => (r.cells.get('accountCode') ?? '').trim()).filter(Boolean))];
    const ids = await lockAccountsByCode(tx, codes);
    const repo = tx.repo(AccountEntity, 'Account');
    const stored = ids.length ? await repo.find({ where: { id: In(ids) } }) : [];
    const byCode = new Map(stored.map((a) => [a.accountCode!, a]));
    const batch = new SheetBatch<AccountValues & { id: string }>();
    for (const row of rows) {
      const { fail, failed } = batch.row(row);
      const code = (row.cells.get('accountCode') ?? '').trim();
      const repeated = code ? state.claim(code, 'accountCode', row.row) : null;
      if (!code) fail('accountCode', 'accountCode is empty: every row needs the code of its account');
      else if (repeated) fail('accountCode', repeated);
      const current = code ? byCode.get(code) : undefined;
      const before = current ? valuesOf(current) : null;
      const next = this.apply(row, columns, before, code, fail);
      if (failed()) continue;
      const changes = columns.filter((c) => !before || cellOf(before, c) !== cellOf(next, c));
      if (!current) batch.create(row.row, code, changes, { ...next, id: randomUUID() });
      else if (
        changes.length ||
        JSON.stringify(next.contactDetails) !== JSON.stringify(before!.contactDetails) ||
        JSON.stringify(next.tags) !== JSON.stringify(before!.tags)
      )
        batch.update(row.row, code, changes, { ...next, id: current.id });
      else batch.unchanged(row.row, code);
    }
    if (options.write) await this.write(tx, stored, batch.creates, batch.updates);
    return batch.result;
  }

  /** The row's values over the stored ones (a column absent from the file keeps its value). */
  private apply(
    row: SheetRowInput,
    columns: AccountSheetColumn[],
    before: AccountValues | null,
    code: string,
    fail: (column: string, message: string) => void,
  ): AccountValues {
    const v: AccountValues = before
      ? { ...before, contactDetails: contactDetails(before.contactDetails), tags: [...before.tags] }
      : {
          accountCode: code,
          displayName: '',
          accountType: null,
          accountStatus: null,
          vatNumber: null,
          chamberOfCommerce: null,
          externalReference: null,
          tags: [],
          contactDetails: contactDetails(null),
        };
    for (const column of columns) {
      const cell = (row.cells.get(column) ?? '').trim();
      const max = maxLength[column];
      if (max && cell.length > max) {
        fail(column, `${column} is ${cell.length} characters long; at most ${max}`);
        continue;
      }
      switch (column) {
        case 'accountCode':
          break;
        case 'displayName':
          if (cell) v.displayName = cell;
          else if (!before) fail(column, 'displayName is empty: a new account needs a name');
          break;
        case 'accountType': {
          const type = accountTypes.find((t) => t.toLowerCase() === cell.toLowerCase());
          if (cell && !type)
            fail(column, `accountType must be one of ${accountTypes.join(', ')} (not "${cell}")`);
          v.accountType = type ?? null;
          break;
        }
        case 'email':
          if (cell && !isEmail(cell)) fail(column, `"${cell}" is not an email address`);
          setDetailCell(v.contactDetails, column, cell);
          break;
        case 'phone':
        case 'website':
          setDetailCell(v.contactDetails, column, cell);
          break;
        case 'tags':
          v.tags = tagsOf(cell);
          if (v.tags.some((t) => t.length > 255)) fail(column, 'a tag is longer than 255 characters');
          break;
        default:
          v[column] = cell || null;
      }
    }
    return v;
  }

  private async write(
    tx: Tx,
    stored: Account[],
    creates: Array<AccountValues & { id: string }>,
    updates: Array<AccountValues & { id: string }>,
  ): Promise<void> {
    const columnsOf = (list: Array<AccountValues & { id: string }>): AccountColumns => ({
      ids: list.map((a) => a.id),
      codes: list.map((a) => a.accountCode),
      displayNames: list.map((a) => a.displayName),
      accountTypes: list.map((a) => a.accountType),
      accountStatuses: list.map((a) => a.accountStatus),
      vatNumbers: list.map((a) => a.vatNumber),
      chambers: list.map((a) => a.chamberOfCommerce),
      externalReferences: list.map((a) => a.externalReference),
      tags: list.map((a) => JSON.stringify(a.tags)),
      contactDetails: list.map((a) => JSON.stringify(a.contactDetails)),
    });
    await insertAccounts(tx, columnsOf(creates), JSON.stringify(commerceSettings(null)));
    await updateAccounts(tx, columnsOf(updates));
    const changed = [...creates, ...updates].map((a) => a.id);
    if (!changed.length) return;
    // The activities a create or PUT records, from the API's answers before and after.
    const snapshot = (a: Account) => withoutScopedFields(toAccountResponse(a));
    const before = new Map(stored.map((a) => [a.id, snapshot(a)]));
    const after = await tx.repo(AccountEntity, 'Account').find({ where: { id: In(changed) } });
    await tx.activities.changedMany(
      'Account',
      after.map((a) => ({ id: a.id, before: before.get(a.id) ?? null, after: snapshot(a) })),
    );
  }

  /** The header of an export: every account column. */
  exportHeader(): string[] {
    return [...accountSheetColumns];
  }

  /** A page of the ids an export writes (keyset on id), the list's filters applied. */
  async exportIds(
    ctx: RequestContext,
    q: AccountFilters,
    after: string | null,
    limit: number,
  ): Promise<string[]> {
    const qb = filterAccounts(this.db.repo(ctx, AccountEntity, 'Account').qb('a'), q);
    searchText(qb, q.Query, accountSearch);
    return idPage(qb, after, limit);
  }

  /** The export's rows of these accounts (in this order), each cell as the import reads it back. */
  async exportRows(ctx: RequestContext, ids: string[], header: string[]): Promise<string[][]> {
    const found = await this.db.repo(ctx, AccountEntity, 'Account').find({ where: { id: In(ids) } });
    const byId = new Map(found.map((a) => [a.id, valuesOf(a)]));
    return ids
      .filter((id) => byId.has(id))
      .map((id) => header.map((h) => cellOf(byId.get(id)!, h as AccountSheetColumn)));
  }
}
