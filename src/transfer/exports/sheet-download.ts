import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Logger, StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { xlsxDownload } from '../../platform/http/xlsx-download';
import { neutralised } from '../sheets/formula-guard';
import type { ExportFormat } from './product-export.dto';

const logger = new Logger('Exports');

/**
 * An export's file (docs/imports.md), streamed from its pages of rows: CSV (UTF-8 with a BOM, `,`,
 * CRLF) or xlsx (one worksheet, text cells). The next page is read only when the client has taken
 * the last. A cell a spreadsheet would run as a formula is neutralised with a leading apostrophe
 * (the import strips it).
 */
export function sheetDownload(
  name: string,
  sheetName: string,
  format: ExportFormat,
  header: string[],
  pages: AsyncIterable<string[][]>,
): StreamableFile {
  if (format === 'xlsx') {
    return xlsxDownload(
      `${name}.xlsx`,
      sheetName,
      header.map((h, i) => ({
        header: h,
        type: 'text' as const,
        width: Math.max(12, h.length + 2),
        value: (r: string[]) => neutralised(r[i]),
      })),
      pages,
    );
  }
  const out = new PassThrough();
  // A BOM, so that spreadsheet apps read the file as UTF-8 (the import accepts it).
  out.write('\uFEFF');
  const csv = stringify({ header: true, columns: header, record_delimiter: 'windows' });
  csv.pipe(out);
  void (async () => {
    try {
      for await (const rows of pages) {
        for (const row of rows) csv.write(row.map(neutralised));
        await nextTurn();
        while (out.writableNeedDrain && !out.destroyed)
          await new Promise((r) => out.once('drain', r).once('close', r));
        if (out.destroyed) return;
      }
      csv.end();
    } catch (e) {
      logger.error(`The ${name} export failed: ${(e as Error).message}`);
      out.destroy(e as Error);
    }
  })();
  return new StreamableFile(out, {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}.csv"`,
  });
}

/** Rows read per statement of an export (keyset by id). */
export const exportPageSize = 1000;
