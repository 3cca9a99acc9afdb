import { Injectable } from '@nestjs/common';
import {
  ImportState,
  type PlannedRow,
  ProductSheetService,
  rememberSkipped,
  type RowError,
  type SheetRowInput,
} from '../../catalog/catalog.api';
import {
  AccountImportState,
  type AccountSheetColumn,
  AccountSheetService,
  ContactImportState,
  type ContactSheetColumn,
  ContactSheetService,
} from '../../crm/crm.api';
import type { Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ImportKind } from './import-job.entity';

/** What the rows planned so far leave for the next batch: at least the keys seen (a repeat is an error). */
export interface KindState {
  /** The keys seen, each with the row it was first seen on. */
  readonly keys: Map<string, number>;
  /** What it holds now, to go back to when a batch is rolled back and tried again. */
  save(): () => void;
}

/** What the job's settings tell a kind's batch. */
export interface BatchOptions {
  write: boolean;
  createMissingCategories: boolean;
}

/**
 * One importable kind (docs/imports.md): its key column, the check of a file's header, and a batch
 * planned and (unless a dry run) written set-based in the runner's transaction. The runner, the
 * reader, the job and its checkpoint are the same for every kind; only these differ.
 */
export interface SheetKind {
  key: string;
  /**
   * The tables an apply grows, analyzed as they grow (import-runner.ts): a plan cached while a
   * table was nearly empty would otherwise keep scanning the workspace for every row.
   */
  tables: readonly string[];
  /** The key of a key cell (trimmed) as the kind's state holds it (emails: lower case). */
  keyOf?: (cell: string) => string;
  columns(ctx: RequestContext, headers: string[]): Promise<{ columns: unknown[] } | { error: string }>;
  state(): KindState;
  /**
   * Takes note of a row before a resumed job's checkpoint (applied before): its key among the keys
   * seen (the default: its `key` cell) and what else the kind's state keeps of it; `readable`: the
   * row had no error.
   */
  remember?(state: KindState, row: SheetRowInput, readable: boolean): void;
  importBatch(
    tx: Tx,
    rows: SheetRowInput[],
    columns: unknown[],
    state: KindState,
    options: BatchOptions,
  ): Promise<{ planned: PlannedRow[]; errors: RowError[] }>;
}

/** The products kind's state: the catalog's ImportState, its skus as the keys. */
class ProductKindState implements KindState {
  readonly inner = new ImportState();
  get keys() {
    return this.inner.skus;
  }
  save() {
    return this.inner.save();
  }
}

/** The importable kinds, each backed by the sheet of the context that owns the rows. */
@Injectable()
export class SheetKinds {
  private readonly kinds: Record<ImportKind, SheetKind>;

  constructor(products: ProductSheetService, accounts: AccountSheetService, contacts: ContactSheetService) {
    this.kinds = {
      products: {
        key: 'sku',
        tables: ['products', 'product_category_links', 'product_display_contents', 'product_categories'],
        columns: (ctx, headers) => products.columns(ctx, headers),
        state: () => new ProductKindState(),
        remember: (state, row, readable) => {
          const inner = (state as ProductKindState).inner;
          inner.remember(row.cells, row.row);
          if (readable) rememberSkipped(inner, row);
        },
        importBatch: (tx, rows, columns, state, options) =>
          products.importBatch(
            tx,
            rows,
            columns as Parameters<ProductSheetService['importBatch']>[2],
            (state as ProductKindState).inner,
            options,
          ),
      },
      accounts: {
        key: 'accountCode',
        tables: ['accounts'],
        columns: (_ctx, headers) => Promise.resolve(accounts.columns(headers)),
        state: () => new AccountImportState(),
        importBatch: (tx, rows, columns, state, options) =>
          accounts.importBatch(
            tx,
            rows,
            columns as AccountSheetColumn[],
            state as AccountImportState,
            options,
          ),
      },
      contacts: {
        key: 'email',
        tables: ['contacts', 'contact_accounts'],
        keyOf: (cell) => cell.toLowerCase(),
        columns: (_ctx, headers) => Promise.resolve(contacts.columns(headers)),
        state: () => new ContactImportState(),
        importBatch: (tx, rows, columns, state, options) =>
          contacts.importBatch(
            tx,
            rows,
            columns as ContactSheetColumn[],
            state as ContactImportState,
            options,
          ),
      },
    };
  }

  of(kind: ImportKind): SheetKind {
    return this.kinds[kind];
  }
}
