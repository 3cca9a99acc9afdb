import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';

export const embeddedExtensions = { pg_trgm };

/**
 * Starts the embedded PostgreSQL (PGlite) persisted under `dataDir`, or in memory when `dataDir`
 * is undefined. PGlite does not create the parent directory itself. A persisted database is
 * locked to this process (`DataDirLockedError` when another live process holds it).
 */
export async function startEmbeddedPostgres(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) {
    mkdirSync(resolve(dataDir), { recursive: true });
    lockDataDir(resolve(dataDir));
  }
  return PGlite.create({
    dataDir: dataDir ? resolve(dataDir, 'pgdata') : undefined,
    extensions: embeddedExtensions,
    loadDataDir,
  });
}
