import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from '../../support/app';
import { runImport } from './transfer-calls';

/**
 * A file of 1,000,000 rows (14 MB, under the 200 MiB size limit) with the default limits: the job
 * counts up to IMPORT_MAX_ROWS (200,000), stops there and fails, saying why, before any row is
 * planned or written. In the slow project: the upload and the count take seconds.
 */
describe('An import of 1,000,000 rows', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50' });
  });
  afterAll(() => t.close());

  it('fails with a message naming the limit and writes nothing', async () => {
    const ws = await t.workspace();
    const lines = ['sku,name'];
    for (let i = 0; i < 1_000_000; i++) lines.push(`M-${i},P${i}`);
    const job = await runImport(
      t,
      ws.owner,
      Buffer.from(lines.join('\n')),
      { kind: 'products', mode: 'apply' },
      'million.csv',
    );
    expect(job).toMatchObject({ status: 'Failed', rowsTotal: null, rowsProcessed: 0, created: 0 });
    expect(job.failure).toBe(
      'The file has more than 200000 data rows, the most one import takes (IMPORT_MAX_ROWS): split it into several files. Nothing was imported.',
    );
    const list = await ws.owner.post('/core-api/catalog/products/list', { take: 0 });
    expect(list.body.total).toBe(0);
  }, 180_000);
});
