import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Env } from '../../../src/config/env';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { s3Credentials, startS3Server } from '../../support/s3-server';

const base = '/core-api/documents';
const q = (path: string) => encodeURIComponent(path);

/** Every file under `dir` (relative paths) with a hash of its bytes; symlinks are not followed. */
function snapshot(dir: string, skip: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    if (full === skip || full.startsWith(skip + '/')) continue;
    if (entry.isFile())
      out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

const upload = (
  t: TestApp,
  caller: Caller,
  dir: string | null,
  files: Array<[string, Buffer | string]>,
  query = '',
) => {
  const path = `${base}?${dir === null ? '' : `path=${q(dir)}&`}${query}`;
  let req = t.http.post(path).set('Authorization', `Bearer ${caller.token}`);
  for (const [name, body] of files) req = req.attach('files', Buffer.from(body), name);
  return req;
};

describe('Documents (local store)', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let storageDir: string;

  beforeAll(async () => {
    t = await startApp({
      UPLOAD_QUOTA_BYTES_PER_WORKSPACE: String(12 * 1024 * 1024),
      // The race below uploads 6 at once in one workspace (the limit is tested in heavy-operations).
      HEAVY_OPERATIONS_PER_WORKSPACE: '10',
    });
    storageDir = t.app.get(Env).STORAGE_DIR!;
    ws = await t.workspace();
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  it('uploads into new directories, lists the tree, downloads, replaces and deletes', async () => {
    const up = await upload(t, member, 'contracts/2026', [
      ['offer.txt', 'hello offer'],
      ['Überblick – plan.md', '# plan'],
    ]);
    expect(up.status).toBe(200);
    expect(up.body.files).toEqual([
      expect.objectContaining({
        path: 'contracts/2026/offer.txt',
        name: 'offer.txt',
        type: 'File',
        size: 11,
        contentType: 'text/plain',
      }),
      expect.objectContaining({ path: 'contracts/2026/Überblick – plan.md', type: 'File', size: 6 }),
    ]);

    const tree = await viewer.get(`${base}/structure`);
    expect(tree.status).toBe(200);
    expect(tree.body).toMatchObject({ path: '', total: 4, truncated: false });
    expect(tree.body.children).toEqual([
      expect.objectContaining({
        path: 'contracts',
        type: 'Directory',
        size: null,
        contentType: null,
        children: [
          expect.objectContaining({
            path: 'contracts/2026',
            children: [
              expect.objectContaining({ name: 'offer.txt', size: 11, children: [] }),
              expect.objectContaining({ name: 'Überblick – plan.md' }),
            ],
          }),
        ],
      }),
    ]);
    expect(typeof tree.body.children[0].modifiedAt).toBe('string');
    const shallow = await viewer.get(`${base}/structure?path=contracts&depth=1`);
    expect(
      shallow.body.children.map((c: { path: string; children: unknown[] }) => [c.path, c.children.length]),
    ).toEqual([['contracts/2026', 0]]);

    const file = await viewer.get(`${base}?path=${q('contracts/2026/Überblick – plan.md')}`);
    expect(file.status).toBe(200);
    expect(file.text).toBe('# plan');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="_berblick _ plan.md"; filename*=UTF-8''%C3%9Cberblick%20%E2%80%93%20plan.md`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-length']).toBe('6');

    const again = await upload(t, member, 'contracts/2026', [['offer.txt', 'second']]);
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('files');
    const replaced = await upload(t, member, 'contracts/2026', [['offer.txt', 'second']], 'overwrite=true');
    expect(replaced.status).toBe(200);
    expect((await viewer.get(`${base}?path=contracts/2026/offer.txt`)).text).toBe('second');

    expect((await member.delete(`${base}?path=contracts/2026/offer.txt`)).status).toBe(200);
    expect((await viewer.get(`${base}?path=contracts/2026/offer.txt`)).status).toBe(404);
    expect((await member.delete(`${base}?path=contracts/2026/offer.txt`)).status).toBe(404);
    const isDir = await member.delete(`${base}?path=contracts`);
    expect(isDir.status).toBe(400);
    expect(isDir.body.errors).toHaveProperty('path');

    const acts = await ws.owner.get(
      '/core-api/activities?types=DocumentCreated,DocumentDeleted,DocumentSizeUpdated',
    );
    expect(acts.body.total).toBe(6);
  });

  it('creates and removes directories: 409 when taken or not empty unless recursive', async () => {
    const made = await member.post(`${base}/directories`, { path: 'a/b/c' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ path: 'a/b/c', name: 'c', type: 'Directory' });
    expect((await member.post(`${base}/directories`, { path: 'a/b' })).status).toBe(409);
    await upload(t, member, 'a/b', [['note.txt', 'n']]);
    const underFile = await member.post(`${base}/directories`, { path: 'a/b/note.txt/x' });
    expect(underFile.status).toBe(409);
    expect(underFile.body.errors).toHaveProperty('path');
    const intoFile = await upload(t, member, 'a/b/note.txt', [['y.txt', 'y']]);
    expect(intoFile.status).toBe(409);

    const notEmpty = await member.delete(`${base}/directories?path=a`);
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.errors).toHaveProperty('path');
    expect((await member.delete(`${base}/directories?path=a/b/c`)).status).toBe(200);
    expect((await member.delete(`${base}/directories?path=a/b/c`)).status).toBe(404);
    const stored = async () =>
      Number(
        (
          (await t.app
            .get(DataSource)
            .query('SELECT count(*)::int AS n FROM stored_files WHERE workspace_id = $1', [ws.id])) as Array<{
            n: number;
          }>
        )[0].n,
      );
    const before = await stored();
    expect((await member.delete(`${base}/directories?path=a&recursive=true`)).status).toBe(200);
    expect(await stored()).toBe(before - 1);
    expect((await viewer.get(`${base}/structure?path=a`)).status).toBe(404);
    expect((await member.delete(`${base}/directories?path=a&recursive=maybe`)).status).toBe(400);
  });

  it('refuses unsafe paths with 400 and never reads or writes outside the workspace root', async () => {
    const dataDir = dirname(storageDir);
    writeFileSync(join(dataDir, 'secret.txt'), 'do not read');
    const other = await t.workspace('Neighbour');
    await upload(t, other.owner, null, [['theirs.txt', 'neighbour secret']]);
    const outside = snapshot(dataDir, join(storageDir, 'private', ws.id));

    const bad = [
      '..',
      '../secret.txt',
      '../../secret.txt',
      'a/../../secret.txt',
      `../${other.id}/theirs.txt`,
      '/etc/passwd',
      join(dataDir, 'secret.txt'),
      '%2e%2e/secret.txt',
      '%252e%252e%252fsecret.txt',
      '..%2fsecret.txt',
      '..\\secret.txt',
      'a\\..\\..\\secret.txt',
      'a//b',
      './a',
      'a/',
      'x'.repeat(256),
      `${'d/'.repeat(33)}f`,
      'evil\u202etxt.exe',
    ];
    for (const path of bad) {
      for (const res of [
        await viewer.get(`${base}?path=${q(path)}`),
        await viewer.get(`${base}/structure?path=${q(path)}`),
        await member.delete(`${base}?path=${q(path)}`),
        await member.delete(`${base}/directories?path=${q(path)}&recursive=true`),
        await member.post(`${base}/directories`, { path }),
        await upload(t, member, path, [['x.txt', 'x']]),
      ]) {
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.body.errors).toHaveProperty('path');
      }
    }
    // Raw encodings the platform refuses before any handler: NUL, bad percent-encoding, huge paths.
    for (const raw of ['a%00b', '%', '%zz', 'x'.repeat(5000)])
      expect((await viewer.get(`${base}?path=${raw}`)).status).toBeGreaterThanOrEqual(400);
    // Unsafe file names: refused, or reduced to a plain name inside the target directory.
    for (const name of ['..', '%2e%2e', 'a\u202e.txt']) {
      const res = await upload(t, member, 'safe', [[name, 'x']]);
      expect([name, res.status]).toEqual([name, 400]);
      expect(res.body.errors).toHaveProperty('files');
    }
    const stripped = await upload(t, member, 'safe', [['../../escape.txt', 'x']]);
    expect(stripped.status).toBe(200);
    expect(stripped.body.files[0].path).toBe('safe/escape.txt');

    expect(snapshot(dataDir, join(storageDir, 'private', ws.id))).toEqual(outside);
    expect(readFileSync(join(dataDir, 'secret.txt'), 'utf8')).toBe('do not read');
    // Everything this workspace stored sits under its own private documents prefix.
    for (const file of readdirSync(join(storageDir, 'private', ws.id), { recursive: true }))
      expect(String(file).startsWith('documents')).toBe(true);
    // Documents are never served under /files, even by their key.
    const [{ key }] = (await t.app
      .get(DataSource)
      .query(
        'SELECT file_key AS key FROM documents WHERE workspace_id = $1 AND file_key IS NOT NULL LIMIT 1',
        [ws.id],
      )) as Array<{
      key: string;
    }>;
    expect(statSync(join(storageDir, key)).isFile()).toBe(true);
    expect((await t.http.get(`/files/${key}`)).status).toBe(404);
  });

  it('confines every operation to the workspace: another workspace’s files are 404 and absent', async () => {
    const other = await t.workspace('Elsewhere');
    await upload(t, other.owner, 'private', [['plan.txt', 'their plan']]);
    expect((await viewer.get(`${base}?path=private/plan.txt`)).status).toBe(404);
    expect((await member.delete(`${base}?path=private/plan.txt`)).status).toBe(404);
    expect((await member.delete(`${base}/directories?path=private&recursive=true`)).status).toBe(404);
    expect((await viewer.get(`${base}/structure?path=private`)).status).toBe(404);
    expect(JSON.stringify((await viewer.get(`${base}/structure`)).body)).not.toContain('plan.txt');
    expect((await other.owner.get(`${base}?path=private/plan.txt`)).text).toBe('their plan');
  });

  it('answers 403 for Viewers on writes and for client logins, 401 without a token', async () => {
    expect((await upload(t, viewer, null, [['v.txt', 'v']])).status).toBe(403);
    expect((await viewer.post(`${base}/directories`, { path: 'v' })).status).toBe(403);
    expect((await viewer.delete(`${base}?path=v.txt`)).status).toBe(403);
    expect((await viewer.delete(`${base}/directories?path=v`)).status).toBe(403);
    const client = await ws.client();
    expect((await client.get(`${base}/structure`)).status).toBe(403);
    expect((await t.http.get(`${base}/structure`)).status).toBe(401);
  });

  it('refuses files over 10 MiB and uploads over the quota with 413, storing nothing', async () => {
    const own = await t.workspace('Limits');
    const big = await upload(t, own.owner, null, [['big.bin', Buffer.alloc(10 * 1024 * 1024 + 1)]]);
    expect(big.status).toBe(413);
    const first = await upload(t, own.owner, null, [['nine.bin', Buffer.alloc(9 * 1024 * 1024)]]);
    expect(first.status).toBe(200);
    const over = await upload(t, own.owner, null, [['four.bin', Buffer.alloc(4 * 1024 * 1024)]]);
    expect(over.status).toBe(413);
    expect((await own.owner.get(`${base}/structure`)).body.total).toBe(1);
    const none = await upload(t, own.owner, null, []);
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('files');
  });

  it('is all or nothing: a conflicting file leaves the others unstored', async () => {
    const own = await t.workspace('Atomic');
    await upload(t, own.owner, 'd', [['b.txt', 'b']]);
    const res = await upload(t, own.owner, 'd', [
      ['a.txt', 'a'],
      ['b.txt', 'b2'],
    ]);
    expect(res.status).toBe(409);
    expect((await own.owner.get(`${base}?path=d/a.txt`)).status).toBe(404);
    const [{ n }] = (await t.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM stored_files WHERE workspace_id = $1', [own.id])) as Array<{
      n: number;
    }>;
    expect(n).toBe(1);
    const dup = await upload(t, own.owner, 'd', [
      ['c.txt', 'c'],
      ['c.txt', 'c'],
    ]);
    expect(dup.status).toBe(400);
  });

  it('answers at most 10,000 entries of a huge tree, saying it is truncated', async () => {
    const own = await t.workspace('Huge');
    await own.owner.post(`${base}/directories`, { path: 'bulk' });
    await t.app.get(DataSource).query(
      `INSERT INTO documents (id, workspace_id, path, parent_path, name, depth, type)
       SELECT gen_random_uuid(), $1, 'bulk/d' || g, 'bulk', 'd' || g, 2, 'Directory' FROM generate_series(1, 10000) g`,
      [own.id],
    );
    const res = await own.owner.get(`${base}/structure`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(10_000);
    expect(res.body.truncated).toBe(true);
    const deeper = await own.owner.get(`${base}/structure?path=bulk&depth=1`);
    expect(deeper.body).toMatchObject({ total: 10_000, truncated: false });
  });

  it('keeps the tree whole under concurrent uploads and a recursive removal', async () => {
    const own = await t.workspace('Race');
    await upload(t, own.owner, 'race', [['seed.txt', 's']]);
    const results = await Promise.all([
      ...[1, 2, 3, 4].map((i) => upload(t, own.owner, 'race/sub', [[`f${i}.txt`, 'x']])),
      own.owner.delete(`${base}/directories?path=race&recursive=true`),
      ...[1, 2].map(() => upload(t, own.owner, 'race', [['same.txt', 'y']])),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const orphans = (await t.app.get(DataSource).query(
      `SELECT d.path FROM documents d WHERE d.workspace_id = $1 AND d.parent_path <> ''
         AND NOT EXISTS (SELECT 1 FROM documents p WHERE p.workspace_id = d.workspace_id AND p.path = d.parent_path AND p.type = 'Directory')`,
      [own.id],
    )) as unknown[];
    expect(orphans).toEqual([]);
    const [{ files, stored }] = (await t.app.get(DataSource).query(
      `SELECT (SELECT count(*)::int FROM documents WHERE workspace_id = $1 AND type = 'File') AS files,
              (SELECT count(*)::int FROM stored_files WHERE workspace_id = $1) AS stored`,
      [own.id],
    )) as Array<{ files: number; stored: number }>;
    expect(stored).toBe(files);
  });
});

describe('Documents (S3-compatible store)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    s3 = await startS3Server('docs');
    t = await startApp({
      S3_BUCKET: 'docs',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    });
    ws = await t.workspace();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores, streams and deletes documents in the bucket', async () => {
    const up = await upload(t, ws.owner, 'reports', [['q1.csv', 'a,b\n1,2\n']]);
    expect(up.status).toBe(200);
    const [{ key }] = (await t.app
      .get(DataSource)
      .query('SELECT file_key AS key FROM documents WHERE workspace_id = $1 AND type = $2', [
        ws.id,
        'File',
      ])) as Array<{
      key: string;
    }>;
    expect(key.startsWith(`private/${ws.id}/documents/`)).toBe(true);
    const object = await fetch(`${s3.endpoint}/docs/${key}`);
    expect(await object.text()).toBe('a,b\n1,2\n');

    const down = await ws.owner.get(`${base}?path=reports/q1.csv`);
    expect(down.status).toBe(200);
    expect(down.text).toBe('a,b\n1,2\n');
    expect(down.headers['content-type']).toContain('text/csv');

    expect((await ws.owner.delete(`${base}/directories?path=reports&recursive=true`)).status).toBe(200);
    expect((await fetch(`${s3.endpoint}/docs/${key}`)).status).toBe(404);
    expect((await ws.owner.get(`${base}?path=reports/q1.csv`)).status).toBe(404);
  });
});
