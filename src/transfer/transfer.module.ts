import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CrmModule } from '../crm/crm.module';
import { I18nModule } from '../i18n/i18n.module';
import { ActivityTypes } from '../platform/activity/activity-types';
import { FileReferences } from '../platform/storage/uploads';
import { CrmExportService } from './exports/crm-export.service';
import { ExportsCoreController } from './exports/exports.core.controller';
import { ProductExportService } from './exports/product-export.service';
import { ImportJobsService } from './imports/import-jobs.service';
import { ImportRunner } from './imports/import-runner';
import { ImportWorker } from './imports/import-worker';
import { ImportsCoreController } from './imports/imports.core.controller';
import { SheetKinds } from './imports/sheet-kinds';

/**
 * Transfer: bulk imports of CSV and xlsx files and exports in the same columns (docs/imports.md). Jobs are queued by the API and
 * run by the ImportWorker of any process with IMPORTS_WORKER (the API's, or `npm run start:worker`);
 * the rows are written by the context that owns them (the catalog's ProductSheetService, the CRM's
 * AccountSheetService and ContactSheetService, through their doors), one SheetKind each.
 */
@Module({
  imports: [CatalogModule, CrmModule, I18nModule],
  controllers: [ImportsCoreController, ExportsCoreController],
  providers: [
    ImportJobsService,
    ImportRunner,
    ImportWorker,
    SheetKinds,
    ProductExportService,
    CrmExportService,
  ],
})
export class TransferModule {
  constructor(activityTypes: ActivityTypes, files: FileReferences) {
    files.register({ table: 'import_jobs', column: 'file_url' });
    activityTypes.declare({
      entityType: 'ImportJob',
      noun: 'an import job',
      changes: ['created'],
      events: { ImportJobCanceled: 'An import job was canceled before it ended' },
    });
  }
}
