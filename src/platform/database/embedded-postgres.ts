import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { FsyncingNodeFS, fsyncStartParams } from '../library-patches/pglite-fsync';
import { lockDataDir } from './data-dir-lock';

export const embeddedExtensions = { pg_trgm };

/**
 * PostgreSQL settings of the embedded database that bound its memory. The WebAssembly memory of
 * PGlite grows to hold what PostgreSQL touches and is never given back, and PGlite's default
 * shared_buffers is 128 MB (with wal_buffers 4 MB): after a minute of writes most of that was
 * resident. 16 MB of buffers (wal_buffers follows at 1/32) keep the process's resident memory
 * about 100–150 MB lower under the same load; reads beyond the buffers come from the operating
 * system's page cache (the data files are ordinary files). Measured in docs/operations.md.
 */
export const embeddedMemorySettings = ['-c', 'shared_buffers=16MB'];

export interface EmbeddedOptions {
  /**
   * Make commits durable with fsync (default true): without it a commit is only in the
   * operating system's page cache when it is acknowledged (a power loss or kernel crash can lose
   * it; a crash of the process cannot).
   */
  fsync?: boolean;
  /** Called before a persisted database that was not shut down cleanly starts (and recovers). */
  onUncleanShutdown?: () => void;
}

/**
 * Starts the embedded PostgreSQL (PGlite) persisted under `dataDir`, or in memory when `dataDir`
 * is undefined. PGlite does not create the parent directory itself. A persisted database is
 * locked to this process (`DataDirLockedError` when another live process holds it).
 */
export async function startEmbeddedPostgres(
  dataDir?: string,
  loadDataDir?: Blob,
  options: EmbeddedOptions = {},
): Promise<PGlite> {
  if (!dataDir) {
    return PGlite.create({
      extensions: embeddedExtensions,
      loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...embeddedMemorySettings],
    });
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  lockDataDir(resolve(dataDir));
  if (embeddedShutDownCleanly(dataDir) === false) options.onUncleanShutdown?.();
  const pgdata = resolve(dataDir, 'pgdata');
  const fsync = options.fsync ?? true;
  return PGlite.create({
    ...(fsync ? { fs: new FsyncingNodeFS(pgdata) } : { dataDir: pgdata }),
    extensions: embeddedExtensions,
    loadDataDir,
    startParams: [...(fsync ? fsyncStartParams() : PGlite.defaultStartParams), ...embeddedMemorySettings],
  });
}

/**
 * Whether the embedded database in `dataDir` was shut down cleanly, read before it starts from
 * PostgreSQL's control file (`state`, after the 8-byte system identifier and two 4-byte version
 * numbers: 1 = shut down; anything else = it was open when its process died, and this start
 * replays the write-ahead log). Undefined when there is no database yet.
 */
export function embeddedShutDownCleanly(dataDir: string): boolean | undefined {
  const control = join(resolve(dataDir), 'pgdata', 'global', 'pg_control');
  if (!existsSync(control)) return undefined;
  return readFileSync(control).readInt32LE(16) === 1;
}
