import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startEmbeddedPostgres } from '../../../src/platform/database/embedded-postgres';
import { FsyncingNodeFS, fsyncStartParams } from '../../../src/platform/library-patches/pglite-fsync';

const settings = async (pg: PGlite) => {
  const show = async (name: string) => (await pg.query<Record<string, string>>(`SHOW ${name}`)).rows[0][name];
  return {
    fsync: await show('fsync'),
    wal_sync_method: await show('wal_sync_method'),
    shared_buffers: await show('shared_buffers'),
  };
};

describe('The embedded database on disk', () => {
  const dirs: string[] = [];
  const dir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'trade-crm-durability-')));
    return dirs.at(-1)!;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('flushes every commit to the disk with fsync(2)', async () => {
    let syncs = 0;
    const pg = await PGlite.create({
      fs: new FsyncingNodeFS(dir(), () => syncs++),
      startParams: fsyncStartParams(),
    });
    try {
      await pg.exec('CREATE TABLE t (id int)');
      const before = syncs;
      for (let i = 0; i < 5; i++) await pg.query('INSERT INTO t VALUES ($1)', [i]);
      expect(syncs - before).toBeGreaterThanOrEqual(5);
    } finally {
      await pg.close();
    }
  }, 180_000);

  it('runs with fsync on and 16 MB of shared buffers by default; fsync off on request', async () => {
    const durable = await startEmbeddedPostgres(dir());
    try {
      expect(await settings(durable)).toEqual({
        fsync: 'on',
        wal_sync_method: 'fsync',
        shared_buffers: '16MB',
      });
    } finally {
      await durable.close();
    }
    const fast = await startEmbeddedPostgres(dir(), undefined, { fsync: false });
    try {
      expect(await settings(fast)).toMatchObject({ fsync: 'off', shared_buffers: '16MB' });
    } finally {
      await fast.close();
    }
  }, 180_000);
});
