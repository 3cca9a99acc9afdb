import { Module } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module';
import { ActivityRecorder } from '../../platform/activity/activity-recorder';
import { registerEntityType } from '../../platform/database/entity-types';
import { CommentsCoreController } from '../comments/comments.core.controller';
import { CommentsService } from '../comments/comments.service';
import { lastContactMomentObserver } from '../comments/last-contact-moment';
import { PipelineEntity } from '../pipelines/pipeline.entity';
import { PipelinesCoreController } from '../pipelines/pipelines.core.controller';
import { PipelinesService } from '../pipelines/pipelines.service';
import { DealStatisticsController } from '../statistics/deal-statistics.controller';
import { DealStatisticsService } from '../statistics/deal-statistics.service';
import { DealUsageService } from './deal-usage.service';
import { DealEntity } from './deal.entity';
import { DealsCoreController } from './deals.core.controller';
import { DealsService } from './deals.service';

registerEntityType({ type: 'Deal', target: DealEntity, tags: { table: 'deals', column: 'tags' } });
registerEntityType({ type: 'Pipeline', target: PipelineEntity });
ActivityRecorder.observe(lastContactMomentObserver);

/**
 * The sales side of the CRM: pipelines and their statuses, deals, comments on any entity, deal
 * statistics, and the observer that keeps accounts' and contacts' lastContactMoment current.
 * Imported by CrmModule.
 */
@Module({
  imports: [IdentityModule],
  controllers: [
    PipelinesCoreController,
    DealsCoreController,
    CommentsCoreController,
    DealStatisticsController,
  ],
  providers: [PipelinesService, DealsService, DealUsageService, CommentsService, DealStatisticsService],
  exports: [PipelinesService, DealsService, CommentsService],
})
export class DealsModule {}
