import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildService, CrashBed } from '../platform/child-service';

interface Job {
  id: string;
  status: string;
  rowsTotal: number | null;
  rowsProcessed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errorCount: number;
}

const rows = 12_000;
const file = [
  'sku,name,categories,salesPrice,title:en',
  ...Array.from(
    { length: rows },
    (_, i) =>
      `CRASH-${i},Crash product ${i},Crash ${i % 5} > Part ${i % 40},${(5 + (i % 100) / 4).toFixed(2)},Crash ${i} in English`,
  ),
].join('\r\n');

/**
 * The service killed (-9) while it applies an import: the batches it committed stay, with the
 * job's checkpoint; the job's lease ends and the next process claims it again, skips the rows
 * before the checkpoint and applies the rest. Every row ends applied once, whole (product, its
 * category link and its display content), and the counts cover every row exactly once.
 */
describe('An import across kill -9 of its worker', () => {
  let bed: CrashBed;
  let service: ChildService | undefined;

  beforeAll(async () => {
    bed = await CrashBed.create('import_crash', {
      IMPORTS_POLL_INTERVAL_MS: '100',
      IMPORTS_LEASE_MS: '2000',
      IMPORT_BATCH_ROWS: '100',
    });
  }, 120_000); // transpiling the service takes long on a busy machine

  afterAll(async () => {
    await bed?.dispose();
  });

  it('resumes from its checkpoint in the next process and applies every row once', async () => {
    service = await bed.start();
    const token = await bed.adminToken();
    const job = async (base: string, id: string) =>
      (await (
        await fetch(`${base}/core-api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Job;

    const form = new FormData();
    form.append('kind', 'products');
    form.append('mode', 'apply');
    form.append('createMissingCategories', 'true');
    form.append('file', new Blob([file], { type: 'text/csv' }), 'crash.csv');
    const upload = await fetch(`${service.baseUrl}/core-api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { id } = (await upload.json()) as Job;

    // Some batches committed, far from all: kill it there.
    let seen: Job;
    for (;;) {
      seen = await job(service.baseUrl, id);
      if (seen.rowsProcessed >= 300 || (seen.status !== 'Queued' && seen.status !== 'Running')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await service.kill();
    expect(seen.status).toBe('Running');
    expect(seen.rowsProcessed).toBeLessThan(rows);

    service = await bed.start();
    let done: Job;
    const deadline = Date.now() + 120_000;
    for (;;) {
      done = await job(service.baseUrl, id);
      if (!['Queued', 'Running'].includes(done.status) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done).toMatchObject({
      status: 'Succeeded',
      rowsTotal: rows,
      rowsProcessed: rows,
      created: rows,
      updated: 0,
      unchanged: 0,
      failed: 0,
      errorCount: 0,
    });

    await service.kill();
    service = undefined;
    const counts = await bed.withDatabase(async (query) => {
      const [products] = await query<{ n: string; skus: string }>(
        `SELECT count(*) AS n, count(DISTINCT sku) AS skus FROM products WHERE sku LIKE 'CRASH-%'`,
      );
      const [unlinked] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM products p WHERE p.sku LIKE 'CRASH-%' AND NOT EXISTS
           (SELECT 1 FROM product_category_links k WHERE k.workspace_id = p.workspace_id AND k.product_id = p.id)`,
      );
      const [untitled] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM products p WHERE p.sku LIKE 'CRASH-%' AND NOT EXISTS
           (SELECT 1 FROM product_display_contents c WHERE c.workspace_id = p.workspace_id AND c.product_id = p.id)`,
      );
      const [categories] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM product_categories WHERE name LIKE 'Crash %' OR name LIKE 'Part %'`,
      );
      const [activities] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM activities WHERE type = 'ProductCreated'`,
      );
      return {
        products: Number(products.n),
        skus: Number(products.skus),
        unlinked: Number(unlinked.n),
        untitled: Number(untitled.n),
        categories: Number(categories.n),
        activities: Number(activities.n),
      };
    });
    // 5 top categories, each with the 8 of the 40 parts its rows name.
    expect(counts).toEqual({
      products: rows,
      skus: rows,
      unlinked: 0,
      untitled: 0,
      categories: 5 + 40,
      activities: rows,
    });
  }, 300_000);
});
