import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { applyDecorators, Logger, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import ExcelJS from 'exceljs';

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a column's values are written: dates as Excel dates, money and numbers as numbers. */
export type XlsxCellType = 'text' | 'number' | 'money' | 'percent' | 'date' | 'datetime' | 'boolean';

export interface XlsxColumn<R> {
  header: string;
  type: XlsxCellType;
  width?: number;
  value: (row: R) => string | number | boolean | Date | null | undefined;
}

const formats: Partial<Record<XlsxCellType, string>> = {
  money: '#,##0.00',
  percent: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/** `YYYY-MM-DD` and ISO date-times become Dates (UTC); Excel shows them as dates. */
const cell = (type: XlsxCellType, v: ReturnType<XlsxColumn<unknown>['value']>) => {
  if (v === null || v === undefined) return null;
  if ((type === 'date' || type === 'datetime') && typeof v === 'string') return new Date(v);
  return v;
};

/**
 * An .xlsx download written while it is sent (exceljs' streaming WorkbookWriter: each row is
 * committed as written, so the workbook is never held whole). One sheet, a bold frozen header row
 * with filters, typed cells. `rows` yields the data in batches (keyset or page by page); the next
 * batch is read only once what was written has drained towards the client, and never in the same
 * turn of the event loop. Mark the operation `@HeavyOperation()`.
 */
export function xlsxDownload<R>(
  filename: string,
  sheetName: string,
  columns: XlsxColumn<R>[],
  rows: AsyncIterable<R[]>,
): StreamableFile {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: formats[c.type] ? { numFmt: formats[c.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  void (async () => {
    try {
      sheet.getRow(1).commit();
      for await (const batch of rows) {
        for (const row of batch) sheet.addRow(columns.map((c) => cell(c.type, c.value(row)))).commit();
        await drained(out);
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (e) {
      new Logger('Reports').error(`The ${filename} download failed: ${(e as Error).message}`);
      out.destroy(e as Error);
    }
  })();
  return new StreamableFile(out, { type: xlsxType, disposition: `attachment; filename="${filename}"` });
}

/** Waits a turn of the event loop, then until the stream has room again (or is gone). */
async function drained(out: PassThrough): Promise<void> {
  await nextTurn();
  while (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done).off('close', done);
        resolve();
      };
      out.on('drain', done).on('close', done);
    });
  }
}

/** OpenAPI of an .xlsx answer. */
export const ApiXlsxResponse = (description: string) =>
  applyDecorators(
    ApiProduces(xlsxType),
    ApiOkResponse({ description, content: { [xlsxType]: { schema: { type: 'string', format: 'binary' } } } }),
  );
