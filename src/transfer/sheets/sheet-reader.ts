import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import type { ImportFormat } from '../imports/import-job.entity';
import { restored } from './formula-guard';
import { openXlsxSheet, type RangedFile, XlsxError } from './xlsx-reader';

/** A file that cannot be read as a sheet at all: the job fails with this message. */
export class SheetError extends Error {}

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRecord {
  row: number;
  cells: string[];
  /** Cells that could not be read (an xlsx formula without a stored result), by column index. */
  cellErrors?: Array<{ index: number; message: string }>;
}

export interface OpenedSheet {
  header: string[];
  /** How the file was read, e.g. `csv, UTF-8, delimiter ";"`. */
  detected: string;
  rows: AsyncIterable<SheetRecord>;
  close(): void;
}

/** Opens the stored file anew (a sheet is read in one pass; counting and resuming read it again). */
export type OpenFile = () => Promise<Readable>;

/** The stored file: read whole (a CSV, front to back) or by byte ranges (an xlsx workbook, from its zip directory). */
export interface SheetFile extends RangedFile {
  open: OpenFile;
}

/** Bytes looked at to tell the encoding and delimiter of a CSV file. */
const sniffBytes = 64 * 1024;

async function head(open: OpenFile): Promise<Buffer> {
  const stream = await open();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= sniffBytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, sniffBytes);
}

/** Whether `bytes` are UTF-8 (a sequence cut at the end of the sample does not count against it). */
export function isUtf8(bytes: Buffer, complete: boolean): boolean {
  let end = bytes.length;
  if (!complete) {
    // Back off a multi-byte sequence that the sample cut (at most 3 continuation bytes).
    let i = end - 1;
    while (i >= 0 && end - i <= 4 && (bytes[i] & 0xc0) === 0x80) i--;
    if (i >= 0 && bytes[i] >= 0xc0) end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The delimiter of the header line: `;`, tab or `,`, whichever appears most outside quotes (`,` on a tie). */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/**
 * A streaming decoder of `encoding` (Node's TextDecoder: Windows-1252 needs no library). UTF-8 is
 * decoded strictly: a byte sequence that is not UTF-8 stops the read with a clear error.
 */
function decoderOf(encoding: 'utf-8' | 'windows-1252'): Transform {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      try {
        const text = decoder.decode(chunk, { stream: true });
        offset += chunk.length;
        callback(null, text);
      } catch {
        callback(
          new SheetError(
            `The file is not valid UTF-8 (a byte after position ${offset} is not UTF-8, though the start of the file is). Save it as UTF-8 (or all of it as Windows-1252) and upload it again.`,
          ),
        );
      }
    },
    flush(callback) {
      try {
        callback(null, decoder.decode());
      } catch {
        callback(new SheetError('The file ends in the middle of a UTF-8 character: save it as UTF-8 again.'));
      }
    },
  });
}

async function openCsv(open: OpenFile): Promise<OpenedSheet> {
  const sample = await head(open);
  if (sample.length === 0) throw new SheetError('The file is empty: its first row must name the columns.');
  if ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff))
    throw new SheetError('The file is UTF-16: save it as CSV UTF-8 (or Windows-1252) and upload it again.');
  const bom = sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf;
  const utf8 = bom || isUtf8(sample, sample.length < sniffBytes);
  const text = new TextDecoder(utf8 ? 'utf-8' : 'windows-1252').decode(sample);
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  const stream = await open();
  const decoder = decoderOf(utf8 ? 'utf-8' : 'windows-1252');
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  });
  stream.on('error', (e) => parser.destroy(e));
  decoder.on('error', (e: Error) => parser.destroy(e));
  stream.pipe(decoder).pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await next(records);
  if (!first) throw new SheetError('The file is empty: its first row must name the columns.');
  const header = first.map((h) => h.trim());
  const shown = delimiter === '\t' ? 'tab' : `"${delimiter}"`;
  return {
    header,
    detected: `csv, ${utf8 ? 'UTF-8' : 'Windows-1252'}${bom ? ' with BOM' : ''}, delimiter ${shown}`,
    rows: (async function* () {
      let row = 1;
      for (;;) {
        const record = await next(records);
        if (!record) return;
        row++;
        yield { row, cells: record.map(restored) };
      }
    })(),
    close: () => {
      stream.destroy();
      parser.destroy();
    },
  };
}

async function next<T>(it: AsyncIterator<T>): Promise<T | undefined> {
  try {
    const r = await it.next();
    return r.done ? undefined : r.value;
  } catch (e) {
    if (e instanceof SheetError) throw e;
    throw new SheetError(`The file is not a readable CSV file: ${(e as Error).message}`);
  }
}

async function openXlsx(file: SheetFile): Promise<OpenedSheet> {
  // What is wrong with the workbook fails the job with its reason; anything else (the store) is not the file's fault.
  const fail = (e: unknown): never => {
    if (!(e instanceof XlsxError)) throw e;
    throw new SheetError(`The file is not a readable xlsx workbook: ${e.message}`);
  };
  const sheet = await openXlsxSheet(file).catch(fail);
  const rows = (async function* () {
    try {
      for await (const row of sheet.rows) {
        const cells = row.cells.map(restored);
        if (cells.every((c) => c.trim() === '') && !row.cellErrors.length) continue;
        yield { row: row.number, cells, ...(row.cellErrors.length ? { cellErrors: row.cellErrors } : {}) };
      }
    } catch (e) {
      fail(e);
    }
  })();
  const first = await rows.next().catch((e: unknown) => {
    sheet.close();
    throw e;
  });
  if (first.done) {
    sheet.close();
    throw new SheetError('The worksheet is empty: its first row must name the columns.');
  }
  return {
    header: first.value.cells.map((h) => h.trim()),
    detected: 'xlsx, first worksheet',
    rows,
    close: () => sheet.close(),
  };
}

/** Opens a CSV (encoding and delimiter detected) or xlsx file for reading row by row. */
export function openSheet(file: SheetFile, format: ImportFormat): Promise<OpenedSheet> {
  return format === 'xlsx' ? openXlsx(file) : openCsv(() => file.open());
}
