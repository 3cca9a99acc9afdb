import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp, type WorkspaceFixture } from '../../support/app';
import { runImport } from './transfer-calls';

const sample = (kind: string) => readFileSync(`examples/imports/${kind}.csv`);

describe('The sample files of examples/imports', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50' });
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  it.each(['products', 'accounts'])('%s.csv imports without an error', async (kind) => {
    const job = await runImport(t, ws.owner, sample(kind), { kind, mode: 'dryRun' }, `${kind}.csv`);
    expect(job).toMatchObject({ status: 'Succeeded', rowsTotal: 2, created: 2, errorCount: 0 });
  });

  it('contacts.csv imports without an error once the sample accounts are there', async () => {
    const accounts = await runImport(
      t,
      ws.owner,
      sample('accounts'),
      { kind: 'accounts', mode: 'apply' },
      'a.csv',
    );
    expect(accounts).toMatchObject({ status: 'Succeeded', created: 2, errorCount: 0 });
    const job = await runImport(
      t,
      ws.owner,
      sample('contacts'),
      { kind: 'contacts', mode: 'dryRun' },
      'c.csv',
    );
    expect(job).toMatchObject({ status: 'Succeeded', rowsTotal: 2, created: 2, errorCount: 0 });
  });
});
