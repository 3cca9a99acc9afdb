/** Where uploaded files live: a local directory by default, an S3-compatible bucket when configured. */
export abstract class FileStore {
  /** Stores the bytes under `key` and returns the URL they are served from. */
  abstract put(key: string, body: Buffer, contentType: string): Promise<string>;
  abstract delete(key: string): Promise<void>;
  /** The URL `put` answers for `key`. */
  abstract urlOf(key: string): string;
}
