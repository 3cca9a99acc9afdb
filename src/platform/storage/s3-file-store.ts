import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ByteRange, FileStore, type StoredObject } from './file-store';

export interface S3FileStoreOptions {
  bucket: string;
  /** Default `us-east-1` (most S3-compatible servers ignore it but the signer needs one). */
  region?: string;
  /** An S3-compatible server (MinIO, R2, …); objects are then addressed path-style. Unset: AWS S3. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** The part of the S3 client the store uses (a test passes a recorder). */
export interface S3Sender {
  send(command: PutObjectCommand | DeleteObjectCommand | GetObjectCommand): Promise<unknown>;
}

/**
 * Files in an S3-compatible bucket, served straight from it (the bucket or a CDN in front of it
 * must allow public reads of these keys; keys are unguessable). Chosen by StorageModule when
 * S3_BUCKET is set.
 */
export class S3FileStore extends FileStore {
  private readonly client: S3Sender;
  private readonly region: string;

  constructor(
    private readonly options: S3FileStoreOptions,
    client?: S3Sender,
  ) {
    super();
    this.region = options.region || 'us-east-1';
    this.client =
      client ??
      new S3Client({
        region: this.region,
        endpoint: options.endpoint,
        forcePathStyle: !!options.endpoint,
        // Uploads are streamed with their length: a plain PUT. Checksums "when supported" would send
        // them aws-chunked with a trailer, which S3-compatible servers (s3rver, older MinIO) store as is.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      });
  }

  /** Refuses keys that are empty, absolute or climb (`..`): keys are built by the service, never by callers. */
  static checkKey(key: string): string {
    if (!key || key.startsWith('/') || key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw new Error(`Invalid file key: ${key}`);
    }
    return key;
  }

  /** The public URL of a key: path-style on a custom endpoint, virtual-hosted style on AWS. */
  urlOf(key: string): string {
    const path = S3FileStore.checkKey(key).split('/').map(encodeURIComponent).join('/');
    if (this.options.endpoint) {
      return `${this.options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.options.bucket)}/${path}`;
    }
    return `https://${this.options.bucket}.s3.${this.region}.amazonaws.com/${path}`;
  }

  /** One PUT streaming the bytes (S3 needs their length up front; an upload's size is known). */
  async put(key: string, body: Readable, size: number, contentType: string): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: S3FileStore.checkKey(key),
        Body: body,
        ContentLength: size,
        ContentType: contentType,
        // Keys are never reused (a new upload gets a new key), so caches may keep them.
        CacheControl: 'public, max-age=604800, immutable',
      }),
    );
    return this.urlOf(key);
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const checked = S3FileStore.checkKey(key);
    let answer: GetObjectCommandOutput;
    try {
      answer = (await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: checked,
          ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}),
        }),
      )) as GetObjectCommandOutput;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
    // A range's answer names the whole object's size after the slash: `bytes 0-99/1234`.
    const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : NaN;
    return { body: answer.Body, size: Number.isFinite(total) ? total : (answer.ContentLength ?? 0) };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: S3FileStore.checkKey(key) }),
    );
  }
}
