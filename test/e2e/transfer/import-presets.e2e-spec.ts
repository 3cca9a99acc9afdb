import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { DataSource } from 'typeorm';
import { ImportWorker } from '../../../src/transfer/imports/import-worker';
import { startApp, type TestApp, type WorkspaceFixture } from '../../support/app';
import { csv, ended, runImport, upload } from './transfer-calls';

const shopifyFile = readFileSync('examples/imports/shopify-products.csv');
const googleFile = readFileSync('examples/imports/google-merchant-feed.tsv');

interface Product {
  id: string;
  sku: string;
  name: string;
  productType: string;
  active: boolean;
  gtin: string | null;
  tags: string[];
  brandId: string | null;
  categories: string[];
  components: Array<{ productId: string; quantity: number; displayOrder: number }>;
  pricing: { salesPrice: number | null; purchasePrice: number | null; suggestedRetailPrice: number | null };
}

const shopifyPlan = [
  [2, 'classic-cotton-tee'],
  [2, 'TEE-BLK-S'],
  [3, 'TEE-BLK-M'],
  [4, 'TEE-WHT-S'],
  [5, 'TEE-WHT-M'],
  [7, 'TBL-OAK-45'],
  [8, 'stoneware-mug'],
  [8, 'MUG-SAND'],
  [9, 'stoneware-mug-slate'],
];

const googlePlan = [
  [2, 'HD-100'],
  [2, 'HD-100-NAV-M'],
  [3, 'HD-100-NAV-L'],
  [4, 'LAMP-BRASS-01'],
  [5, 'HD-100-GRY-M'],
  [6, 'SNK-200'],
  [6, 'SNK-200-WHT-41'],
  [7, 'SNK-200-WHT-42'],
  [8, 'SNK-200-WHT-43'],
];

