import { constants, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, realpath, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, FileStore, type StoredObject } from './file-store';

/** Files in a local directory, served by FilesController under `/files/`. */
export class LocalFileStore extends FileStore {
  constructor(
    readonly root: string,
    private readonly publicBaseUrl: string,
  ) {
    super();
  }

  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error('File key escapes the storage directory');
    return path;
  }

  async put(key: string, body: Readable, size: number): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    let written = 0;
    try {
      await pipeline(
        body,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            written += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(path),
      );
      if (written !== size) throw new Error(`${key}: ${written} bytes stored, ${size} expected`);
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
    return this.urlOf(key);
  }

  /**
   * A regular file under the root only: a symbolic link (the file itself or a directory on its
   * way) that leads out of the root is treated as no file at all.
   */
  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const stats = await lstat(path);
      if (!stats.isFile()) return null;
      const real = await realpath(path);
      if (!real.startsWith((await realpath(this.root)) + sep)) return null;
      const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
      // createReadStream's `end` is inclusive.
      const body = handle.createReadStream(range ? { start: range.start, end: range.end - 1 } : {});
      return { body, size: stats.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  urlOf(key: string): string {
    return `${this.publicBaseUrl}/files/${key}`;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
