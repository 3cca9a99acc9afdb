import { PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/**
 * Reads the first worksheet of an xlsx workbook row by row, streamed, from a stored file read by
 * byte ranges (docs/imports.md, "xlsx files").
 *
 * Why not exceljs's streaming WorkbookReader: it reads the zip in one forward pass (unzipper's
 * Parse), whose stream ends as soon as the zip's directory is read, dropping entries it had
 * queued but not yet handed over. A workbook whose small parts come after its worksheet (every
 * workbook exceljs writes ends with xl/workbook.xml) then loses them at random: "Cannot read
 * properties of undefined (reading 'sheets')" about one read in a hundred on Node 20 (exceljs
 * issue 3064, open). Here the zip is opened from its central directory (yauzl): the workbook's
 * relationships, its sheet list and its shared texts are read first, then the worksheet streams
 * through a SAX parser (saxes). Memory holds the shared texts and one chunk of the sheet.
 */

/** A stored file read by byte ranges. */
export interface RangedFile {
  size: number;
  /** Bytes `start` (inclusive) to `end` (exclusive). */
  range(start: number, end: number): Promise<Readable>;
}

/** One worksheet row: its number (1 for the first row) and cell texts (or errors) by column index. */
export interface XlsxRow {
  number: number;
  cells: string[];
  cellErrors: Array<{ index: number; message: string }>;
}

/** A workbook that cannot be read: the message says why, in words a person can act on. */
export class XlsxError extends Error {}

/** Entries a workbook may have before it is refused (a real one has a few dozen). */
const maxEntries = 10_000;
/** The zip's tail read once: its end record and the directory of any workbook that is not huge. */
const tailBytes = 64 * 1024;
/** Characters one cell or shared text may hold (a spreadsheet app's own limit is 32,767). */
export const maxCellChars = 1024 * 1024;
/** Characters all shared texts may hold together (they are kept in memory while the sheet is read). */
export const maxSharedChars = 64 * 1024 * 1024;
/** Columns a row may have (a spreadsheet app's own limit: XFD). */
const maxColumns = 16_384;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A reader of the stored file for yauzl, the zip's tail kept from the first read. */
class RangeReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly file: RangedFile,
    private readonly tail: { start: number; bytes: Buffer },
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (start >= this.tail.start && end <= this.tail.start + this.tail.bytes.length) {
      out.end(this.tail.bytes.subarray(start - this.tail.start, end - this.tail.start));
      return out;
    }
    this.file.range(start, end).then(
      (body) => {
        body.on('error', (e) => out.destroy(e));
        out.on('close', () => body.destroy());
        body.pipe(out);
      },
      (e: Error) => out.destroy(e),
    );
    return out;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A SAX pass over one part of the zip: `onChunk` after each chunk lets the caller hand on what it collected. */
async function* parsePart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  events: {
    open(tag: SaxesTagPlain): void;
    close(name: string): void;
    text(text: string): void;
  },
): AsyncGenerator<void> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (e) {
    throw new XlsxError(`its part ${entry.fileName} cannot be read: ${(e as Error).message}`);
  }
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => events.open(tag as SaxesTagPlain));
  parser.on('closetag', (tag) => events.close(localName(tag.name)));
  parser.on('text', (text) => events.text(text));
  parser.on('cdata', (text) => events.text(text));
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.write(chunk as Buffer));
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } catch (e) {
    if (e instanceof XlsxError) throw e;
    throw new XlsxError(`its part ${entry.fileName} is not readable XML: ${(e as Error).message}`);
  } finally {
    stream.destroy();
  }
}

async function drain(part: AsyncGenerator<void>): Promise<void> {
  for await (const _ of part);
}

