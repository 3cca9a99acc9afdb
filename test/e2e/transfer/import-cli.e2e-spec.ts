import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp, type WorkspaceFixture } from '../../support/app';

/** Runs the compiled CLI with these arguments; its exit code and output. */
const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('npm run import (the command-line client)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let url: string;
  let key: string;
  let script: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
    // The same compile as the npm script.
    execFileSync(process.execPath, [
      'node_modules/typescript/bin/tsc',
      ...'--ignoreConfig --module nodenext --moduleResolution nodenext --target ES2023 --types node --strict --skipLibCheck'.split(
        ' ',
      ),
      '--outDir',
      dir,
      'src/transfer/cli/import-cli.ts',
    ]);
    script = join(dir, 'import-cli.js');
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50' });
    url = await t.listen();
    ws = await t.workspace();
    const created = await ws.owner.post('/core-api/api-keys', { name: 'CLI', role: 'Member' });
    expect(created.status).toBe(200);
    key = created.body.key;
  });
  afterAll(() => t.close());

  it('imports a sample file with an API key and exits 0', async () => {
    const run = await cli(script, ['examples/imports/accounts.csv', '--kind', 'accounts', '--url', url], {
      API_KEY: key,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/2\/2 rows, \d+ rows\/s/);
    expect(run.stdout).toContain('Succeeded: 2 created, 0 updated, 0 unchanged, 0 failed');
    expect((await ws.owner.get('/core-api/accounts')).body.total).toBe(2);
  });

  it('prints the error report of a dry run and exits 1 on row errors', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'email,firstName,lastName,accountCode\nann@x.example,Ann,X,NOPE\n');
    const run = await cli(script, [file, '--kind', 'contacts', '--dry-run', '--url', url, '--api-key', key]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('row 2, column accountCode: no account has the accountCode NOPE');
    expect((await ws.owner.get('/core-api/contacts')).body.total).toBe(0);
  });

  it('sends a preset, a mapping file and createMissingCategories', async () => {
    const mapping = join(dir, 'mapping.json');
    writeFileSync(mapping, JSON.stringify({ Vendor: null }));
    const run = await cli(
      script,
      [
        'examples/imports/shopify-products.csv',
        '--kind',
        'products',
        '--preset',
        'shopify',
        '--mapping',
        mapping,
        '--create-missing-categories',
        '--dry-run',
        '--url',
        url,
      ],
      { API_KEY: key },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Succeeded: \d+ created, 0 updated, 0 unchanged, 0 failed/);
    const jobs = await ws.owner.get('/core-api/imports?Take=1&SortOrder=Desc');
    expect(jobs.body.data[0]).toMatchObject({
      preset: 'shopify',
      mapping: { Vendor: null },
      createMissingCategories: true,
      mode: 'dryRun',
    });
  });

  it('exits 2 with the usage on bad arguments or a refused key', async () => {
    const bad = await cli(script, ['x.csv', '--kind', 'orders'], { API_KEY: key });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('usage: npm run import');
    const refused = await cli(script, ['examples/imports/accounts.csv', '--kind', 'accounts', '--url', url], {
      API_KEY: 'trade_live_wrong',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('The upload was refused (401)');
  });
});
