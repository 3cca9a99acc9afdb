import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { ImportWorker } from '../../../src/transfer/imports/import-worker';
import { type Caller, startApp, type TestApp, type WorkspaceFixture } from '../../support/app';
import { csv, ended, runImport, upload } from './transfer-calls';

/** The raw bytes of an answer (supertest parses only text and JSON by itself). */
const binary = (req: ReturnType<Caller['get']>) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('Product exports, cancel and resume', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({
      IMPORTS_WORKER: 'true',
      IMPORTS_POLL_INTERVAL_MS: '50',
      IMPORT_BATCH_ROWS: '2',
      IMPORT_MAX_FILE_BYTES: String(64 * 1024),
      IMPORT_MAX_ROWS: '2000',
    });
  });
  afterAll(() => t.close());

  describe('round trip', () => {
    let ws: WorkspaceFixture;

    beforeAll(async () => {
      ws = await t.workspace();
      await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' });
      const brand = await ws.owner.post('/core-api/catalog/brands', { name: 'Oakline' });
      const root = await ws.owner.post('/core-api/catalog/productcategories', { name: 'Furniture' });
      const child = await ws.owner.post('/core-api/catalog/productcategories', {
        name: 'Chairs',
        parentId: root.body.id,
      });
      const vat = await ws.owner.get('/core-api/vatcodes');
      const made = await ws.owner.post('/core-api/catalog/products', {
        name: '=cmd|" /C calc"!A0',
        sku: 'RT-1',
        gtin: '4006381333931',
        tags: ['-minus', 'plain', "'quoted"],
        categories: [child.body.id, root.body.id],
        brandId: brand.body.id,
        active: false,
        pricing: { salesPrice: 12.5, purchasePrice: 1.2345, vatCodeId: vat.body.data[0].id },
      });
      expect(made.status).toBe(200);
      await ws.owner.post('/core-api/catalog/products/content', {
        productId: made.body.id,
        language: 'nl',
        title: '@Stoel',
        description: 'Regel 1\nRegel 2, met "quotes"; en puntkomma',
      });
      expect((await ws.owner.post('/core-api/catalog/products', { name: 'Plain', sku: 'RT-2' })).status).toBe(
        200,
      );
    });

    it('exports CSV in the import columns with formulas neutralised, and imports it back as unchanged', async () => {
      const res = await binary(ws.owner.get('/core-api/exports/products?format=csv'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const text = (res.body as Buffer).toString('utf8');
      expect(
        text.startsWith(
          '\uFEFFsku,name,slug,productType,variantOf,active,gtin,tags,categories,brand,salesPrice,purchasePrice,suggestedRetailPrice,vatCode,manufacturer,barcodes,priceTiers,imageUrls,externalReference,title:en,description:en,title:nl,description:nl\r\n',
        ),
      ).toBe(true);
      expect(text).toContain(`RT-1,"'=cmd|"" /C calc""!A0"`);
      expect(text).toContain("'-minus|plain|'quoted");
      expect(text).toContain('Furniture > Chairs|Furniture');
      expect(text).toContain(',12.50,1.2345,,');
      const job = await runImport(t, ws.owner, res.body as Buffer, { kind: 'products', mode: 'dryRun' });
      expect(job).toMatchObject({
        status: 'Succeeded',
        created: 0,
        updated: 0,
        unchanged: 2,
        failed: 0,
        errorCount: 0,
      });
    });

    it('exports xlsx the same way, and a filter narrows the export', async () => {
      const res = await binary(ws.owner.get('/core-api/exports/products?format=xlsx&skus=RT-1'));
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.body as never);
      const sheet = workbook.worksheets[0];
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(2).getCell(2).value).toBe(`'=cmd|" /C calc"!A0`);
      const job = await runImport(
        t,
        ws.owner,
        res.body as Buffer,
        { kind: 'products', mode: 'dryRun' },
        'p.xlsx',
      );
      expect(job).toMatchObject({
        status: 'Succeeded',
        unchanged: 1,
        failed: 0,
        detectedFormat: 'xlsx, first worksheet',
      });
    });

    it('takes the product list’s filters: text search, codes and the missing-content flags', async () => {
      const skusOf = async (query: string) => {
        const res = await binary(ws.owner.get(`/core-api/exports/products?${query}`));
        expect(res.status).toBe(200);
        return (res.body as Buffer)
          .toString('utf8')
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .map((line) => line.split(',')[0]);
      };
      expect(await skusOf('Query=plain')).toEqual(['RT-2']);
      expect(await skusOf('gtins=4006381333931')).toEqual(['RT-1']);
      expect(await skusOf('is_missing_description=true')).toEqual(['RT-2']);
      expect((await skusOf('is_missing_description=false&type=SimpleProduct')).sort()).toEqual(['RT-1']);
      expect(await skusOf('slugs=nothing-has-this')).toEqual([]);
      const bad = await ws.owner.get('/core-api/exports/products?is_missing_images=maybe');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('is_missing_images');
    });

    it('answers 400 for an unknown format or filter', async () => {
      expect((await ws.owner.get('/core-api/exports/products?format=pdf')).status).toBe(400);
      expect((await ws.owner.get('/core-api/exports/products?colour=red')).status).toBe(400);
    });
  });

  describe('xlsx cells', () => {
    it('takes a formula’s stored result and refuses a formula without one', async () => {
      const ws = await t.workspace();
      const file = await xlsxOf([
        ['sku', 'name', 'salesPrice'],
        ['X-1', 'Computed', { formula: '10*2', result: 20 }],
        ['X-2', 'Not computed', { formula: '10*3' } as ExcelJS.CellValue],
        ['X-3', 42, 7.5],
      ]);
      const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' }, 'p.xlsx');
      expect(job).toMatchObject({ status: 'Succeeded', created: 2, failed: 1 });
      expect(job.errors).toEqual([
        {
          row: 3,
          column: 'salesPrice',
          message: expect.stringContaining('cell C3 holds a formula without a stored result'),
        },
      ]);
      expect((await ws.owner.get('/core-api/catalog/products/sku/X-1')).body.pricing.salesPrice).toBe(20);
      expect((await ws.owner.get('/core-api/catalog/products/sku/X-3')).body.name).toBe('42');
    });

    it('refuses a file named .xlsx that is not a workbook (400) and a file over the limit (413)', async () => {
      const ws = await t.workspace();
      const fake = await upload(t, ws.owner, 'sku\nA\n', { kind: 'products', mode: 'apply' }, 'p.xlsx');
      expect(fake.status).toBe(400);
      expect(Object.keys(fake.body.errors)).toEqual(['file']);
      const big = await upload(t, ws.owner, 'sku,name\n' + 'A,B\n'.repeat(20_000), {
        kind: 'products',
        mode: 'apply',
      });
      expect(big.status).toBe(413);
      expect((await ws.owner.get('/core-api/imports')).body.total).toBe(0);
    });
  });

  describe('cancel and resume', () => {
    let ws: WorkspaceFixture;

    beforeAll(async () => {
      ws = await t.workspace();
    });

    const rows = (n: number, prefix: string) =>
      csv([
        ['sku', 'name'],
        ...Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, `Product ${i + 1}`]),
      ]);

    it('fails a file over IMPORT_MAX_ROWS before writing a row', async () => {
      const job = await runImport(t, ws.owner, rows(2001, 'M'), { kind: 'products', mode: 'apply' });
      expect(job).toMatchObject({ status: 'Failed', rowsProcessed: 0, created: 0, errorCount: 0 });
      expect(job.failure).toContain('more than 2000 data rows');
      expect((await ws.owner.get('/core-api/catalog/products/sku/M-1')).status).toBe(404);
      const fits = await runImport(t, ws.owner, rows(2000, 'M'), { kind: 'products', mode: 'dryRun' });
      expect(fits).toMatchObject({ status: 'Succeeded', rowsTotal: 2000, created: 2000 });
    });

    it('cancels a queued job: it never runs and its file is gone', async () => {
      const worker = t.app.get(ImportWorker);
      await worker.stop();
      try {
        const res = await upload(t, ws.owner, rows(4, 'Q'), { kind: 'products', mode: 'apply' });
        expect(res.status).toBe(202);
        const ds = t.app.get(DataSource);
        const [{ file_key }] = await ds.query('SELECT file_key FROM import_jobs WHERE id = $1', [
          res.body.id,
        ]);
        expect(file_key).toMatch(new RegExp(`^private/${ws.id}/imports/`));
        // Private files are never served, and another workspace cannot name the job.
        expect((await t.http.get(`/files/${file_key}`)).status).toBe(404);
        const other = await t.workspace();
        expect((await other.owner.delete(`/core-api/imports/${res.body.id}`)).status).toBe(404);
        expect((await ws.owner.delete(`/core-api/imports/${res.body.id}`)).status).toBe(200);
        const [row] = await ds.query('SELECT status, file_key FROM import_jobs WHERE id = $1', [res.body.id]);
        expect(row).toEqual({ status: 'Canceled', file_key: null });
        expect(await ds.query('SELECT 1 FROM stored_files WHERE key = $1', [file_key])).toEqual([]);
      } finally {
        worker.start();
      }
      await new Promise((r) => setTimeout(r, 300));
      expect((await ws.owner.post('/core-api/catalog/products/list', { skus: ['Q-1'] })).body.total).toBe(0);
    });

    it('refuses a job over IMPORT_JOBS_PER_WORKSPACE (429 with Retry-After)', async () => {
      const worker = t.app.get(ImportWorker);
      const busy = await t.workspace();
      await worker.stop();
      try {
        const queued: string[] = [];
        for (let i = 0; i < 2; i++) {
          const res = await upload(t, busy.owner, rows(1, `L${i}`), { kind: 'products', mode: 'dryRun' });
          expect(res.status).toBe(202);
          queued.push(res.body.id);
        }
        const refused = await upload(t, busy.owner, rows(1, 'L9'), { kind: 'products', mode: 'dryRun' });
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe('30');
        // Another workspace is not held back by this one.
        expect((await upload(t, ws.owner, rows(1, 'L8'), { kind: 'products', mode: 'dryRun' })).status).toBe(
          202,
        );
        for (const id of queued)
          expect((await busy.owner.delete(`/core-api/imports/${id}`)).status).toBe(200);
        expect(
          (await upload(t, busy.owner, rows(1, 'L7'), { kind: 'products', mode: 'dryRun' })).status,
        ).toBe(202);
      } finally {
        worker.start();
      }
    });

    it('cancels a running job between batches: the batches committed stay, nothing else is written', async () => {
      // 750 batches of 2 rows: the cancel comes while it runs.
      const res = await upload(t, ws.owner, rows(1500, 'C'), { kind: 'products', mode: 'apply' });
      expect(res.status).toBe(202);
      for (;;) {
        const job = await ws.owner.get(`/core-api/imports/${res.body.id}`);
        if (job.body.status === 'Running') break;
        expect(job.body.status).toBe('Queued');
      }
      expect((await ws.owner.delete(`/core-api/imports/${res.body.id}`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const job = await ended(ws.owner, res.body.id);
      expect(job.status).toBe('Canceled');
      expect(job.rowsProcessed).toBeLessThan(1500);
      const products = await ws.owner.post('/core-api/catalog/products/list', { Take: 1 });
      expect(products.body.total).toBe(job.rowsProcessed);
      expect(job.created).toBe(job.rowsProcessed);
    });

    it('starts a dry run whose worker died again from its first row, so its plan stays whole', async () => {
      const worker = t.app.get(ImportWorker);
      const ds = t.app.get(DataSource);
      await worker.stop();
      let id: string;
      try {
        // Row 2 makes a category the dry run would create; row 6, after the checkpoint, uses it.
        const file = csv([
          ['sku', 'name', 'categories'],
          ['D-1', 'One', 'Dry > Run'],
          ['D-2', 'Two', ''],
          ['D-3', 'Three', ''],
          ['D-4', 'Four', ''],
          ['D-5', 'Five', 'Dry > Run'],
        ]);
        const res = await upload(t, ws.owner, file, {
          kind: 'products',
          mode: 'dryRun',
          createMissingCategories: 'true',
        });
        id = res.body.id;
        await ds.query(
          `UPDATE import_jobs SET status = 'Running', claim_token = gen_random_uuid(), attempts = 1,
                  lease_until = now() - interval '1 second', checkpoint = 4, rows_processed = 4, rows_total = 5,
                  created = 4, plan = '[{"row":2,"key":"D-1","action":"create","changes":[]}]'::jsonb
            WHERE id = $1`,
          [id],
        );
      } finally {
        worker.start();
      }
      const job = await ended(ws.owner, id);
      expect(job).toMatchObject({
        status: 'Succeeded',
        rowsProcessed: 5,
        created: 5,
        failed: 0,
        errorCount: 0,
      });
      expect(job.plan.map((p) => p.key)).toEqual(['D-1', 'D-2', 'D-3', 'D-4', 'D-5']);
      expect((await ws.owner.get('/core-api/catalog/products/sku/D-1')).status).toBe(404);
    });

    it('resumes a job whose worker died from its checkpoint, once its lease has ended', async () => {
      const worker = t.app.get(ImportWorker);
      const ds = t.app.get(DataSource);
      await worker.stop();
      let id: string;
      try {
        const res = await upload(t, ws.owner, rows(6, 'R') + 'R-1,Repeated\r\n', {
          kind: 'products',
          mode: 'apply',
        });
        id = res.body.id;
        // As a worker leaves it when killed after its second batch: Running, leased, checkpoint 4.
        await ds.query(
          `UPDATE import_jobs SET status = 'Running', claim_token = gen_random_uuid(), attempts = 1,
                  lease_until = now() + interval '1 hour', checkpoint = 4, rows_processed = 4, rows_total = 7, created = 4
            WHERE id = $1`,
          [id],
        );
        worker.start();
        await new Promise((r) => setTimeout(r, 300));
        // Leased: no worker takes it.
        expect((await ws.owner.get(`/core-api/imports/${id}`)).body).toMatchObject({
          status: 'Running',
          rowsProcessed: 4,
        });
        await ds.query(`UPDATE import_jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [
          id,
        ]);
      } finally {
        worker.start();
      }
      const job = await ended(ws.owner, id);
      expect(job).toMatchObject({ status: 'Succeeded', rowsProcessed: 7, created: 6, failed: 1 });
      // The rows before the checkpoint were not applied again (here: never, as the "crash" was simulated),
      // and a row repeating a key of them is still an error.
      expect(job.errors).toEqual([
        { row: 8, column: 'sku', message: expect.stringContaining('first on row 2') },
      ]);
      const made = await ws.owner.post('/core-api/catalog/products/list', {
        skus: ['R-1', 'R-4', 'R-5', 'R-6'],
      });
      expect(made.body.data.map((p: { sku: string }) => p.sku).sort()).toEqual(['R-5', 'R-6']);
    });
  });
});
