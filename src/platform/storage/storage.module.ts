import { Global, Module } from '@nestjs/common';
import { join, resolve } from 'node:path';
import { Env } from '../../config/env';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';
import { FileReferences, Uploads } from './uploads';

/** The file store: an S3-compatible bucket when S3_BUCKET is set, else a local directory served under /files. */
export function fileStoreFor(env: Env): FileStore {
  if (env.S3_BUCKET) {
    return new S3FileStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalFileStore(
    resolve(env.STORAGE_DIR ?? join(env.DATA_DIR, 'files')),
    env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
  );
}

@Global()
@Module({
  controllers: [FilesController],
  providers: [{ provide: FileStore, inject: [Env], useFactory: fileStoreFor }, FileReferences, Uploads],
  exports: [FileStore, FileReferences, Uploads],
})
export class StorageModule {}
