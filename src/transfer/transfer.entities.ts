import { ImportJobEntity } from './imports/import-job.entity';

/** The transfer context's tables: import jobs (docs/imports.md). */
export const transferEntities = [ImportJobEntity];
