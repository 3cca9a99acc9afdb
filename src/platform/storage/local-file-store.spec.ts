import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from '@jest/globals';
import { LocalFileStore } from './local-file-store';

describe('LocalFileStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-store-'));
  const root = join(dir, 'files');
  const store = new LocalFileStore(root, 'http://localhost');
  writeFileSync(join(dir, 'secret.txt'), 'outside the root');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const read = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString();
  };

  it('puts, opens and deletes by key', async () => {
    expect(await store.put('ws/a/b.txt', Readable.from([Buffer.from('ab'), Buffer.from('c')]), 3)).toBe(
      'http://localhost/files/ws/a/b.txt',
    );
    const opened = await store.open('ws/a/b.txt');
    expect(opened?.size).toBe(3);
    expect(await read(opened!.body)).toBe('abc');
    await store.delete('ws/a/b.txt');
    expect(await store.open('ws/a/b.txt')).toBeNull();
    expect(await store.open('ws/a')).toBeNull();
  });

  it('streams a byte range (how an xlsx workbook is read) with the whole file’s size', async () => {
    await store.put('ws/r.bin', Readable.from([Buffer.from('0123456789')]), 10);
    const part = await store.open('ws/r.bin', { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(await read(part!.body)).toBe('234');
    expect(await read((await store.open('ws/r.bin', { start: 9, end: 10 }))!.body)).toBe('9');
    expect(await store.open('ws/none.bin', { start: 0, end: 1 })).toBeNull();
  });

  it('refuses keys that climb out of the root', async () => {
    for (const key of ['../secret.txt', 'ws/../../secret.txt', join(dir, 'secret.txt')])
      await expect(store.open(key)).rejects.toThrow('escapes the storage directory');
    await expect(store.put('../x.txt', Readable.from([Buffer.from('x')]), 1)).rejects.toThrow(
      'escapes the storage directory',
    );
  });

  it('leaves nothing under the key when the stream fails or falls short', async () => {
    let reads = 0;
    const failing = new Readable({
      read() {
        if (reads++ === 0) this.push(Buffer.from('partial'));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('ws/broken.bin', failing, 100)).rejects.toThrow('client went away');
    expect(await store.open('ws/broken.bin')).toBeNull();
    await expect(store.put('ws/short.bin', Readable.from([Buffer.from('abc')]), 4)).rejects.toThrow(
      '3 bytes stored, 4 expected',
    );
    expect(await store.open('ws/short.bin')).toBeNull();
  });

  it('never follows a symbolic link out of the root (file or directory)', async () => {
    mkdirSync(join(root, 'ws'), { recursive: true });
    symlinkSync(join(dir, 'secret.txt'), join(root, 'ws', 'link.txt'));
    symlinkSync(dir, join(root, 'ws', 'up'));
    expect(await store.open('ws/link.txt')).toBeNull();
    expect(await store.open('ws/up/secret.txt')).toBeNull();
  });
});
