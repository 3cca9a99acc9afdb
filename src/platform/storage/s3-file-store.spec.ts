import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Credentials, startS3Server } from '../../../test/support/s3-server';
import { loadEnv } from '../../config/env';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';
import { fileStoreFor } from './storage.module';

class Recorder {
  sent: Array<PutObjectCommand | DeleteObjectCommand> = [];
  async send(command: PutObjectCommand | DeleteObjectCommand): Promise<unknown> {
    this.sent.push(command);
    return {};
  }
}

describe('S3FileStore', () => {
  it('addresses a custom endpoint path-style, without doubling slashes', () => {
    const store = new S3FileStore({ bucket: 'media', endpoint: 'http://minio:9000/' }, new Recorder());
    expect(store.urlOf('ws-1/products/abc.png')).toBe('http://minio:9000/media/ws-1/products/abc.png');
  });

  it('addresses AWS virtual-hosted style in the configured region (default us-east-1)', () => {
    expect(new S3FileStore({ bucket: 'media', region: 'eu-west-1' }, new Recorder()).urlOf('a/b.jpg')).toBe(
      'https://media.s3.eu-west-1.amazonaws.com/a/b.jpg',
    );
    expect(new S3FileStore({ bucket: 'media' }, new Recorder()).urlOf('a/b.jpg')).toBe(
      'https://media.s3.us-east-1.amazonaws.com/a/b.jpg',
    );
  });

  it('encodes each key segment but keeps the slashes', () => {
    const store = new S3FileStore({ bucket: 'media', endpoint: 'https://s3.example.test' }, new Recorder());
    expect(store.urlOf('ws/a b/ü#.png')).toBe('https://s3.example.test/media/ws/a%20b/%C3%BC%23.png');
  });

  it('refuses empty, absolute and climbing keys', () => {
    const store = new S3FileStore({ bucket: 'media' }, new Recorder());
    for (const key of ['', '/abs.png', 'a/../b.png', 'a//b.png', './a.png'])
      expect(() => store.urlOf(key)).toThrow('Invalid file key');
  });

  it('puts with bucket, key, content type and an immutable cache header, and returns the URL', async () => {
    const client = new Recorder();
    const store = new S3FileStore({ bucket: 'media', endpoint: 'http://minio:9000' }, client);
    const url = await store.put('ws/products/x.webp', Readable.from([Buffer.from('img')]), 3, 'image/webp');
    expect(url).toBe('http://minio:9000/media/ws/products/x.webp');
    expect(client.sent[0]).toBeInstanceOf(PutObjectCommand);
    expect(client.sent[0].input).toMatchObject({
      Bucket: 'media',
      Key: 'ws/products/x.webp',
      ContentLength: 3,
      ContentType: 'image/webp',
      CacheControl: 'public, max-age=604800, immutable',
    });
  });

  it('deletes by bucket and key', async () => {
    const client = new Recorder();
    await new S3FileStore({ bucket: 'media' }, client).delete('ws/products/x.webp');
    expect(client.sent[0]).toBeInstanceOf(DeleteObjectCommand);
    expect(client.sent[0].input).toEqual({ Bucket: 'media', Key: 'ws/products/x.webp' });
  });
});

describe('fileStoreFor', () => {
  it('chooses S3 when S3_BUCKET is set, the local directory otherwise', () => {
    const s3 = fileStoreFor(
      loadEnv({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-1' }),
    );
    expect(s3).toBeInstanceOf(S3FileStore);
    expect((s3 as S3FileStore).urlOf('k.png')).toBe('http://minio:9000/media/k.png');
    expect(fileStoreFor(loadEnv({ STORAGE_DIR: '/tmp/x' }))).toBeInstanceOf(LocalFileStore);
  });

  it('keeps local files under DATA_DIR unless STORAGE_DIR says otherwise', () => {
    expect((fileStoreFor(loadEnv({ DATA_DIR: '/srv/data' })) as LocalFileStore).root).toBe('/srv/data/files');
    expect(
      (fileStoreFor(loadEnv({ DATA_DIR: '/srv/data', STORAGE_DIR: '/tmp/x' })) as LocalFileStore).root,
    ).toBe('/tmp/x');
  });
});

describe('S3FileStore against an S3-compatible server (s3rver, in process)', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let store: S3FileStore;
  const read = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString();
  };

  beforeAll(async () => {
    server = await startS3Server('media');
    store = new S3FileStore({ bucket: 'media', endpoint: server.endpoint, ...s3Credentials });
  });
  afterAll(() => server.close());

  it('puts, streams and deletes an object', async () => {
    const url = await store.put(
      'private/ws/documents/a',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      11,
      'text/plain',
    );
    expect(url).toBe(`${server.endpoint}/media/private/ws/documents/a`);
    const opened = await store.open('private/ws/documents/a');
    expect(opened?.size).toBe(11);
    expect(await read(opened!.body)).toBe('hello world');
    await store.delete('private/ws/documents/a');
    expect(await store.open('private/ws/documents/a')).toBeNull();
  });

  it('streams a byte range (how an xlsx workbook is read) with the whole object’s size', async () => {
    await store.put('private/ws/imports/r', Readable.from([Buffer.from('0123456789')]), 10, 'text/plain');
    const part = await store.open('private/ws/imports/r', { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(await read(part!.body)).toBe('234');
    const tail = await store.open('private/ws/imports/r', { start: 9, end: 10 });
    expect(await read(tail!.body)).toBe('9');
    expect(await store.open('private/ws/imports/none', { start: 0, end: 1 })).toBeNull();
  });

  it('answers null for a key that holds nothing, and refuses climbing keys before any request', async () => {
    expect(await store.open('ws/none')).toBeNull();
    await expect(store.open('ws/../other')).rejects.toThrow('Invalid file key');
  });
});
