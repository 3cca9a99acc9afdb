import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { FileStore } from './file-store';

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

  urlOf(key: string): string {
    return `${this.publicBaseUrl}/files/${key}`;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
