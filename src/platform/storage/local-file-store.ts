import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { FileStore, type StoredObject } from './file-store';

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

  async put(key: string, body: Buffer): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
    return this.urlOf(key);
  }

  /**
   * A regular file under the root only: a symbolic link (the file itself or a directory on its
   * way) that leads out of the root is treated as no file at all.
   */
  async open(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const stats = await lstat(path);
      if (!stats.isFile()) return null;
      const real = await realpath(path);
      if (!real.startsWith((await realpath(this.root)) + sep)) return null;
      const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
      return { body: handle.createReadStream(), size: stats.size };
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
