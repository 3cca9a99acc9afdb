import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { type Caller, startApp, type TestApp, type WorkspaceFixture } from '../../support/app';
import { csv, runImport } from './transfer-calls';

/** The raw bytes of an answer (supertest parses only text and JSON by itself). */
const binary = (req: ReturnType<Caller['get']>) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** A 1×1 PNG (an uploaded image, which the imageUrls column leaves alone). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const img = (name: string) => `https://img.example.com/${name}.jpg`;

interface Product {
  id: string;
  sku: string | null;
  manufacturerId: string | null;
  barcodes: string[];
  externalReferences: string[];
  attributes: Array<{ attributeId: string; values: string[] }>;
  images: Array<{ id: string; url: string; displayOrder: number }>;
  pricing: { salesPrice: number | null; tiers: Array<{ minQuantity: number; salesPrice: number }> };
}

describe('Product import columns: barcodes, manufacturer, attributes, tiers, image URLs, externalReference', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  const ids = { colour: '', width: '', acme: '', birch: '' };
  const bySku = async (sku: string): Promise<Product> => {
    const res = await ws.owner.get(`/core-api/catalog/products/sku/${sku}`);
    expect(res.status).toBe(200);
    return res.body as Product;
  };
  const valuesOf = (p: Product, attributeId: string) =>
    p.attributes.find((a) => a.attributeId === attributeId)?.values;
  const made = async (path: string, body: object) => {
    const res = await ws.owner.post(path, body);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50', IMPORT_BATCH_ROWS: '2' });
    ws = await t.workspace();
    ids.colour = await made('/core-api/catalog/products/attributes', { name: 'Colour' });
    ids.width = await made('/core-api/catalog/products/attributes', { name: 'Width' });
    ids.acme = await made('/core-api/catalog/manufacturers', { name: 'Acme Works' });
    ids.birch = await made('/core-api/catalog/manufacturers', { name: 'Birch Co' });
    await made('/core-api/catalog/products', { name: 'Holder', sku: 'HOLD-1', barcodes: ['5000'] });
  });
  afterAll(() => t.close());

  const header = [
    'sku',
    'name',
    'manufacturer',
    'barcodes',
    'priceTiers',
    'imageUrls',
    'externalReference',
    'attribute:Colour',
    'attribute:Width',
  ];
  const createFile = csv([
    header,
    [
      'C-1',
      'Chair',
      'Acme Works',
      '222 | 111',
      '50:10|10:11,5',
      `${img('a')}|${img('b')}`,
      'ERP-1',
      'red|blue',
      '120',
    ],
  ]);

  it('a dry run names every column it would set and writes nothing; apply writes them', async () => {
    const dry = await runImport(t, ws.owner, createFile, { kind: 'products', mode: 'dryRun' });
    expect(dry).toMatchObject({ status: 'Succeeded', created: 1, failed: 0, errorCount: 0 });
    expect(dry.plan).toEqual([
      {
        row: 2,
        key: 'C-1',
        action: 'create',
        changes: [
          'name',
          'manufacturer',
          'barcodes',
          'priceTiers',
          'imageUrls',
          'externalReference',
          'attribute:Colour',
          'attribute:Width',
        ],
      },
    ]);
    expect((await ws.owner.get('/core-api/catalog/products/sku/C-1')).status).toBe(404);

    const job = await runImport(t, ws.owner, createFile, { kind: 'products', mode: 'apply' });
    expect(job).toMatchObject({ status: 'Succeeded', created: 1, failed: 0 });
    const p = await bySku('C-1');
    expect(p.manufacturerId).toBe(ids.acme);
    expect(p.barcodes).toEqual(['111', '222']);
    expect(p.pricing.tiers).toEqual([
      { minQuantity: 10, salesPrice: 11.5 },
      { minQuantity: 50, salesPrice: 10 },
    ]);
    expect(p.images.map((i) => [i.url, i.displayOrder])).toEqual([
      [img('a'), 0],
      [img('b'), 1],
    ]);
    expect(p.externalReferences).toEqual(['ERP-1']);
    expect(valuesOf(p, ids.colour)).toEqual(['red', 'blue']);
    expect(valuesOf(p, ids.width)).toEqual(['120']);
    expect((await ws.owner.get('/core-api/catalog/products/barcode/222')).body.sku).toBe('C-1');
  });

  it('applying the same file again changes nothing', async () => {
    const job = await runImport(t, ws.owner, createFile, { kind: 'products', mode: 'apply' });
    expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 1 });
  });

  it('updates each column: a URL kept keeps its image, an empty attribute cell removes the value', async () => {
    const before = await bySku('C-1');
    const imageB = before.images.find((i) => i.url === img('b'))!;
    const upload = await ws.owner
      .post(`/core-api/catalog/products/${before.id}/images`)
      .attach('images', png, 'photo.png');
    expect(upload.status).toBe(200);
    const uploaded = (upload.body as Product).images.find(
      (i) => !i.url.startsWith('https://img.example.com/'),
    )!;
    const file = csv([
      header,
      ['C-1', 'Chair', 'Birch Co', '111|333', '10:11.00', `${img('b')}|${img('c')}`, 'ERP-9', 'green', ''],
    ]);
    const dry = await runImport(t, ws.owner, file, { kind: 'products', mode: 'dryRun' });
    expect(dry.plan).toEqual([
      {
        row: 2,
        key: 'C-1',
        action: 'update',
        changes: [
          'manufacturer',
          'barcodes',
          'priceTiers',
          'imageUrls',
          'externalReference',
          'attribute:Colour',
          'attribute:Width',
        ],
      },
    ]);
    const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
    expect(job).toMatchObject({ status: 'Succeeded', updated: 1, failed: 0 });
    const p = await bySku('C-1');
    expect(p.manufacturerId).toBe(ids.birch);
    expect(p.barcodes).toEqual(['111', '333']);
    expect((await ws.owner.get('/core-api/catalog/products/barcode/222')).status).toBe(404);
    expect(p.pricing.tiers).toEqual([{ minQuantity: 10, salesPrice: 11 }]);
    // The uploaded image stays, first; the URL images follow it in the cell's order.
    expect(p.images.map((i) => i.url)).toEqual([uploaded.url, img('b'), img('c')]);
    expect(p.images[1].id).toBe(imageB.id);
    expect(p.externalReferences).toEqual(['ERP-9']);
    expect(valuesOf(p, ids.colour)).toEqual(['green']);
    expect(valuesOf(p, ids.width)).toBeUndefined();
    const acts = await ws.owner.get(`/core-api/activities?entity_ids=${p.id}&Take=100`);
    // The activities of a PUT that changes the same members (one per changed property).
    expect(acts.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'ProductAttributesUpdated',
      'ProductBarcodesUpdated',
      'ProductCreated',
      'ProductExternalReferencesUpdated',
      'ProductImagesAdded',
      'ProductImagesUpdated',
      'ProductManufacturerIdUpdated',
      'ProductPricingUpdated',
    ]);
    const again = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
    expect(again).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('reports bad values as row errors naming the column, and imports the other rows', async () => {
    const long = 'x'.repeat(256);
    const file = csv([
      [
        'sku',
        'name',
        'manufacturer',
        'barcodes',
        'priceTiers',
        'imageUrls',
        'externalReference',
        'attribute:Colour',
      ],
      ['E-1', 'Clash', '', '5000', '', '', '', ''],
      ['E-2', 'First', '', '777', '', '', 'REF-X', ''],
      ['E-3', 'Second', '', '777', '', '', 'REF-X', ''],
      ['E-4', 'Tier', '', '', 'ten:5', '', '', ''],
      ['E-5', 'Tiers', '', '', '10:5|10:6', '', '', ''],
      ['E-6', 'Url', '', '', '', 'ftp://img.example.com/a.jpg', '', ''],
      ['E-7', 'Maker', 'Nobody', '', '', '', '', ''],
      ['E-8', 'Value', '', '', '', '', '', long],
      ['E-9', 'Zero', '', '', '0:5', '', '', ''],
    ]);
    const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
    expect(job).toMatchObject({ status: 'Succeeded', created: 1, failed: 8 });
    expect(job.errors).toEqual([
      { row: 2, column: 'barcodes', message: 'barcode 5000 is already a barcode of product HOLD-1' },
      {
        row: 4,
        column: 'externalReference',
        message: expect.stringContaining('appears again (first on row 3)'),
      },
      { row: 4, column: 'barcodes', message: 'barcode 777 is already a barcode of product E-2' },
      { row: 5, column: 'priceTiers', message: expect.stringContaining('"ten:5" is not a tier') },
      {
        row: 6,
        column: 'priceTiers',
        message: expect.stringContaining('more than one tier for quantity 10'),
      },
      { row: 7, column: 'imageUrls', message: expect.stringContaining('is not an absolute http(s) URL') },
      { row: 8, column: 'manufacturer', message: expect.stringContaining('unknown manufacturer "Nobody"') },
      {
        row: 9,
        column: 'attribute:Colour',
        message: expect.stringContaining('is longer than 255 characters'),
      },
      { row: 10, column: 'priceTiers', message: expect.stringContaining('greater than 0') },
    ]);
    expect((await bySku('E-2')).barcodes).toEqual(['777']);
    expect((await ws.owner.get('/core-api/catalog/products/sku/E-3')).status).toBe(404);
  });

  it('fails the whole job on an unknown attribute in the header', async () => {
    const job = await runImport(
      t,
      ws.owner,
      csv([
        ['sku', 'attribute:Size'],
        ['C-1', 'L'],
      ]),
      { kind: 'products', mode: 'apply' },
    );
    expect(job).toMatchObject({ status: 'Failed', rowsProcessed: 0 });
    expect(job.failure).toContain('Unknown attribute "Size" in column attribute:Size');
  });

  it('keys a file without sku by externalReference: matches, creates, and reports repeats and ambiguity', async () => {
    await made('/core-api/catalog/products', { name: 'Twin one', externalReferences: ['DUP'] });
    await made('/core-api/catalog/products', { name: 'Twin two', externalReferences: ['DUP'] });
    const file = csv([
      ['externalReference', 'name', 'salesPrice', 'barcodes'],
      ['ERP-9', 'Chair', '99', '111|333'],
      ['NEW-REF', 'Keyed by reference', '5', '888'],
      ['ERP-9', 'Again', '1', ''],
      ['DUP', 'Twin', '1', ''],
      ['', 'No key', '1', ''],
    ]);
    const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
    expect(job).toMatchObject({ status: 'Succeeded', created: 1, updated: 1, failed: 3 });
    expect(job.plan).toEqual([
      { row: 2, key: 'ERP-9', action: 'update', changes: ['salesPrice'] },
      { row: 3, key: 'NEW-REF', action: 'create', changes: ['name', 'salesPrice', 'barcodes'] },
    ]);
    expect(job.errors).toEqual([
      {
        row: 4,
        column: 'externalReference',
        message: expect.stringContaining('appears again (first on row 2)'),
      },
      { row: 5, column: 'externalReference', message: expect.stringContaining('is held by 2 products') },
      { row: 6, column: 'externalReference', message: 'externalReference is empty: every row needs one' },
    ]);
    expect((await bySku('C-1')).pricing.salesPrice).toBe(99);
    const created = await ws.owner.get('/core-api/catalog/products/barcode/888');
    expect(created.body).toMatchObject({
      sku: null,
      name: 'Keyed by reference',
      externalReferences: ['NEW-REF'],
    });
    const again = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 3 });
  });

  it('with both keys matches by sku and sets the reference as the first one, keeping the others', async () => {
    await made('/core-api/catalog/products', {
      name: 'Refs',
      sku: 'R-1',
      externalReferences: ['OLD', 'KEEP'],
    });
    const job = await runImport(
      t,
      ws.owner,
      csv([
        ['sku', 'externalReference'],
        ['R-1', 'NEW'],
      ]),
      { kind: 'products', mode: 'apply' },
    );
    expect(job.plan).toEqual([{ row: 2, key: 'R-1', action: 'update', changes: ['externalReference'] }]);
    expect((await bySku('R-1')).externalReferences).toEqual(['NEW', 'KEEP']);
  });

  it('exports every column in its canonical form: the export imported as a dry run changes nothing', async () => {
    const res = await binary(ws.owner.get('/core-api/exports/products?format=csv&skus=C-1'));
    expect(res.status).toBe(200);
    const text = (res.body as Buffer).toString('utf8');
    const [head, row] = text.replace(/^\uFEFF/, '').split('\r\n');
    const columns = head.split(',');
    expect(columns.slice(-2)).toEqual(['attribute:Colour', 'attribute:Width']);
    const cells = Object.fromEntries(columns.map((c, i) => [c, row.split(',')[i]]));
    expect(cells).toMatchObject({
      manufacturer: 'Birch Co',
      barcodes: '111|333',
      priceTiers: '10:11.00',
      imageUrls: `${img('b')}|${img('c')}`,
      externalReference: 'ERP-9',
      'attribute:Colour': 'green',
      'attribute:Width': '',
    });
    // Fill every column of the product, then round-trip the whole workspace in CSV and xlsx.
    const fill = await runImport(
      t,
      ws.owner,
      csv([
        ['sku', 'priceTiers', 'attribute:Width', 'attribute:Colour', 'barcodes'],
        ['C-1', '1:12.5|2.5:12|100:9.9999', '120|130', 'red|green', '111|333|4006381333931'],
      ]),
      { kind: 'products', mode: 'apply' },
    );
    expect(fill).toMatchObject({ updated: 1, failed: 0 });
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await binary(ws.owner.get(`/core-api/exports/products?format=${format}`));
      expect(file.status).toBe(200);
      if (format === 'csv')
        expect((file.body as Buffer).toString('utf8')).toContain('1:12.50|2.5:12.00|100:9.9999');
      else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file.body as never);
        expect(workbook.worksheets[0].rowCount).toBe(8);
      }
      const dry = await runImport(
        t,
        ws.owner,
        file.body as Buffer,
        { kind: 'products', mode: 'dryRun' },
        `products.${format}`,
      );
      // The three products without a sku (made by reference above) are exported with an empty sku.
      expect(dry.errors).toHaveLength(3);
      for (const e of dry.errors)
        expect(e).toMatchObject({ column: 'sku', message: 'sku is empty: every row needs one' });
      expect(dry).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 4, failed: 3 });
    }
  });
});