/** `target` of a relationship, as a zip path: relative to `base`'s folder, or absolute from the root. */
function resolvePart(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece && piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/** The relationships of `part` (its `_rels/<name>.rels`), targets resolved to zip paths. */
async function relationshipsOf(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, part: string) {
  const slash = part.lastIndexOf('/');
  const relsPath = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const entry = entries.get(relsPath.toLowerCase());
  const found: Relationship[] = [];
  if (!entry) return found;
  await drain(
    parsePart(zip, entry, {
      open(tag) {
        if (localName(tag.name) !== 'Relationship') return;
        const { Id = '', Type = '', Target = '', TargetMode } = tag.attributes;
        if (TargetMode !== 'External') found.push({ id: Id, type: Type, target: resolvePart(part, Target) });
      },
      close() {},
      text() {},
    }),
  );
  return found;
}

/** The first worksheet's path (the first tab) and the shared texts' path, from the workbook part. */
async function firstSheetOf(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) {
  const root = await relationshipsOf(zip, entries, '');
  const workbook =
    root.find((r) => r.type.endsWith('/officeDocument'))?.target ??
    (entries.has('xl/workbook.xml') ? 'xl/workbook.xml' : null);
  const workbookEntry = workbook && entries.get(workbook.toLowerCase());
  if (!workbook || !workbookEntry) throw new XlsxError('it holds no workbook part (xl/workbook.xml)');
  const rels = await relationshipsOf(zip, entries, workbook);
  let firstId: string | null = null;
  await drain(
    parsePart(zip, workbookEntry, {
      open(tag) {
        if (firstId !== null || localName(tag.name) !== 'sheet') return;
        const idName = Object.keys(tag.attributes).find((a) => a.includes(':') && localName(a) === 'id');
        firstId = idName ? tag.attributes[idName] : '';
      },
      close() {},
      text() {},
    }),
  );
  if (firstId === null) throw new XlsxError('the workbook has no worksheet');
  const sheet = rels.find((r) => r.id === firstId);
  const sheetEntry = sheet && entries.get(sheet.target.toLowerCase());
  if (!sheetEntry) throw new XlsxError('the workbook names a first worksheet that the file does not hold');
  const shared = rels.find((r) => r.type.endsWith('/sharedStrings'));
  return { sheet: sheetEntry, shared: shared ? (entries.get(shared.target.toLowerCase()) ?? null) : null };
}

/** Collects text inside `<t>` elements, leaving out phonetic runs (`<rPh>`), bounded by maxCellChars. */
class TextCollector {
  private parts: string[] = [];
  private length = 0;
  private inT = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 't' && !this.phonetic) this.inT = true;
    else if (name === 'rPh') this.phonetic++;
  }

  close(name: string): void {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.phonetic--;
  }

  text(text: string, where: () => string): void {
    if (!this.inT) return;
    this.length += text.length;
    if (this.length > maxCellChars)
      throw new XlsxError(`${where()} holds more than ${maxCellChars} characters`);
    this.parts.push(text);
  }

  take(): string {
    const text = this.parts.join('');
    this.parts = [];
    this.length = 0;
    this.inT = false;
    this.phonetic = 0;
    return text;
  }
}

async function sharedTextsOf(zip: yauzl.ZipFile, entry: yauzl.Entry | null): Promise<string[]> {
  const texts: string[] = [];
  if (!entry) return texts;
  const collector = new TextCollector();
  let total = 0;
  let inItem = false;
  await drain(
    parsePart(zip, entry, {
      open(tag) {
        const name = localName(tag.name);
        if (name === 'si') inItem = true;
        else if (inItem) collector.open(name);
      },
      close(name) {
        if (name !== 'si') return collector.close(name);
        inItem = false;
        const text = collector.take();
        total += text.length;
        if (total > maxSharedChars)
          throw new XlsxError(
            `its shared texts hold more than ${maxSharedChars} characters, more than an import keeps in memory: save it as CSV instead`,
          );
        texts.push(text);
      },
      text(text) {
        if (inItem) collector.text(text, () => `its shared text ${texts.length + 1}`);
      },
    }),
  );
  return texts;
}

/** A column's index (0 for A) from a cell reference such as `C12`; -1 when it names none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
    if (n > maxColumns) return maxColumns;
  }
  return i === 0 ? -1 : n - 1;
}

/** A column's name as a spreadsheet shows it (0 → A, 26 → AA). */
export const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

const formulaWithoutResult =
  'holds a formula without a stored result: open the file in a spreadsheet app and save it (which stores the results), or paste the values instead';

/** A cell's text from its type (`t`), value (`<v>`), inline text and formula, as a spreadsheet shows its value. */
function cellValue(
  type: string,
  value: string | null,
  inline: string,
  formula: boolean,
  shared: string[],
): { text: string } | { error: string } {
  switch (type) {
    case 's': {
      const text = value === null ? undefined : shared[Number(value)];
      return text === undefined ? { error: 'refers to a shared text the workbook does not hold' } : { text };
    }
    case 'inlineStr':
      return { text: inline };
    case 'e':
      return { error: `holds the error ${value ?? ''}${formula ? ' (a formula’s result)' : ''}` };
    case 'b':
      if (value === null && formula) return { error: formulaWithoutResult };
      return { text: value === null ? '' : value.trim() === '1' ? 'true' : 'false' };
    case 'str':
      if (value === null && formula) return { error: formulaWithoutResult };
      return { text: value ?? '' };
    case 'd': {
      if (value === null) return formula ? { error: formulaWithoutResult } : { text: '' };
      const date = new Date(value);
      return Number.isNaN(date.getTime())
        ? { text: value }
        : { text: date.toISOString().replace(/T00:00:00\.000Z$/, '') };
    }
    default: {
      if (value === null || value.trim() === '')
        return formula ? { error: formulaWithoutResult } : { text: '' };
      const n = Number(value);
      return { text: Number.isFinite(n) ? String(n) : value };
    }
  }
}

