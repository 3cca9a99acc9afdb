import { Module } from '@nestjs/common';
import { MasterdataTagsController } from './tags/masterdata-tags.controller';
import { MasterdataTagsService } from './tags/masterdata-tags.service';

/** Cross-context reference data: the tags in use across every tagged entity type. */
@Module({ controllers: [MasterdataTagsController], providers: [MasterdataTagsService] })
export class MasterdataModule {}
