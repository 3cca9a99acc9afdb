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

const header = ['email', 'firstName', 'lastName', 'jobTitle', 'phone', 'accountCode', 'tags'];

describe('Contact imports', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let accountId: string;
  let existingId: string;
  let file: string;
  const contacts = async () => (await ws.owner.get('/core-api/contacts?Take=100')).body;
  const activityTypes = async (id: string) =>
    (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=100`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();

  beforeAll(async () => {
    t = await startApp({ IMPORTS_WORKER: 'true', IMPORTS_POLL_INTERVAL_MS: '50', IMPORT_BATCH_ROWS: '2' });
    ws = await t.workspace();
    const account = await ws.owner.post('/core-api/accounts', {
      displayName: 'Birch BV',
      accountCode: 'C-1',
    });
    expect(account.status).toBe(200);
    accountId = account.body.id;
    const existing = await ws.owner.post('/core-api/contacts', {
      firstName: 'Ann',
      lastName: 'Oak',
      contactDetails: { emails: [{ address: 'Ann@Oak.example', label: 'work' }], phones: [], websites: [] },
    });
    expect(existing.status).toBe(200);
    existingId = existing.body.id;
    file = csv([
      header,
      ['bob@birch.example', 'Bob', 'Birch', 'Buyer', '+31 6 1234 5678', 'C-1', 'vip'],
      ['ann@oak.example', 'Ann', 'Oakley', '', '', 'C-1', ''],
      ['cy@elm.example', 'Cy', 'Elm', '', '', '', ''],
    ]);
  });
  afterAll(() => t.close());

  it('a dry run reports every row and writes nothing', async () => {
    const job = await runImport(t, ws.owner, file, { kind: 'contacts', mode: 'dryRun' }, 'contacts.csv');
    expect(job).toMatchObject({
      status: 'Succeeded',
      rowsTotal: 3,
      created: 2,
      updated: 1,
      unchanged: 0,
      failed: 0,
    });
    expect(job.plan).toEqual([
      { row: 2, key: 'bob@birch.example', action: 'create', changes: header },
      { row: 3, key: 'ann@oak.example', action: 'update', changes: ['email', 'lastName', 'accountCode'] },
      { row: 4, key: 'cy@elm.example', action: 'create', changes: ['email', 'firstName', 'lastName'] },
    ]);
    expect((await contacts()).total).toBe(1);
  });

  it('apply does what the dry run said, links accounts by code, with the activities of a create or PUT', async () => {
    const job = await runImport(t, ws.owner, file, { kind: 'contacts', mode: 'apply' }, 'contacts.csv');
    expect(job).toMatchObject({ status: 'Succeeded', created: 2, updated: 1, unchanged: 0, failed: 0 });
    const bob = (await contacts()).data.find((c: { firstName: string }) => c.firstName === 'Bob');
    expect(bob).toMatchObject({
      lastName: 'Birch',
      displayName: 'Bob Birch',
      jobTitle: 'Buyer',
      tags: ['vip'],
      accounts: [{ accountId, jobTitle: null }],
      contactDetails: {
        emails: [{ address: 'bob@birch.example', label: null }],
        phones: [{ number: '+31 6 1234 5678' }],
      },
    });
    const ann = await ws.owner.get(`/core-api/contacts/${existingId}`);
    expect(ann.body).toMatchObject({
      lastName: 'Oakley',
      displayName: 'Ann Oakley',
      accounts: [{ accountId }],
    });
    expect(ann.body.contactDetails.emails).toEqual([{ address: 'ann@oak.example', label: 'work' }]);
    expect(await activityTypes(existingId)).toEqual([
      'ContactAccountsUpdated',
      'ContactContactDetailsUpdated',
      'ContactCreated',
      'ContactDisplayNameUpdated',
      'ContactLastNameUpdated',
    ]);
    expect(await activityTypes(bob.id)).toEqual(['ContactCreated']);
  });

  it('a second apply of the same file changes nothing and records nothing', async () => {
    const before = (await ws.owner.get('/core-api/activities?Take=1')).body.total;
    const job = await runImport(t, ws.owner, file, { kind: 'contacts', mode: 'apply' }, 'contacts.csv');
    expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect((await ws.owner.get('/core-api/activities?Take=1')).body.total).toBe(before + 1);
  });

  it('exports in the import columns, and an import of the export changes nothing', async () => {
    const res = await binary(ws.owner.get('/core-api/exports/contacts?format=csv'));
    expect(res.status).toBe(200);
    const text = (res.body as Buffer).toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFemail,firstName,middleName,lastName,displayName,jobTitle,phone,accountCode,tags,externalReference\r\n',
      ),
    ).toBe(true);
    expect(text).toContain("bob@birch.example,Bob,,Birch,Bob Birch,Buyer,'+31 6 1234 5678,C-1,vip,");
    const job = await runImport(
      t,
      ws.owner,
      res.body as Buffer,
      { kind: 'contacts', mode: 'dryRun' },
      'c.csv',
    );
    expect(job).toMatchObject({ status: 'Succeeded', created: 0, updated: 0, unchanged: 3, errorCount: 0 });
    const xlsx = await binary(ws.owner.get('/core-api/exports/contacts?format=xlsx&tags=vip'));
    const again = await runImport(
      t,
      ws.owner,
      xlsx.body as Buffer,
      { kind: 'contacts', mode: 'dryRun' },
      'c.xlsx',
    );
    expect(again).toMatchObject({ status: 'Succeeded', rowsTotal: 1, unchanged: 1, errorCount: 0 });
    // Every filter of the contact list, its text search included.
    const emails = async (query: string) =>
      ((await binary(ws.owner.get(`/core-api/exports/contacts?${query}`))).body as Buffer)
        .toString('utf8')
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[0]);
    expect(await emails('Query=oakley')).toEqual(['ann@oak.example']);
    expect(await emails('job_titles=Buyer')).toEqual(['bob@birch.example']);
  });

  it('reports each bad row with its column and imports the others', async () => {
    const job = await runImport(
      t,
      ws.owner,
      csv([
        ['email', 'firstName', 'lastName', 'accountCode'],
        ['', 'No', 'Mail', ''],
        ['dan@x.example', 'Dan', 'X', ''],
        ['DAN@x.example', 'Dan', 'Again', ''],
        ['not-an-email', 'Bad', 'Mail', ''],
        ['eve@x.example', 'Eve', 'X', 'NOPE'],
        ['fay@x.example', '', 'X', ''],
      ]),
      { kind: 'contacts', mode: 'apply' },
      'contacts.csv',
    );
    expect(job).toMatchObject({ status: 'Succeeded', created: 1, failed: 5, errorCount: 5 });
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'email'],
      [4, 'email'],
      [5, 'email'],
      [6, 'accountCode'],
      [7, 'firstName'],
    ]);
    expect(job.errors[3].message).toBe('no account has the accountCode NOPE');
    expect((await contacts()).total).toBe(4);
  });

  it('fails a file without an email column; refuses Viewers (403); hides jobs from another workspace (404)', async () => {
    const noKey = await runImport(
      t,
      ws.owner,
      'firstName\nX\n',
      { kind: 'contacts', mode: 'dryRun' },
      'c.csv',
    );
    expect(noKey).toMatchObject({ status: 'Failed' });
    expect(noKey.failure).toContain('no email column');
    const viewer = await ws.member('Viewer');
    expect(
      (await upload(t, viewer, 'email\na@b.example\n', { kind: 'contacts', mode: 'dryRun' })).status,
    ).toBe(403);
    const other = await t.workspace();
    expect((await other.owner.get(`/core-api/imports/${noKey.id}`)).status).toBe(404);
  });
});