/** The rows of `sheet`, in order, as its chunks are read. */
async function* rowsOf(zip: yauzl.ZipFile, sheet: yauzl.Entry, shared: string[]): AsyncGenerator<XlsxRow> {
  const ready: XlsxRow[] = [];
  let row: XlsxRow | null = null;
  let lastRow = 0;
  let nextColumn = 0;
  let cell: { column: number; type: string; formula: boolean } | null = null;
  let value: string[] | null = null;
  let valueLength = 0;
  let inInline = false;
  const inline = new TextCollector();
  const where = () => `cell ${columnName(cell?.column ?? 0)}${row?.number ?? lastRow}`;
  const part = parsePart(zip, sheet, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'row') {
        const r = Number(tag.attributes.r);
        lastRow = Number.isInteger(r) && r > lastRow ? r : lastRow + 1;
        row = { number: lastRow, cells: [], cellErrors: [] };
        nextColumn = 0;
      } else if (!row) return;
      else if (name === 'c') {
        const column = columnOf(tag.attributes.r);
        cell = { column: column < 0 ? nextColumn : column, type: tag.attributes.t ?? 'n', formula: false };
        if (cell.column >= maxColumns)
          throw new XlsxError(`row ${row.number} has a cell beyond column XFD, the last a spreadsheet has`);
        value = null;
        valueLength = 0;
      } else if (!cell) return;
      else if (name === 'v') value = [];
      else if (name === 'f') cell.formula = true;
      else if (name === 'is') inInline = true;
      else if (inInline) inline.open(name);
    },
    close(name) {
      if (name === 'row' && row) {
        ready.push(row);
        row = null;
      } else if (name === 'c' && row && cell) {
        const text = inline.take();
        const got = cellValue(cell.type, value && value.join(''), text, cell.formula, shared);
        while (row.cells.length < cell.column) row.cells.push('');
        const message = 'error' in got ? `${where()} ${got.error}` : null;
        row.cells[cell.column] = 'text' in got ? got.text : '';
        if (message) row.cellErrors.push({ index: cell.column, message });
        nextColumn = cell.column + 1;
        cell = null;
        value = null;
        inInline = false;
      } else if (name === 'is') inInline = false;
      else if (inInline) inline.close(name);
    },
    text(text) {
      if (value) {
        valueLength += text.length;
        if (valueLength > maxCellChars)
          throw new XlsxError(`${where()} holds more than ${maxCellChars} characters`);
        value.push(text);
      } else if (inInline) inline.text(text, where);
    },
  });
  for await (const _ of part) {
    while (ready.length) yield ready.shift()!;
  }
  while (ready.length) yield ready.shift()!;
}

export interface XlsxSheet {
  rows: AsyncGenerator<XlsxRow>;
  close(): void;
}

/** Opens `file` as an xlsx workbook: its first worksheet's rows, streamed. */
export async function openXlsxSheet(file: RangedFile): Promise<XlsxSheet> {
  const start = Math.max(0, file.size - tailBytes);
  const tail = {
    start,
    bytes: file.size > start ? await readAll(await file.range(start, file.size)) : Buffer.alloc(0),
  };
  const reader = new RangeReader(file, tail);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(reader, file.size, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: false,
      validateEntrySizes: true,
    });
  } catch (e) {
    throw new XlsxError(`it is not a readable zip file: ${(e as Error).message}`);
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= maxEntries) throw new XlsxError(`it holds more than ${maxEntries} parts`);
      entries.set(entry.fileName.toLowerCase(), entry);
    }
    const { sheet, shared } = await firstSheetOf(zip, entries);
    const texts = await sharedTextsOf(zip, shared);
    return { rows: rowsOf(zip, sheet, texts), close: () => zip.close() };
  } catch (e) {
    zip.close();
    if (e instanceof XlsxError) throw e;
    throw new XlsxError((e as Error).message);
  }
}
