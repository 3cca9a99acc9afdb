import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Caller, startApp, type TestApp, type WorkspaceFixture } from '../../support/app';
import { csv, runImport, upload } from './transfer-calls';

/** The raw bytes of an answer (supertest parses only text and JSON by itself). */
const binary = (req: ReturnType<Caller['get']>) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const header = ['accountCode', 'displayName', 'accountType', 'email', 'phone', 'vatNumber', 'tags'];

describe('Account imports', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let existingId: string;
  let file: string;
  const account = async (code: string) =>
    (await ws.owner.get(`/core-api/accounts?Query=${code}`)).body.data.find(
      (a: { accountCode: string }) => a.accountCode === code,
    );
  const activityTypes = async (id: string) =>
    (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=100`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50', IMPORT_BATCH_ROWS: '2' });
    ws = await t.workspace();
    const existing = await ws.owner.post('/core-api/accounts', {
      displayName: 'Oak Ltd',
      accountCode: 'C-2',
      contactDetails: {
        emails: [{ address: 'old@oak.example', label: 'invoices' }],
        phones: [],
        websites: [],
      },
    });
    expect(existing.status).toBe(200);
    existingId = existing.body.id;
    file = csv([
      header,
      [
        'C-1',
        'Birch BV',
        'customer',
        'info@birch.example',
        '+31 20 123 4567',
        'NL001234567B01',
        'wholesale|north',
      ],
      ['C-2', 'Oak Ltd', 'Supplier', 'sales@oak.example', '', '', ''],
      ['C-3', 'Elm GmbH', '', '', '', '', ''],
    ]);
  });
  afterAll(() => t.close());

  it('a dry run reports every row and writes nothing', async () => {
    const job = await runImport(t, ws.owner, file, { kind: 'accounts', mode: 'dryRun' }, 'accounts.csv');
    expect(job).toMatchObject({
      status: 'Succeeded',
      rowsTotal: 3,
      created: 2,
      updated: 1,
      unchanged: 0,
      failed: 0,
    });
    expect(job.plan).toEqual([
      { row: 2, key: 'C-1', action: 'create', changes: header },
      { row: 3, key: 'C-2', action: 'update', changes: ['accountType', 'email'] },
      { row: 4, key: 'C-3', action: 'create', changes: header },
    ]);
    expect((await ws.owner.get('/core-api/accounts')).body.total).toBe(1);
  });

  it('apply does what the dry run said, with the activities a create or PUT records', async () => {
    const job = await runImport(t, ws.owner, file, { kind: 'accounts', mode: 'apply' }, 'accounts.csv');
    expect(job).toMatchObject({ status: 'Succeeded', created: 2, updated: 1, unchanged: 0, failed: 0 });
    const birch = await account('C-1');
    expect(birch).toMatchObject({
      displayName: 'Birch BV',
      accountType: 'Customer',
      vatNumber: 'NL001234567B01',
      tags: ['wholesale', 'north'],
      contactDetails: {
        emails: [{ address: 'info@birch.example', label: null }],
        phones: [{ number: '+31 20 123 4567', label: null }],
        websites: [],
      },
      commerceSettings: { vatLiable: true, discountPercentage: 0 },
    });
    // The same answer the API gives.
    const oak = await ws.owner.get(`/core-api/accounts/${existingId}`);
    expect(oak.body).toMatchObject({
      accountType: 'Supplier',
      contactDetails: { emails: [{ address: 'sales@oak.example', label: 'invoices' }] },
    });
    expect(await activityTypes(existingId)).toEqual([
      'AccountAccountTypeUpdated',
      'AccountContactDetailsUpdated',
      'AccountCreated',
    ]);
    expect(await activityTypes(birch.id)).toEqual(['AccountCreated']);
  });

  it('a second apply of the same file changes nothing and records nothing', async () => {
    const before = (await ws.owner.get('/core-api/activities?Take=1')).body.total;
    const etag = (await ws.owner.get(`/core-api/accounts/${existingId}`)).headers.etag;
    expect(etag).toBeTruthy();
    const job = await runImport(t, ws.owner, file, { kind: 'accounts', mode: 'apply' }, 'accounts.csv');
    expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 3, failed: 0 });
    // Only the job's own ImportJobCreated.
    expect((await ws.owner.get('/core-api/activities?Take=1')).body.total).toBe(before + 1);
    expect((await ws.owner.get(`/core-api/accounts/${existingId}`)).headers.etag).toBe(etag);
  });

  it('exports CSV in the import columns, and an import of the export changes nothing', async () => {
    await ws.owner.post('/core-api/accounts', { displayName: '=HYPERLINK("x")', accountCode: '@C-9' });
    const res = await binary(ws.owner.get('/core-api/exports/accounts?format=csv'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const text = (res.body as Buffer).toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFaccountCode,displayName,accountType,accountStatus,email,phone,website,vatNumber,chamberOfCommerce,tags,externalReference\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`'@C-9,"'=HYPERLINK(""x"")"`);
    const job = await runImport(
      t,
      ws.owner,
      res.body as Buffer,
      { kind: 'accounts', mode: 'dryRun' },
      'a.csv',
    );
    expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 4, errorCount: 0 });
    const xlsx = await binary(ws.owner.get('/core-api/exports/accounts?format=xlsx&account_types=Customer'));
    expect(xlsx.status).toBe(200);
    const again = await runImport(
      t,
      ws.owner,
      xlsx.body as Buffer,
      { kind: 'accounts', mode: 'dryRun' },
      'a.xlsx',
    );
    expect(again).toMatchObject({ status: 'Succeeded', rowsTotal: 1, unchanged: 1, errorCount: 0 });
    expect((await ws.owner.get('/core-api/exports/accounts?account_types=Nobody')).status).toBe(400);
    // Every filter of the account list, its text search included.
    const codes = async (query: string) =>
      ((await binary(ws.owner.get(`/core-api/exports/accounts?${query}`))).body as Buffer)
        .toString('utf8')
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[0]);
    expect(await codes('Query=birch')).toEqual(['C-1']);
    expect(await codes('tags=north')).toEqual(['C-1']);
    expect(await codes(`owner_ids=${randomUUID()}`)).toEqual([]);
    expect((await ws.owner.get('/core-api/exports/accounts?Take=5')).status).toBe(400);
  });

  it('reports each bad row with its column and imports the others', async () => {
    const job = await runImport(
      t,
      ws.owner,
      csv([
        ['accountCode', 'displayName', 'accountType', 'email'],
        ['', 'No code', '', ''],
        ['B-1', 'Good', '', 'good@b.example'],
        ['B-1', 'Again', '', ''],
        ['B-2', 'Bad mail', '', 'not-an-email'],
        ['B-3', '', '', ''],
        ['B-4', 'Bad type', 'Friend', ''],
      ]),
      { kind: 'accounts', mode: 'apply' },
      'accounts.csv',
    );
    expect(job).toMatchObject({ status: 'Succeeded', created: 1, failed: 5, errorCount: 5 });
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'accountCode'],
      [4, 'accountCode'],
      [5, 'email'],
      [6, 'displayName'],
      [7, 'accountType'],
    ]);
    expect(job.errors[1].message).toContain('first on row 3');
    expect(await account('B-2')).toBeUndefined();
  });

  it('fails a file without the accountCode column or with a column of another kind', async () => {
    const noKey = await runImport(
      t,
      ws.owner,
      'displayName\nX\n',
      { kind: 'accounts', mode: 'dryRun' },
      'a.csv',
    );
    expect(noKey.status).toBe('Failed');
    expect(noKey.failure).toContain('no accountCode column');
    const other = await runImport(
      t,
      ws.owner,
      'accountCode,sku\nX,Y\n',
      { kind: 'accounts', mode: 'dryRun' },
      'a.csv',
    );
    expect(other.status).toBe('Failed');
    expect(other.failure).toContain('Unknown column "sku"');
  });

  it('refuses Viewers (403) and hides the job from another workspace (404)', async () => {
    const viewer = await ws.member('Viewer');
    const refused = await upload(
      t,
      viewer,
      'accountCode\nA\n',
      { kind: 'accounts', mode: 'dryRun' },
      'a.csv',
    );
    expect(refused.status).toBe(403);
    expect((await viewer.get('/core-api/exports/accounts')).status).toBe(200);
    const job = await runImport(
      t,
      ws.owner,
      'accountCode\nC-1\n',
      { kind: 'accounts', mode: 'dryRun' },
      'a.csv',
    );
    const other = await t.workspace();
    expect((await other.owner.get(`/core-api/imports/${job.id}`)).status).toBe(404);
    const theirs = await binary(other.owner.get('/core-api/exports/accounts'));
    expect((theirs.body as Buffer).toString('utf8').trim().split('\r\n')).toHaveLength(1);
  });
});
