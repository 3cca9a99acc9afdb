import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { IdentityModule } from '../../identity/identity.module';
import { ActivityObservers } from '../../platform/activity/activity-recorder';
import { EntityTypes } from '../../platform/database/entity-types';
import { CommentsCoreController } from '../comments/comments.core.controller';
import { CommentsService } from '../comments/comments.service';
import { lastContactMomentObserver } from '../comments/last-contact-moment';
import { PipelineEntity } from '../pipelines/pipeline.entity';
import { PipelinesCoreController } from '../pipelines/pipelines.core.controller';
import { PipelinesService } from '../pipelines/pipelines.service';
import { DealStatisticsController } from '../statistics/deal-statistics.controller';
import { DealPeriodsController } from '../statistics/deal-periods.controller';
import { DealsReportController } from '../reports/deals-report.controller';
import { DealsReportService } from '../reports/deals-report.service';
import { DealStatisticsService } from '../statistics/deal-statistics.service';
import { DealUsageService } from './deal-usage.service';
import { DealEntity } from './deal.entity';
import { DealsCoreController } from './deals.core.controller';
import { DealsService } from './deals.service';

/**
 * The sales side of the CRM: pipelines and their statuses, deals, comments on any entity, deal
 * statistics, and the observer that keeps accounts' and contacts' lastContactMoment current.
 * Imported by CrmModule.
 */
@Module({
  imports: [IdentityModule, CatalogModule],
  controllers: [
    PipelinesCoreController,
    DealsCoreController,
    CommentsCoreController,
    DealStatisticsController,
    DealPeriodsController,
    DealsReportController,
  ],
  providers: [
    PipelinesService,
    DealsService,
    DealUsageService,
    CommentsService,
    DealStatisticsService,
    DealsReportService,
  ],
  exports: [PipelinesService, DealsService, CommentsService],
})
export class DealsModule {
  constructor(entityTypes: EntityTypes, observers: ActivityObservers) {
    entityTypes.register(
      { type: 'Deal', target: DealEntity, tags: { table: 'deals', column: 'tags' } },
      { type: 'Pipeline', target: PipelineEntity },
    );
    observers.observe(lastContactMomentObserver);
  }
}
