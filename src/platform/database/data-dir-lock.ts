import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Another live process holds the embedded database. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}).`,
    );
  }
}

interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is a single-process database: two processes on one data directory corrupt it. The first
 * takes `DATA_DIR/embedded-postgres.lock` (created exclusively, holding its pid); another live
 * process gets `DataDirLockedError` naming the holder. A lock left by a dead process (kill -9) is
 * taken over. The file is removed when the process exits.
 */
export function lockDataDir(dataDir: string): void {
  const file = join(dataDir, 'embedded-postgres.lock');
  const me: LockHolder = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ').slice(0, 200) || 'node',
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      process.once('exit', () => {
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(file);
      if (holder?.pid === process.pid) return;
      if (holder && isAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder);
      // Stale (or half-written by a process that died): remove it and try again.
      try {
        unlinkSync(file);
      } catch {
        // Another process removed it first.
      }
    }
  }
  const holder = readHolder(file);
  if (holder) throw new DataDirLockedError(dataDir, holder);
}
