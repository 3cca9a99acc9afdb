import type { Readable } from 'node:stream';

/** The bytes of a stored file, to stream. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/** Where uploaded files live: a local directory by default, an S3-compatible bucket when configured. */
export abstract class FileStore {
  /**
   * Streams `size` bytes under `key` and returns the URL they are served from. A failed or
   * incomplete stream leaves nothing under `key`.
   */
  abstract put(key: string, body: Readable, size: number, contentType: string): Promise<string>;
  /** The bytes under `key` as a stream, or null when nothing is stored there. */
  abstract open(key: string): Promise<StoredObject | null>;
  abstract delete(key: string): Promise<void>;
  /** The URL `put` answers for `key`. */
  abstract urlOf(key: string): string;
}

/**
 * Keys under this prefix hold private files (documents): never served under `/files/`, read only
 * through their own authorised operations. On S3, keep the bucket's public read off this prefix.
 */
export const privateKeyPrefix = 'private/';
