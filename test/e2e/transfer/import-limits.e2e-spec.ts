import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from '../../support/app';
import { runImport } from './transfer-calls';

/**
 * The limits on a file, with the default settings. A file of 1,000,000 rows (14 MB, under the 200 MiB size limit) with the default limits: the job
 * counts up to IMPORT_MAX_ROWS (200,000), stops there and fails, saying why, before any row is
 * planned or written. In the slow project: the upload and the count take seconds.
 */
/**
 * POST /core-api/imports of a CSV of about `bytes`, streamed (never held whole here): a multipart
 * body whose file part is made of rows as the server reads them.
 */
async function streamUpload(url: string, token: string, bytes: number): Promise<Response> {
  const boundary = 'limit-test-boundary';
  const name = bytes > 100 * 1024 * 1024 ? 'huge.csv' : 'small.csv';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nproducts\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\ndryRun\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: text/csv\r\n\r\nsku,name\r\n`,
  );
  const chunk = Buffer.from('H-0000000,A product of a large file\r\n'.repeat(16_384)); // ~600 KB
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= bytes) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return fetch(`${url}/core-api/imports`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

describe('Import limits: 1,000,000 rows, 200 MiB', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50' });
  });
  afterAll(() => t.close());

  it('fails a file of 1,000,000 rows with a message naming the limit and writes nothing', async () => {
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

  it('refuses a file over the 200 MiB limit (413) while it streams in, storing nothing', async () => {
    const ws = await t.workspace();
    const url = await t.listen();
    const limit = 200 * 1024 * 1024;
    // The same streamed request under the limit is taken (202): the 413 is the limit's.
    const small = await streamUpload(url, ws.owner.token, 2 * 1024 * 1024);
    expect(small.status).toBe(202);
    const huge = await streamUpload(url, ws.owner.token, limit + 1024 * 1024);
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const jobs = (await ws.owner.get('/core-api/imports')).body;
    expect(jobs.total).toBe(1);
    expect(jobs.data[0].fileName).toBe('small.csv');
  }, 180_000);
});
