import { Module } from '@nestjs/common';
import { I18nModule } from '../i18n/i18n.module';
import { ActivityTypes } from '../platform/activity/activity-types';
import { FileReferences } from '../platform/storage/uploads';
import { contentActivityTypes } from './content.activity-types';
import { DocumentsCoreController } from './documents/documents.core.controller';
import { documentFileReferences, DocumentsService } from './documents/documents.service';
import { ContentPagesCoreController } from './pages/content-pages.core.controller';
import { ContentPagesService } from './pages/content-pages.service';

/** The content context: CMS pages and the workspace's document tree. */
@Module({
  imports: [I18nModule],
  controllers: [ContentPagesCoreController, DocumentsCoreController],
  providers: [ContentPagesService, DocumentsService],
})
export class ContentModule {
  /** Registers what the context owns with the application's registries, once per application. */
  constructor(files: FileReferences, activityTypes: ActivityTypes) {
    files.register(...documentFileReferences);
    activityTypes.declare(...contentActivityTypes);
  }
}
