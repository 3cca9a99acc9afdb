import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp, type WorkspaceFixture } from '../../support/app';
import { csv, runImport, upload } from './transfer-calls';

const header = [
  'sku',
  'name',
  'productType',
  'active',
  'gtin',
  'tags',
  'categories',
  'brand',
  'salesPrice',
  'purchasePrice',
  'vatCode',
  'title:en',
  'description:en',
];

describe('Product imports', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({
      IMPORTS_WORKER: 'true',
      IMPORTS_POLL_INTERVAL_MS: '50',
      IMPORT_BATCH_ROWS: '2',
      // A webhook's deliveries are queued (no worker sends them here): what an import sends.
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    });
  });
  afterAll(() => t.close());

  describe('dry run, apply, and a second apply', () => {
    let ws: WorkspaceFixture;
    let file: string;
    let webhook: string;
    const deliveries = async () =>
      (await ws.owner.get(`/core-api/webhooks/${webhook}/deliveries?Take=1000`)).body.data
        .map((d: { activityType: string }) => d.activityType)
        .sort();

    beforeAll(async () => {
      ws = await t.workspace();
      const hook = await ws.owner.post('/core-api/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        topics: ['ProductCreated', 'Product*Updated'],
      });
      expect(hook.status).toBe(200);
      webhook = hook.body.id;
      expect((await ws.owner.post('/core-api/catalog/brands', { name: 'Oakline' })).status).toBe(200);
      const furniture = await ws.owner.post('/core-api/catalog/productcategories', { name: 'Furniture' });
      expect(furniture.status).toBe(200);
      // An existing product the file updates (price and title), and one it leaves as it is.
      const existing = await ws.owner.post('/core-api/catalog/products', {
        name: 'Old chair',
        sku: 'CH-2',
        pricing: { salesPrice: 10 },
      });
      expect(existing.status).toBe(200);
      file = csv([
        header,
        [
          'CH-1',
          'Oak chair',
          'SimpleProduct',
          'true',
          '8712345678906',
          'oak|chair',
          'Furniture > Chairs',
          'Oakline',
          '129.5',
          '60',
          'Standard',
          'Oak chair',
          'Solid oak.',
        ],
        ['CH-2', 'Old chair', '', '', '', '', 'Furniture', '', '12,50', '', '', 'Old chair', ''],
        ['CH-3', 'Stool', '', 'false', '', '', '', '', '', '', '', '', ''],
      ]);
    });

    it('a dry run reports every row and writes nothing', async () => {
      const job = await runImport(t, ws.owner, file, {
        kind: 'products',
        mode: 'dryRun',
        createMissingCategories: 'true',
      });
      expect(job).toMatchObject({
        status: 'Succeeded',
        rowsTotal: 3,
        rowsProcessed: 3,
        created: 2,
        updated: 1,
        unchanged: 0,
        failed: 0,
        errorCount: 0,
      });
      expect(job.detectedFormat).toBe('csv, UTF-8, delimiter ","');
      expect(job.plan).toEqual([
        {
          row: 2,
          key: 'CH-1',
          action: 'create',
          changes: expect.arrayContaining(['name', 'salesPrice', 'categories', 'title:en']),
        },
        { row: 3, key: 'CH-2', action: 'update', changes: ['categories', 'salesPrice', 'title:en'] },
        { row: 4, key: 'CH-3', action: 'create', changes: ['name', 'active'] },
      ]);
      const products = await ws.owner.post('/core-api/catalog/products/list', {});
      expect(products.body.total).toBe(1);
      const categories = await ws.owner.get('/core-api/catalog/productcategories');
      expect(categories.body.total).toBe(1);
    });

    it('apply does what the dry run said, with the activities a create or PUT records', async () => {
      const job = await runImport(t, ws.owner, file, {
        kind: 'products',
        mode: 'apply',
        createMissingCategories: 'true',
      });
      expect(job).toMatchObject({ status: 'Succeeded', created: 2, updated: 1, unchanged: 0, failed: 0 });
      expect(job.plan.map((p) => [p.key, p.action])).toEqual([
        ['CH-1', 'create'],
        ['CH-2', 'update'],
        ['CH-3', 'create'],
      ]);
      const chair = await ws.owner.get('/core-api/catalog/products/sku/CH-1');
      expect(chair.status).toBe(200);
      expect(chair.body).toMatchObject({
        name: 'Oak chair',
        slug: 'oak-chair',
        gtin: '8712345678906',
        tags: ['oak', 'chair'],
        active: true,
        pricing: { salesPrice: 129.5, purchasePrice: 60 },
      });
      const chairs = await ws.owner.get('/core-api/catalog/productcategories?Query=Chairs');
      expect(chairs.body.data).toHaveLength(1);
      expect(chair.body.categories).toEqual([chairs.body.data[0].id]);
      const content = await ws.owner.get(`/core-api/catalog/products/content?product_ids=${chair.body.id}`);
      expect(content.body.data[0]).toMatchObject({
        language: 'en',
        title: 'Oak chair',
        description: 'Solid oak.',
      });
      const stool = await ws.owner.get('/core-api/catalog/products/sku/CH-3');
      expect(stool.body).toMatchObject({ active: false, productType: 'SimpleProduct' });
      const old = await ws.owner.get('/core-api/catalog/products/sku/CH-2');
      expect(old.body.pricing.salesPrice).toBe(12.5);

      const acts = await ws.owner.get(`/core-api/activities?entity_ids=${old.body.id}&Take=100`);
      const types = acts.body.data.map((a: { type: string }) => a.type).sort();
      expect(types).toEqual(['ProductCategoriesUpdated', 'ProductCreated', 'ProductPricingUpdated']);
      const created = await ws.owner.get(`/core-api/activities?entity_ids=${chair.body.id}`);
      expect(created.body.data.map((a: { type: string }) => a.type)).toEqual(['ProductCreated']);
      const categoryCreated = await ws.owner.get('/core-api/activities?types=ProductCategoryCreated');
      expect(categoryCreated.body.total).toBe(2);
      // The webhooks a create or PUT sends: the existing product's two, and one per new product.
      expect(await deliveries()).toEqual([
        'ProductCategoriesUpdated',
        'ProductCreated',
        'ProductCreated',
        'ProductCreated',
        'ProductPricingUpdated',
      ]);
    });

    it('a second apply of the same file changes nothing and records nothing', async () => {
      const before = (await ws.owner.get('/core-api/activities?Take=1')).body.total;
      const versions = (await ws.owner.post('/core-api/catalog/products/list', {})).body.data.map(
        (p: { modifiedAt: string }) => p.modifiedAt,
      );
      const job = await runImport(t, ws.owner, file, {
        kind: 'products',
        mode: 'apply',
        createMissingCategories: 'true',
      });
      expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 3, failed: 0 });
      // Only the job's own creation is a new activity.
      const after = await ws.owner.get('/core-api/activities?Take=1000');
      expect(after.body.total).toBe(before + 1);
      expect(after.body.data.filter((a: { entityType: string }) => a.entityType !== 'ImportJob').length).toBe(
        before - 2,
      );
      const again = (await ws.owner.post('/core-api/catalog/products/list', {})).body.data.map(
        (p: { modifiedAt: string }) => p.modifiedAt,
      );
      expect(again).toEqual(versions);
      expect(await deliveries()).toHaveLength(5);
    });
  });

  it('gives new products the first free slug of their name: stored, claimed by an earlier batch, or twice in one batch', async () => {
    const ws = await t.workspace();
    expect(
      (await ws.owner.post('/core-api/catalog/products', { name: 'Desk', sku: 'OLD-1' })).body.slug,
    ).toBe('desk');
    const lamp = await ws.owner.post('/core-api/catalog/products', {
      name: 'Old lamp',
      slug: 'lamp-2',
      sku: 'OLD-2',
    });
    expect(lamp.status).toBe(200);
    // Batches of two: [S-1, S-2] [S-3, S-4] [S-5].
    const file = csv([
      ['sku', 'name'],
      ['S-1', 'Desk'],
      ['S-2', 'Desk'],
      ['S-3', 'Desk'],
      ['S-4', 'Lamp'],
      ['S-5', 'Lamp'],
    ]);
    const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
    expect(job).toMatchObject({ status: 'Succeeded', created: 5, failed: 0 });
    const slugs: string[] = [];
    for (const sku of ['S-1', 'S-2', 'S-3', 'S-4', 'S-5'])
      slugs.push((await ws.owner.get(`/core-api/catalog/products/sku/${sku}`)).body.slug);
    expect(slugs).toEqual(['desk-2', 'desk-3', 'desk-4', 'lamp', 'lamp-3']);
  });

  describe('bad rows', () => {
    let ws: WorkspaceFixture;

    beforeAll(async () => {
      ws = await t.workspace();
    });

    it('reports each bad row with its column and imports the others', async () => {
      await ws.owner.post('/core-api/catalog/products', { name: 'Taken', sku: 'T-1', gtin: '111' });
      const file = csv([
        ['sku', 'name', 'salesPrice', 'categories', 'gtin', 'brand'],
        ['A-1', 'Fine', '1.00', '', '', ''],
        ['A-2', 'Bad price', '12.5x', '', '', ''],
        ['A-1', 'Again', '2', '', '', ''],
        ['A-3', 'Unknown category', '', 'Nowhere > Deeper', '', ''],
        ['A-4', 'Taken gtin', '', '', '111', ''],
        ['A-5', 'Unknown brand', '', '', '', 'Nobody'],
        ['', 'No sku', '', '', '', ''],
        ['A-6', '', '', '', '', ''],
      ]);
      const job = await runImport(t, ws.owner, file, { kind: 'products', mode: 'apply' });
      expect(job).toMatchObject({ status: 'Succeeded', created: 1, failed: 7, errorCount: 7 });
      expect(job.errors).toEqual([
        { row: 3, column: 'salesPrice', message: expect.stringContaining('"12.5x" is not a number') },
        {
          row: 4,
          column: 'sku',
          message: 'sku "A-1" appears again (first on row 2); each product must be on one row',
        },
        {
          row: 5,
          column: 'categories',
          message: expect.stringContaining('unknown category path "Nowhere > Deeper"'),
        },
        { row: 6, column: 'gtin', message: 'gtin 111 is already the gtin of product T-1' },
        { row: 7, column: 'brand', message: expect.stringContaining('unknown brand "Nobody"') },
        { row: 8, column: 'sku', message: 'sku is empty: every row needs one' },
        { row: 9, column: 'name', message: 'name is empty: a new product needs one' },
      ]);
      expect((await ws.owner.post('/core-api/catalog/products/list', {})).body.total).toBe(2);
    });

    it('fails the whole job on a file without a sku column, an unknown column or language', async () => {
      const noKey = await runImport(t, ws.owner, csv([['name'], ['Chair']]), {
        kind: 'products',
        mode: 'apply',
      });
      expect(noKey).toMatchObject({ status: 'Failed', rowsProcessed: 0 });
      expect(noKey.failure).toContain('no sku column');
      const unknown = await runImport(
        t,
        ws.owner,
        csv([
          ['sku', 'colour'],
          ['X', 'red'],
        ]),
        { kind: 'products', mode: 'apply' },
      );
      expect(unknown.failure).toContain('Unknown column "colour"');
      const language = await runImport(
        t,
        ws.owner,
        csv([
          ['sku', 'title:xx'],
          ['X', 'x'],
        ]),
        { kind: 'products', mode: 'apply' },
      );
      expect(language.failure).toContain('xx is not a supported language');
      // A mapping renames or ignores the file's own headers.
      const mapped = await runImport(
        t,
        ws.owner,
        csv([
          ['Handle', 'Title', 'colour'],
          ['M-1', 'Mapped', 'red'],
        ]),
        {
          kind: 'products',
          mode: 'apply',
          mapping: JSON.stringify({ Handle: 'sku', Title: 'name', colour: null }),
        },
      );
      expect(mapped).toMatchObject({ status: 'Succeeded', created: 1 });
    });

    it('reads a Windows-1252 file delimited by ";" with a decimal comma', async () => {
      const text = 'sku;name;salesPrice\r\nW-1;Stühle für Café;12,50\r\n';
      const bytes = Buffer.from([...text].map((c) => ({ ü: 0xfc, é: 0xe9 })[c] ?? c.charCodeAt(0)));
      const job = await runImport(t, ws.owner, bytes, { kind: 'products', mode: 'apply' });
      expect(job).toMatchObject({
        status: 'Succeeded',
        created: 1,
        detectedFormat: 'csv, Windows-1252, delimiter ";"',
      });
      const p = await ws.owner.get('/core-api/catalog/products/sku/W-1');
      expect(p.body).toMatchObject({
        name: 'Stühle für Café',
        slug: 'stuhle-fur-cafe',
        pricing: { salesPrice: 12.5 },
      });
    });

    it('reads a UTF-8 file with a BOM', async () => {
      const job = await runImport(t, ws.owner, `\uFEFFsku,name\r\nB-1,Ærø bench\r\n`, {
        kind: 'products',
        mode: 'apply',
      });
      expect(job).toMatchObject({
        status: 'Succeeded',
        created: 1,
        detectedFormat: 'csv, UTF-8 with BOM, delimiter ","',
      });
      expect((await ws.owner.get('/core-api/catalog/products/sku/B-1')).body.name).toBe('Ærø bench');
    });
  });

  describe('requests', () => {
    let ws: WorkspaceFixture;

    beforeAll(async () => {
      ws = await t.workspace();
    });

    it('answers 400 naming the field for a missing file, kind or mode and a bad mapping', async () => {
      const noFile = await upload(t, ws.owner, null, { kind: 'products', mode: 'apply' });
      expect(noFile.status).toBe(400);
      expect(Object.keys(noFile.body.errors)).toEqual(['file']);
      const kind = await upload(t, ws.owner, 'sku\nA\n', { kind: 'orders', mode: 'sideways' });
      expect(kind.status).toBe(400);
      expect(Object.keys(kind.body.errors).sort()).toEqual(['kind', 'mode']);
      const mapping = await upload(t, ws.owner, 'sku\nA\n', {
        kind: 'products',
        mode: 'apply',
        mapping: '{nope',
      });
      expect(mapping.status).toBe(400);
      expect(mapping.body.errors.mapping).toEqual(['mapping is not valid JSON']);
      const notJson = await t.http
        .post('/core-api/imports')
        .set('Authorization', `Bearer ${ws.owner.token}`)
        .send({ kind: 'products', mode: 'apply' });
      expect(notJson.status).toBe(400);
      expect(Object.keys(notJson.body.errors)).toContain('file');
    });

    it('lets Viewers read jobs but not create or cancel them (403)', async () => {
      const viewer = await ws.member('Viewer');
      expect((await upload(t, viewer, 'sku\nA\n', { kind: 'products', mode: 'dryRun' })).status).toBe(403);
      const job = await runImport(t, ws.owner, 'sku,name\nV-1,Visible\n', {
        kind: 'products',
        mode: 'dryRun',
      });
      expect((await viewer.get(`/core-api/imports/${job.id}`)).status).toBe(200);
      const list = await viewer.get('/core-api/imports?statuses=Succeeded');
      expect(list.status).toBe(200);
      expect(list.body.data.map((j: { id: string }) => j.id)).toContain(job.id);
      expect((await viewer.delete(`/core-api/imports/${job.id}`)).status).toBe(403);
    });

    it("hides another workspace's jobs (404) and answers 409 for cancelling an ended job", async () => {
      const other = await t.workspace();
      const job = await runImport(t, ws.owner, 'sku,name\nO-1,Mine\n', { kind: 'products', mode: 'dryRun' });
      expect((await other.owner.get(`/core-api/imports/${job.id}`)).status).toBe(404);
      expect((await other.owner.delete(`/core-api/imports/${job.id}`)).status).toBe(404);
      expect((await other.owner.get('/core-api/imports')).body.total).toBe(0);
      expect((await ws.owner.delete(`/core-api/imports/${job.id}`)).status).toBe(409);
      expect((await ws.owner.get(`/core-api/imports/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    });
  });
});
