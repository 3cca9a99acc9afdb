import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Emscripten's file stream as NODEFS opens it: `nfd` is the host's file descriptor. */
interface NodefsStream {
  nfd?: number;
}

interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodefsStream) => number } };
}

/**
 * PGlite (0.5.16, see pinned-versions.ts) maps its data directory into the WebAssembly
 * PostgreSQL through Emscripten's NODEFS, which writes through to the host's files but makes
 * `fsync` and `fdatasync` do nothing: a write that PostgreSQL has made durable may still only be
 * in the operating system's page cache. This file system gives NODEFS streams an `fsync` that
 * is the host's `fsync(2)` (Emscripten's `fsync` calls the stream's `fsync` when it has one;
 * `fdatasync` stays a no-op, so PostgreSQL must flush its WAL with `wal_sync_method=fsync`).
 * `onSync` counts the calls (for the tests).
 */
export class FsyncingNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onSync: () => void = () => undefined,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [emscriptenOpts.preRun ?? []].flat() as Array<(mod: EmscriptenModule) => void>;
    preRun.push((mod) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          this.onSync();
        }
        return 0;
      };
    });
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/**
 * PGlite's start parameters with fsync on: its defaults start PostgreSQL with `-F` (fsync off);
 * the WAL is flushed with `fsync` (see FsyncingNodeFS).
 */
export const fsyncStartParams = (): string[] => [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
