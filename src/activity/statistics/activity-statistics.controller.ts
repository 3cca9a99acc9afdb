import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import {
  ActivityStatisticsQuery,
  ActivityStatisticsResponse,
  ActivityTimelineQuery,
  ActivityTimelineResponse,
} from './activity-statistics.dto';
import { ActivityStatisticsService } from './activity-statistics.service';

@ApiTags('Statistics')
@ApiBearerAuth()
@Controller('core-api/statistics/activity')
export class ActivityStatisticsController {
  constructor(private readonly statistics: ActivityStatisticsService) {}

  @Get('timeline')
  @ApiOperation({
    operationId: 'getActivityTimeline',
    summary: 'Get activity counts per period',
    description:
      'How many activities the workspace recorded per day, week (from Monday) or month in a date range (UTC), optionally only some types or entity types. Every period of the range is listed, also empty ones.',
  })
  @ApiOkResponse({ description: 'Activity counts per period', type: ActivityTimelineResponse })
  @ApiProblems(400, 401, 403)
  timeline(@Ctx() ctx: RequestContext, @Query() q: ActivityTimelineQuery): Promise<ActivityTimelineResponse> {
    return this.statistics.timeline(ctx, q);
  }

  @Get()
  @ApiOperation({
    operationId: 'getActivityStatistics',
    summary: 'Get activity counts per type',
    description:
      'How many activities of each type and entity type the workspace recorded in a date range (UTC; default the last 30 days).',
  })
  @ApiOkResponse({
    description: 'Activity counts per entity type and type',
    type: ActivityStatisticsResponse,
  })
  @ApiProblems(400, 401, 403)
  counts(
    @Ctx() ctx: RequestContext,
    @Query() q: ActivityStatisticsQuery,
  ): Promise<ActivityStatisticsResponse> {
    return this.statistics.counts(ctx, q);
  }
}
