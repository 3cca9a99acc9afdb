import { Global, Module } from '@nestjs/common';
import { resolve } from 'node:path';
import { Env } from '../../config/env';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { LocalFileStore } from './local-file-store';

@Global()
@Module({
  controllers: [FilesController],
  providers: [
    {
      provide: FileStore,
      inject: [Env],
      useFactory: (env: Env) => new LocalFileStore(resolve(env.STORAGE_DIR), env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`),
    },
  ],
  exports: [FileStore],
})
export class StorageModule {}
