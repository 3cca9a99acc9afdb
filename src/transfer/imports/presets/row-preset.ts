import type { SheetRowInput } from '../../../catalog/catalog.api';
import type { ImportErrorEntry } from '../import-job.entity';

/** What a preset knows of the job besides the file. */
export interface PresetSettings {
  /** The language of the contents it writes: the workspace's default language. */
  language: string;
  /** The workspace's default currency (null: none set): a price in another one is an error. */
  currency: string | null;
}

/** What one record of the file becomes: product rows (each with the record's row number), or errors. */
export interface PresetOutput {
  rows: SheetRowInput[];
  errors: ImportErrorEntry[];
}

/** A preset opened on a file: the product-sheet columns of its rows, and the row transformer. */
export interface RowPreset {
  columns: string[];
  /**
   * One record of the file (cells by its header, after mapping), in file order: the preset may keep
   * state across records, so a resumed job feeds it the records before its checkpoint too.
   */
  rows(record: SheetRowInput): PresetOutput;
}

/** A preset: the headers it needs and reads, and how it opens on a file's header. */
export interface PresetDefinition {
  /** The system's name, for messages. */
  system: string;
  required: readonly string[];
  reads: readonly string[];
  open(headers: Set<string>, settings: PresetSettings): RowPreset;
}

/** A record's cell, trimmed ('' when the column is absent). */
export const cellOf = (record: SheetRowInput, header: string): string =>
  (record.cells.get(header) ?? '').trim();

/** A product row of the record's row number with these cells. */
export const productRow = (record: SheetRowInput, cells: Record<string, string>): SheetRowInput => ({
  row: record.row,
  cells: new Map(Object.entries(cells)),
});

/** Keeps the cells of the columns the preset writes (a column whose source is absent is left out: its value is kept). */
export const only = (columns: string[], cells: Record<string, string>): Record<string, string> =>
  Object.fromEntries(columns.map((c) => [c, cells[c] ?? '']));
