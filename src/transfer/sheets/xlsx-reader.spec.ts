import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { maxCellChars, openXlsxSheet, type RangedFile, type XlsxRow } from './xlsx-reader';

/** `bytes` as a stored file, counting the ranges read. */
function storedOf(bytes: Buffer): RangedFile & { reads: number } {
  const file = {
    size: bytes.length,
    reads: 0,
    range: async (start: number, end: number) => {
      file.reads++;
      return Readable.from([bytes.subarray(start, end)]);
    },
  };
  return file;
}

async function rowsOf(bytes: Buffer): Promise<XlsxRow[]> {
  const sheet = await openXlsxSheet(storedOf(bytes));
  const rows: XlsxRow[] = [];
  try {
    for await (const row of sheet.rows) rows.push(row);
  } finally {
    sheet.close();
  }
  return rows;
}

/** A zip of `parts` (path → XML text), in the order given. */
async function zipOf(parts: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text), path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${relNs}/${type}" Target="${target}"/>`;

/** A hand-written workbook: `sheets` by tab order (file name → sheetData XML), shared texts' XML optional. */
function workbookParts(sheets: Array<[string, string]>, sharedXml?: string): Record<string, string> {
  const parts: Record<string, string> = {
    '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    'xl/workbook.xml': `<x:workbook xmlns:x="${main}" xmlns:r="${relNs}"><x:sheets>${sheets
      .map((_sheet, i) => `<x:sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId${i + 10}"/>`)
      .join('')}</x:sheets></x:workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(([file], i) => rel(`rId${i + 10}`, 'worksheet', `/xl/worksheets/${file}`))
      .join('')}${sharedXml ? rel('rId2', 'sharedStrings', 'sharedStrings.xml') : ''}</Relationships>`,
  };
  for (const [file, data] of sheets)
    parts[`xl/worksheets/${file}`] = `<worksheet xmlns="${main}"><sheetData>${data}</sheetData></worksheet>`;
  if (sharedXml) parts['xl/sharedStrings.xml'] = `<sst xmlns="${main}">${sharedXml}</sst>`;
  return parts;
}

describe('xlsx reader', () => {
  it('reads a workbook exceljs wrote (its workbook part last) every time, which exceljs’s own streaming reader did not', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['sku', 'name', 'salesPrice']);
    sheet.addRow(['X-1', 'Computed', { formula: '10*2', result: 20 }]);
    sheet.addRow([
      'X-2',
      { richText: [{ text: 'Not ' }, { text: 'computed', font: { bold: true } }] },
      { formula: '10*3' },
    ]);
    sheet.addRow(['X-3', 42, 7.5, true]);
    workbook.addWorksheet('Second').addRow(['not', 'read']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const expected: XlsxRow[] = [
      { number: 1, cells: ['sku', 'name', 'salesPrice'], cellErrors: [] },
      { number: 2, cells: ['X-1', 'Computed', '20'], cellErrors: [] },
      {
        number: 3,
        cells: ['X-2', 'Not computed', ''],
        cellErrors: [
          {
            index: 2,
            message: expect.stringContaining(
              'cell C3 holds a formula without a stored result',
            ) as unknown as string,
          },
        ],
      },
      { number: 4, cells: ['X-3', '42', '7.5', 'true'], cellErrors: [] },
    ];
    // exceljs 4.4's WorkbookReader lost this workbook's last part about once in a hundred reads.
    for (let round = 0; round < 100; round++) {
      const all = await Promise.all([rowsOf(bytes), rowsOf(bytes), rowsOf(bytes), rowsOf(bytes)]);
      for (const rows of all) expect(rows).toEqual(expected);
    }
  });

  it('reads the zip’s directory from one read of its tail, then each part it needs', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('P').addRow(['sku']);
    const file = storedOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    const sheet = await openXlsxSheet(file);
    for await (const _ of sheet.rows);
    sheet.close();
    // The tail once; the local header and data of the root and workbook relationships, the
    // workbook, the shared texts and the sheet: two reads each.
    expect(file.reads).toBeLessThanOrEqual(1 + 5 * 2);
  });

  it('reads every kind of cell as a spreadsheet shows it, the first tab only', async () => {
    const shared =
      '<si><t>plain</t></si>' +
      '<si><r><t xml:space="preserve">rich </t></r><r><t>text</t></r><rPh><t>ふりがな</t></rPh></si>' +
      '<si><t>&lt;b&gt; &amp; &#233;</t></si>';
    const first =
      '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c><c r="D2" t="s"><v>2</v></c></row>' +
      '<row><c t="inlineStr"><is><t>inline</t></is></c><c t="b"><v>0</v></c><c t="str"><f>A1</f><v>by formula</v></c></row>' +
      '<row r="7"><c r="B7" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="C7" t="d"><v>2026-11-29T00:00:00Z</v></c><c r="D7"><v>0.30000000000000004</v></c><c r="E7"><v>7.50</v></c></row>' +
      '<row r="8"><c r="A8" s="1"/><c r="B8"><v></v></c></row>' +
      '<row r="9"><c r="AB9" t="s"><v>99</v></c></row>';
    const bytes = await zipOf(
      workbookParts(
        [
          ['sheet2.xml', first],
          ['sheet1.xml', '<row r="1"><c r="A1" t="inlineStr"><is><t>second tab</t></is></c></row>'],
        ],
        shared,
      ),
    );
    const rows = await rowsOf(bytes);
    expect(rows).toEqual([
      { number: 2, cells: ['plain', '', 'rich text', '<b> & é'], cellErrors: [] },
      { number: 3, cells: ['inline', 'false', 'by formula'], cellErrors: [] },
      {
        number: 7,
        cells: ['', '', '2026-11-29', '0.30000000000000004', '7.5'],
        cellErrors: [{ index: 1, message: 'cell B7 holds the error #DIV/0! (a formula’s result)' }],
      },
      { number: 8, cells: ['', ''], cellErrors: [] },
      {
        number: 9,
        cells: [...Array(27).fill(''), ''],
        cellErrors: [{ index: 27, message: 'cell AB9 refers to a shared text the workbook does not hold' }],
      },
    ]);
  });

  it('refuses what is not a workbook with a reason a person can act on', async () => {
    await expect(openXlsxSheet(storedOf(Buffer.from('PK\u0003\u0004 not really a zip')))).rejects.toThrow(
      /^it is not a readable zip file: End of central directory record signature not found/,
    );
    await expect(openXlsxSheet(storedOf(await zipOf({ 'a.txt': 'hello' })))).rejects.toThrow(
      'it holds no workbook part (xl/workbook.xml)',
    );
    const noSheet = workbookParts([]);
    await expect(openXlsxSheet(storedOf(await zipOf(noSheet)))).rejects.toThrow(
      'the workbook has no worksheet',
    );
    const broken = workbookParts([['sheet1.xml', '<row r="1"><c r="A1"><v>1</v></c></row>']]);
    broken['xl/worksheets/sheet1.xml'] = '<worksheet><sheetData><row><c></sheetData>';
    await expect(rowsOf(await zipOf(broken))).rejects.toThrow(
      /part xl\/worksheets\/sheet1.xml is not readable XML/,
    );
    const wide = workbookParts([['sheet1.xml', '<row r="1"><c r="ZZZZ1"><v>1</v></c></row>']]);
    await expect(rowsOf(await zipOf(wide))).rejects.toThrow('row 1 has a cell beyond column XFD');
  });

  it('passes on a failure of the store itself (not the file’s fault) as it is', async () => {
    const gone = new Error('The uploaded file is no longer stored.');
    const file: RangedFile = { size: 1000, range: () => Promise.reject(gone) };
    await expect(openXlsxSheet(file)).rejects.toBe(gone);
  });

  it('refuses a cell longer than it keeps in memory (a zip bomb’s text), mid-stream', async () => {
    const long = 'x'.repeat(maxCellChars + 1);
    const parts = workbookParts([
      ['sheet1.xml', `<row r="1"><c t="inlineStr"><is><t>${long}</t></is></c></row>`],
    ]);
    await expect(rowsOf(await zipOf(parts))).rejects.toThrow(
      `cell A1 holds more than ${maxCellChars} characters`,
    );
  });
});
