import { Module } from '@nestjs/common';
import { ActivitiesController } from './activities/activities.controller';
import { ActivitiesService } from './activities/activities.service';
import { ActivityStatisticsController } from './statistics/activity-statistics.controller';
import { ActivityStatisticsService } from './statistics/activity-statistics.service';
import { WorkspaceExportController } from './analytics/workspace-export.controller';
import { WorkspaceExportService } from './analytics/workspace-export.service';

@Module({
  controllers: [ActivitiesController, ActivityStatisticsController, WorkspaceExportController],
  providers: [ActivitiesService, ActivityStatisticsService, WorkspaceExportService],
  exports: [ActivitiesService],
})
export class ActivityModule {}
