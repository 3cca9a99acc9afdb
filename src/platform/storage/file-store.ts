import type { Readable } from 'node:stream';

/** The bytes of a stored file, to stream. */
export interface StoredObject {
  /** The whole file, or the range asked for. */
  body: Readable;
  /** The whole file's size in bytes. */
  size: number;
}

/** Bytes `start` (inclusive) to `end` (exclusive, after `start`) of a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded files live: a local directory by default, an S3-compatible bucket when configured. */
export abstract class FileStore {
  /**
   * Streams `size` bytes under `key` and returns the URL they are served from. A failed or
   * incomplete stream leaves nothing under `key`.
   */
  abstract put(key: string, body: Readable, size: number, contentType: string): Promise<string>;
  /**
   * The bytes under `key` (all, or `range` of them: an xlsx workbook is read from its zip
   * directory, part by part) as a stream, or null when nothing is stored there.
   */
  abstract open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  abstract delete(key: string): Promise<void>;
  /** The URL `put` answers for `key`. */
  abstract urlOf(key: string): string;
}

/**
 * Keys under this prefix hold private files (documents): never served under `/files/`, read only
 * through their own authorised operations. On S3, keep the bucket's public read off this prefix.
 */
export const privateKeyPrefix = 'private/';
