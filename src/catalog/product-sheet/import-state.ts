import type { NewCategory } from './category-paths';

/*
 * What an import keeps from row to row of a file (product-import.ts plans each batch against it).
 */

/** One data row of a file: its row number (the header is row 1) and its cells by header. */
export interface SheetRowInput {
  row: number;
  cells: Map<string, string>;
}

/**
 * A Map whose changes since `mark()` can be undone: the import state keeps every key of a file (up
 * to IMPORT_MAX_ROWS), and copying it before each batch, to go back when the batch is rolled back,
 * cost a copy of every map per batch (quadratic; 100,000 rows no longer fit a 160 MB heap).
 */
export class UndoableMap<K, V> extends Map<K, V> {
  private log?: Array<{ key: K; had: boolean; value: V | undefined }>;

  override set(key: K, value: V): this {
    this.log?.push({ key, had: super.has(key), value: super.get(key) });
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.log?.push({ key, had: super.has(key), value: super.get(key) });
    return super.delete(key);
  }

  /** From now on, changes are logged; the answer undoes them (newest first). */
  mark(): () => void {
    const log: Array<{ key: K; had: boolean; value: V | undefined }> = [];
    this.log = log;
    return () => {
      for (let i = log.length - 1; i >= 0; i--) {
        const { key, had, value } = log[i];
        if (had) super.set(key, value as V);
        else super.delete(key);
      }
      log.length = 0;
    };
  }
}

/**
 * What the rows of a file already planned leave for the next batch: the keys seen (a repeated sku
 * is an error), the gtins and slugs claimed, and the categories a dry run would have created.
 */
export class ImportState {
  readonly skus = new UndoableMap<string, number>();
  readonly gtins = new UndoableMap<string, string>();
  readonly slugs = new UndoableMap<string, string>();
  readonly plannedCategories: NewCategory[] = [];
  /** The rows planned without an error, by sku: the product's id (null: before a resumed job's checkpoint) and whether it is a ConfigurableProduct (variantOf). */
  readonly planned = new UndoableMap<string, { id: string | null; configurable: boolean }>();
  /** External references seen (a repeat is an error), with the row first seen on. */
  readonly references = new UndoableMap<string, number>();
  /** Barcodes claimed by the rows planned: barcode → the row's key. */
  readonly barcodes = new UndoableMap<string, string>();
  /** In a file keyed by externalReference: the products matched, with the row that matched them. */
  readonly matched = new UndoableMap<string, number>();

  /** Takes note of the keys of a row before the checkpoint (applied before; a later repeat is an error). */
  remember(cells: Map<string, string>, row: number): void {
    const sku = cells.get('sku')?.trim();
    if (sku && !this.skus.has(sku)) this.skus.set(sku, row);
    const reference = cells.get('externalReference')?.trim();
    if (reference && !this.references.has(reference)) this.references.set(reference, row);
  }

  /**
   * Marks what it holds now; the answer goes back to it (when a batch is rolled back and tried
   * again). Only the changes since are kept, not a copy.
   */
  save(): () => void {
    const maps = [
      this.skus,
      this.gtins,
      this.slugs,
      this.planned,
      this.references,
      this.barcodes,
      this.matched,
    ];
    const undo = maps.map((m: UndoableMap<string, unknown>) => m.mark());
    const categories = this.plannedCategories.length;
    return () => {
      for (const u of undo) u();
      this.plannedCategories.length = categories;
    };
  }
}
