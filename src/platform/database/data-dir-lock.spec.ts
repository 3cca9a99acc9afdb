import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const lockFile = (dir: string) => join(dir, 'embedded-postgres.lock');

describe('the embedded data directory lock', () => {
  it('refuses a second live process, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(
        lockFile(dir),
        JSON.stringify({ pid: holder.pid, command: 'node dist/src/main.js', since: 'now' }),
      );
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`process ${holder.pid} (node dist/src/main.js`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that died, and is taken again by the same process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(lockFile(dir), JSON.stringify({ pid: dead.pid, command: 'node', since: 'then' }));
    lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).not.toThrow();
    expect(existsSync(lockFile(dir))).toBe(true);
  });
});