describe('Import presets', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50', IMPORT_BATCH_ROWS: '2' });
  });
  afterAll(() => t.close());

  const product = async (ws: WorkspaceFixture, sku: string): Promise<Product> => {
    const res = await ws.owner.get(`/core-api/catalog/products/sku/${encodeURIComponent(sku)}`);
    expect(res.status).toBe(200);
    return res.body as Product;
  };
  /** The skus of a product's components, in their display order. */
  const variantSkus = async (ws: WorkspaceFixture, parent: Product): Promise<string[]> => {
    const ids = [...parent.components]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((c) => c.productId);
    const list = await ws.owner.post('/core-api/catalog/products/list', { ids, Take: 100 });
    const skus = new Map(list.body.data.map((p: Product) => [p.id, p.sku]));
    return ids.map((id) => skus.get(id) as string);
  };
  const categoryName = async (ws: WorkspaceFixture, id: string) =>
    (await ws.owner.get(`/core-api/catalog/productcategories/${id}`)).body.name as string;
  const content = async (ws: WorkspaceFixture, p: Product) =>
    (await ws.owner.get(`/core-api/catalog/products/content?product_ids=${p.id}`)).body.data[0] as {
      language: string;
      title: string;
      description: string | null;
    };
  const brandId = async (ws: WorkspaceFixture, name: string) => {
    const res = await ws.owner.post('/core-api/catalog/brands', { name });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const activityTypes = async (ws: WorkspaceFixture, id: string) =>
    (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=100`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();

  describe('Shopify product CSV', () => {
    let ws: WorkspaceFixture;
    const brands: Record<string, string> = {};
    const fields = { kind: 'products', preset: 'shopify', createMissingCategories: 'true' };

    beforeAll(async () => {
      ws = await t.workspace();
      brands.Northwind = await brandId(ws, 'Northwind');
      brands.Oakline = await brandId(ws, 'Oakline');
    });

    it('a dry run plans every product and variant of the file and writes nothing', async () => {
      const job = await runImport(
        t,
        ws.owner,
        shopifyFile,
        { ...fields, mode: 'dryRun' },
        'products_export.csv',
      );
      expect(job).toMatchObject({
        status: 'Succeeded',
        rowsTotal: 8,
        rowsProcessed: 8,
        created: 9,
        updated: 0,
        failed: 0,
        errorCount: 0,
        preset: 'shopify',
      });
      expect(job.plan.map((p) => [p.row, p.key])).toEqual(shopifyPlan);
      expect(job.plan.every((p) => p.action === 'create')).toBe(true);
      expect(job.plan[0].changes).toEqual(
        expect.arrayContaining([
          'name',
          'productType',
          'brand',
          'tags',
          'categories',
          'title:en',
          'description:en',
        ]),
      );
      expect(job.plan[1].changes).toEqual(
        expect.arrayContaining(['variantOf', 'salesPrice', 'suggestedRetailPrice', 'purchasePrice', 'gtin']),
      );
      expect((await ws.owner.post('/core-api/catalog/products/list', {})).body.total).toBe(0);
    });

    it('apply makes a ConfigurableProduct with its variants per handle, and a SimpleProduct for "Default Title"', async () => {
      const job = await runImport(
        t,
        ws.owner,
        shopifyFile,
        { ...fields, mode: 'apply' },
        'products_export.csv',
      );
      expect(job).toMatchObject({ status: 'Succeeded', created: 9, failed: 0, errorCount: 0 });
      expect(job.plan.map((p) => [p.row, p.key])).toEqual(shopifyPlan);

      const tee = await product(ws, 'classic-cotton-tee');
      expect(tee).toMatchObject({
        name: 'Classic Cotton Tee',
        productType: 'ConfigurableProduct',
        active: true,
        tags: ['basics', 'cotton', 'summer'],
        brandId: brands.Northwind,
        pricing: { salesPrice: null },
      });
      expect(await variantSkus(ws, tee)).toEqual(['TEE-BLK-S', 'TEE-BLK-M', 'TEE-WHT-S', 'TEE-WHT-M']);
      expect(tee.components.map((c) => Number(c.quantity))).toEqual([1, 1, 1, 1]);
      expect(tee.categories).toHaveLength(1);
      expect(await categoryName(ws, tee.categories[0])).toBe('Shirts & Tops');
      const teeContent = await content(ws, tee);
      expect(teeContent).toMatchObject({ language: 'en', title: 'Classic Cotton Tee' });
      expect(teeContent.description).toContain('<strong>organic cotton</strong>');

      const blackS = await product(ws, 'TEE-BLK-S');
      expect(blackS).toMatchObject({
        name: 'Classic Cotton Tee / Black / S',
        productType: 'SimpleProduct',
        gtin: '8712345000011',
        active: true,
        brandId: brands.Northwind,
        categories: [],
        pricing: { salesPrice: 19.95, suggestedRetailPrice: 24.95, purchasePrice: 6.5 },
      });
      expect((await content(ws, blackS)).title).toBe('Classic Cotton Tee / Black / S');
      expect((await product(ws, 'TEE-WHT-M')).pricing).toMatchObject({
        salesPrice: 21.95,
        suggestedRetailPrice: null,
      });

      const table = await product(ws, 'TBL-OAK-45');
      expect(table).toMatchObject({
        name: 'Oak Side Table',
        productType: 'SimpleProduct',
        brandId: brands.Oakline,
        components: [],
        pricing: { salesPrice: 149, purchasePrice: 62 },
      });
      expect(await categoryName(ws, table.categories[0])).toBe('End Tables');
      // No product for the handle of a product without variants.
      expect((await ws.owner.get('/core-api/catalog/products/sku/oak-side-table')).status).toBe(404);

      const mug = await product(ws, 'stoneware-mug');
      expect(mug).toMatchObject({ productType: 'ConfigurableProduct', active: false });
      expect(await variantSkus(ws, mug)).toEqual(['MUG-SAND', 'stoneware-mug-slate']);
      expect(await product(ws, 'stoneware-mug-slate')).toMatchObject({
        name: 'Stoneware Mug / Slate',
        active: false,
        pricing: { salesPrice: 14.5 },
      });
      expect((await ws.owner.post('/core-api/catalog/products/list', {})).body.total).toBe(9);

      // Variants committed in later batches than their parent (batches of 2 rows): the parent's PUT
      // activity for its components, once per batch.
      expect(await activityTypes(ws, tee.id)).toEqual([
        'ProductComponentsUpdated',
        'ProductComponentsUpdated',
        'ProductCreated',
      ]);
      expect(await activityTypes(ws, blackS.id)).toEqual(['ProductCreated']);
    });

    it('a second apply of the same file changes nothing and records nothing', async () => {
      const before = (await ws.owner.get('/core-api/activities?Take=1')).body.total;
      const job = await runImport(
        t,
        ws.owner,
        shopifyFile,
        { ...fields, mode: 'apply' },
        'products_export.csv',
      );
      expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 9, failed: 0 });
      // Only the job's own creation is a new activity.
      expect((await ws.owner.get('/core-api/activities?Take=1')).body.total).toBe(before + 1);
    });

    it('exports the variants with variantOf, and the export imports back without a change', async () => {
      const res = await ws.owner.get('/core-api/exports/products?format=csv');
      expect(res.status).toBe(200);
      const rows = parse(res.text.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
      const bySku = new Map(rows.map((r) => [r.sku, r]));
      expect(bySku.get('TEE-WHT-S')).toMatchObject({
        variantOf: 'classic-cotton-tee',
        productType: 'SimpleProduct',
      });
      expect(bySku.get('classic-cotton-tee')).toMatchObject({
        variantOf: '',
        productType: 'ConfigurableProduct',
      });
      expect(bySku.get('TBL-OAK-45')?.variantOf).toBe('');
      const job = await runImport(t, ws.owner, res.text, { kind: 'products', mode: 'dryRun' });
      expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 9, errorCount: 0 });
    });

    it('variantOf moves a variant to another ConfigurableProduct and takes it out with an empty cell', async () => {
      const file = csv([
        ['sku', 'variantOf'],
        ['TEE-WHT-M', 'stoneware-mug'],
        ['MUG-SAND', ''],
      ]);
      const dry = await runImport(t, ws.owner, file, { kind: 'products', mode: 'dryRun' });
      expect(dry.plan).toEqual([
        { row: 2, key: 'TEE-WHT-M', action: 'update', changes: ['variantOf'] },
        { row: 3, key: 'MUG-SAND', action: 'update', changes: ['variantOf'] },
      ]);
      const mugBefore = await activityTypes(ws, (await product(ws, 'stoneware-mug')).id);
      const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
      expect(job).toMatchObject({ status: 'Succeeded', updated: 2, errorCount: 0 });
      const tee = await product(ws, 'classic-cotton-tee');
      expect(await variantSkus(ws, tee)).toEqual(['TEE-BLK-S', 'TEE-BLK-M', 'TEE-WHT-S']);
      const mug = await product(ws, 'stoneware-mug');
      expect(await variantSkus(ws, mug)).toEqual(['stoneware-mug-slate', 'TEE-WHT-M']);
      const moved = await product(ws, 'TEE-WHT-M');
      // The variant's own answer does not change: the parents' components do.
      expect(await activityTypes(ws, moved.id)).toEqual(['ProductCreated']);
      expect(await activityTypes(ws, mug.id)).toEqual([...mugBefore, 'ProductComponentsUpdated'].sort());
    });

    it('reports an unknown parent, a parent that is not a ConfigurableProduct and a product as its own parent', async () => {
      const job = await runImport(
        t,
        ws.owner,
        csv([
          ['sku', 'name', 'variantOf'],
          ['V-1', 'Variant one', 'NO-SUCH-SKU'],
          ['V-2', 'Variant two', 'TBL-OAK-45'],
          ['V-3', 'Variant three', 'V-3'],
          ['V-4', 'Variant four', 'V-1'],
        ]),
        { kind: 'products', mode: 'dryRun' },
      );
      expect(job).toMatchObject({ status: 'Succeeded', created: 0, failed: 4 });
      expect(job.errors).toEqual([
        { row: 2, column: 'variantOf', message: expect.stringContaining('unknown parent "NO-SUCH-SKU"') },
        {
          row: 3,
          column: 'variantOf',
          message: expect.stringContaining('only a ConfigurableProduct has variants'),
        },
        { row: 4, column: 'variantOf', message: expect.stringContaining('its own variant') },
        {
          // A row with an error makes no product: a later row cannot name it.
          row: 5,
          column: 'variantOf',
          message: expect.stringContaining('unknown parent "V-1"'),
        },
      ]);
    });

    it('composes with mapping: headers renamed or ignored before the preset, other targets passed through', async () => {
      const other = await t.workspace();
      const file = csv([
        ['Handle', 'Title', 'Vendor', 'SKU', 'Option1 Name', 'Option1 Value', 'Variant Price', 'Tax'],
        ['lamp', 'Lamp', 'Unknown vendor', 'LMP-1', 'Title', 'Default Title', '12.00', 'Standard'],
      ]);
      const job = await runImport(t, other.owner, file, {
        kind: 'products',
        mode: 'apply',
        preset: 'shopify',
        mapping: JSON.stringify({ Vendor: null, SKU: 'Variant SKU', Tax: 'vatCode' }),
      });
      expect(job).toMatchObject({ status: 'Succeeded', created: 1, errorCount: 0 });
      expect(job.plan[0].changes).toEqual(expect.arrayContaining(['vatCode', 'salesPrice']));
      const lamp = await product(other, 'LMP-1');
      expect(lamp).toMatchObject({ name: 'Lamp', brandId: null, pricing: { salesPrice: 12 } });
      expect(lamp.pricing).toHaveProperty('vatCodeId', expect.any(String));
      // Without the mapping, the unknown vendor is an error on the row (brands are never created).
      const unmapped = await runImport(t, other.owner, file, {
        kind: 'products',
        mode: 'dryRun',
        preset: 'shopify',
        mapping: JSON.stringify({ SKU: 'Variant SKU', Tax: null }),
      });
      expect(unmapped.errors).toEqual([
        { row: 2, column: 'brand', message: expect.stringContaining('unknown brand "Unknown vendor"') },
      ]);
    });

    it('fails a job whose file is not a Shopify product CSV', async () => {
      const job = await runImport(
        t,
        ws.owner,
        csv([
          ['sku', 'name'],
          ['A', 'B'],
        ]),
        {
          kind: 'products',
          mode: 'dryRun',
          preset: 'shopify',
        },
      );
      expect(job.status).toBe('Failed');
      expect(job.failure).toContain('no "Handle", "Title" column');
    });

    it('a resumed job derives the same rows: the preset reads the rows before the checkpoint again', async () => {
      const fresh = await t.workspace();
      await brandId(fresh, 'Northwind');
      await brandId(fresh, 'Oakline');
      const records = parse(shopifyFile, { relax_column_count: true }) as string[][];
      // What a worker killed after the file's first two rows had committed.
      const head = await runImport(t, fresh.owner, csv(records.slice(0, 3)), { ...fields, mode: 'apply' });
      expect(head).toMatchObject({ status: 'Succeeded', created: 3, errorCount: 0 });

      const worker = t.app.get(ImportWorker);
      const ds = t.app.get(DataSource);
      await worker.stop();
      let id: string;
      try {
        const res = await upload(t, fresh.owner, shopifyFile, { ...fields, mode: 'apply' });
        expect(res.status).toBe(202);
        id = res.body.id;
        await ds.query(
          `UPDATE import_jobs SET status = 'Running', claim_token = gen_random_uuid(), attempts = 1,
                  lease_until = now() - interval '1 second', checkpoint = 2, rows_processed = 2, rows_total = 8, created = 3
            WHERE id = $1`,
          [id],
        );
      } finally {
        worker.start();
      }
      const job = await ended(fresh.owner, id);
      // The third row is a later variant of the first row's handle, not a new product.
      expect(job).toMatchObject({
        status: 'Succeeded',
        rowsProcessed: 8,
        created: 9,
        failed: 0,
        errorCount: 0,
      });
      const tee = await product(fresh, 'classic-cotton-tee');
      expect(await variantSkus(fresh, tee)).toEqual(['TEE-BLK-S', 'TEE-BLK-M', 'TEE-WHT-S', 'TEE-WHT-M']);
      expect((await fresh.owner.post('/core-api/catalog/products/list', {})).body.total).toBe(9);
    });
  });

  describe('Google Merchant Center feed', () => {
    let ws: WorkspaceFixture;
    const brands: Record<string, string> = {};
    const fields = { kind: 'products', preset: 'googleMerchant', createMissingCategories: 'true' };

    beforeAll(async () => {
      ws = await t.workspace();
      brands.Northwind = await brandId(ws, 'Northwind');
      brands.Lumen = await brandId(ws, 'Lumen & Co');
    });

    it('a dry run plans a ConfigurableProduct per item group with its items as variants', async () => {
      const job = await runImport(t, ws.owner, googleFile, { ...fields, mode: 'dryRun' }, 'feed.tsv');
      expect(job).toMatchObject({
        status: 'Succeeded',
        rowsTotal: 7,
        created: 9,
        errorCount: 0,
        detectedFormat: expect.stringContaining('tab'),
      });
      expect(job.plan.map((p) => [p.row, p.key])).toEqual(googlePlan);
      expect((await ws.owner.post('/core-api/catalog/products/list', {})).body.total).toBe(0);
    });

    it('apply writes the products, variants, prices, categories and contents', async () => {
      const job = await runImport(t, ws.owner, googleFile, { ...fields, mode: 'apply' }, 'feed.tsv');
      expect(job).toMatchObject({ status: 'Succeeded', created: 9, failed: 0, errorCount: 0 });

      const hoodie = await product(ws, 'HD-100');
      expect(hoodie).toMatchObject({
        name: 'Fleece Hoodie',
        productType: 'ConfigurableProduct',
        brandId: brands.Northwind,
      });
      // The group's items wherever they are in the feed, in feed order.
      expect(await variantSkus(ws, hoodie)).toEqual(['HD-100-NAV-M', 'HD-100-NAV-L', 'HD-100-GRY-M']);
      expect(await categoryName(ws, hoodie.categories[0])).toBe('Sweaters & Hoodies');
      expect(await content(ws, hoodie)).toMatchObject({
        title: 'Fleece Hoodie',
        description: 'Brushed fleece hoodie with a kangaroo pocket and ribbed cuffs.',
      });
      expect(await product(ws, 'HD-100-GRY-M')).toMatchObject({
        name: 'Fleece Hoodie - Heather Grey - M',
        gtin: '8712345001025',
        categories: [],
        pricing: { salesPrice: 49, suggestedRetailPrice: null },
      });

      const sneaker = await product(ws, 'SNK-200');
      expect(sneaker.name).toBe('Canvas Sneaker');
      expect(await variantSkus(ws, sneaker)).toEqual(['SNK-200-WHT-41', 'SNK-200-WHT-42', 'SNK-200-WHT-43']);
      // The title does not name the color and size: they are added to the variant's name.
      const size42 = await product(ws, 'SNK-200-WHT-42');
      expect(size42).toMatchObject({ name: 'Canvas Sneaker / White / 42', pricing: { salesPrice: 65 } });
      expect((await content(ws, size42)).title).toBe('Canvas Sneaker / White / 42');

      const lamp = await product(ws, 'LAMP-BRASS-01');
      expect(lamp).toMatchObject({
        name: 'Brass Desk Lamp',
        productType: 'SimpleProduct',
        brandId: brands.Lumen,
        gtin: '8712345002008',
        components: [],
        // sale_price is what it sells for; price is then its suggested retail price.
        pricing: { salesPrice: 79, suggestedRetailPrice: 89 },
      });
      expect(await categoryName(ws, lamp.categories[0])).toBe('Desk Lamps');
      expect((await content(ws, lamp)).description).toContain('brushed brass');
    });

    it('a second apply changes nothing', async () => {
      const job = await runImport(t, ws.owner, googleFile, { ...fields, mode: 'apply' }, 'feed.tsv');
      expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 9, failed: 0 });
    });

    it("reports a price in another currency than the workspace's", async () => {
      const feed = 'id\ttitle\tprice\nX-1\tThing\t10.00 USD\nX-2\tOther thing\t10.00\n';
      const job = await runImport(
        t,
        ws.owner,
        feed,
        { kind: 'products', mode: 'dryRun', preset: 'googleMerchant' },
        'f.tsv',
      );
      expect(job).toMatchObject({ status: 'Succeeded', created: 1, failed: 1 });
      expect(job.errors).toEqual([{ row: 2, column: 'price', message: expect.stringContaining('USD') }]);
    });
  });

  describe('the preset field', () => {
    let ws: WorkspaceFixture;

    beforeAll(async () => {
      ws = await t.workspace();
    });

    it('answers 400 naming preset for an unknown preset or a preset with another kind', async () => {
      const bad = await upload(t, ws.owner, shopifyFile, {
        kind: 'products',
        mode: 'dryRun',
        preset: 'magento',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['preset']);
      const accounts = await upload(t, ws.owner, shopifyFile, {
        kind: 'accounts',
        mode: 'dryRun',
        preset: 'shopify',
      });
      expect(accounts.status).toBe(400);
      expect(Object.keys(accounts.body.errors)).toEqual(['preset']);
    });

    it("shows the preset on the job, hides it from another workspace (404) and refuses a Viewer's upload (403)", async () => {
      const res = await upload(
        t,
        ws.owner,
        googleFile,
        { kind: 'products', mode: 'dryRun', preset: 'googleMerchant' },
        'feed.tsv',
      );
      expect(res.status).toBe(202);
      expect(res.body.preset).toBe('googleMerchant');
      const job = await ended(ws.owner, res.body.id);
      const list = await ws.owner.get(`/core-api/imports?ids=${job.id}`);
      expect(list.body.data[0].preset).toBe('googleMerchant');
      const other = await t.workspace();
      expect((await other.owner.get(`/core-api/imports/${job.id}`)).status).toBe(404);
      const viewer = await ws.member('Viewer');
      expect((await viewer.get(`/core-api/imports/${job.id}`)).status).toBe(200);
      expect(
        (await upload(t, viewer, shopifyFile, { kind: 'products', mode: 'dryRun', preset: 'shopify' }))
          .status,
      ).toBe(403);
    });
  });
});
