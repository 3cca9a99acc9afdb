/** What the CRM's sheets (accounts, contacts; docs/imports.md) share. */
import type { PlannedRow, RowError, SheetRowInput } from '../../catalog/catalog.api';
import type { ContactDetails } from '../accounts/account.entity';
import { distinctStrings } from '../accounts/account-members.dto';

/** The separator of a list in one cell (`tags`), as in the product sheet. */
export const listSeparator = '|';

/** The keys of the rows planned so far (a repeated key is an error on the later row). */
export class SheetKeys {
  keys = new Map<string, number>();
  save(): () => void {
    const keys = new Map(this.keys);
    return () => {
      this.keys = keys;
    };
  }

  /**
   * Claims `key` for `row`; when an earlier row of the file claimed it, the error for this one
   * (only the first row with a key is imported).
   */
  claim(key: string, column: string, row: number): string | null {
    const first = this.keys.get(key);
    if (first === undefined) {
      this.keys.set(key, row);
      return null;
    }
    return `${column} ${key} appears again (first on row ${first}); only the first row is imported`;
  }
}

/**
 * A batch of a CRM sheet as it is planned: what each row does (create, update, unchanged) with the
 * values to write, and the errors of the rows that are not imported.
 */
export class SheetBatch<W> {
  readonly planned: PlannedRow[] = [];
  readonly errors: RowError[] = [];
  readonly creates: W[] = [];
  readonly updates: W[] = [];

  /** A row's error collector: `fail(column, message)`; `failed()` says whether it was called. */
  row(row: SheetRowInput) {
    const errors: RowError[] = [];
    return {
      fail: (column: string | null, message: string) => void errors.push({ row: row.row, column, message }),
      /** Keeps the row's errors (if any) for the report; true when the row is not imported. */
      failed: () => {
        this.errors.push(...errors);
        return errors.length > 0;
      },
    };
  }

  create(row: number, key: string, changes: string[], write: W): void {
    this.planned.push({ row, key, action: 'create', changes });
    this.creates.push(write);
  }

  update(row: number, key: string, changes: string[], write: W): void {
    this.planned.push({ row, key, action: 'update', changes });
    this.updates.push(write);
  }

  unchanged(row: number, key: string): void {
    this.planned.push({ row, key, action: 'unchanged', changes: [] });
  }

  get result(): { planned: PlannedRow[]; errors: RowError[] } {
    return { planned: this.planned, errors: this.errors };
  }
}

/** Sets the first entry of a contact-details list (keeping its label), or removes it when `value` is empty. */
function withFirst<T extends { label: string | null }>(
  list: T[],
  value: string,
  make: (v: string, label: string | null) => T,
): T[] {
  if (!value) return list.slice(1);
  return [make(value, list[0]?.label ?? null), ...list.slice(1)];
}

/** The columns of a sheet that are the first entry of a contact-details list. */
export type DetailColumn = 'email' | 'phone' | 'website';

/** A contact-details column's cell: its list's first entry. */
export function detailCell(details: ContactDetails, column: DetailColumn): string {
  switch (column) {
    case 'email':
      return details.emails[0]?.address ?? '';
    case 'phone':
      return details.phones[0]?.number ?? '';
    case 'website':
      return details.websites[0]?.url ?? '';
  }
}

/** Writes a contact-details column's cell into `details` (an empty cell removes the first entry). */
export function setDetailCell(details: ContactDetails, column: DetailColumn, cell: string): void {
  switch (column) {
    case 'email':
      details.emails = withFirst(details.emails, cell, (address, label) => ({ address, label }));
      break;
    case 'phone':
      details.phones = withFirst(details.phones, cell, (number, label) => ({ number, label }));
      break;
    case 'website':
      details.websites = withFirst(details.websites, cell, (url, label) => ({ url, label }));
      break;
  }
}

/** The `tags` cell of a list of tags, and the list of a cell (distinct, trimmed). */
export const tagsCell = (tags: string[]): string => tags.join(listSeparator);
export const tagsOf = (cell: string): string[] => distinctStrings(cell.split(listSeparator));
