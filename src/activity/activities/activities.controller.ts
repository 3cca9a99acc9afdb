import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, ReadOperation } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import { ActivityFilterRequest, ActivityListQuery, ActivityPage, ActivityResponse } from './activity.dto';
import { ActivitiesService } from './activities.service';

@ApiTags('Activities')
@ApiBearerAuth()
@Controller('core-api/activities')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listActivities',
    summary: 'List activities',
    description: 'Activities of the workspace, filtered by entity, type and time.',
  })
  @ApiOkResponse({ description: 'A page of activities: `data` and `total`', type: ActivityPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ActivityListQuery): Promise<Page<ActivityResponse>> {
    return this.activities.fromQuery(ctx, q);
  }

  @Post('filter')
  @HttpCode(200)
  @ReadOperation()
  @ApiOperation({
    operationId: 'filterActivities',
    summary: 'Filter activities',
    description:
      'Activities of the workspace, filtered by entity, type and time like the list, with the filter in the body (for filters too long for a query string).',
  })
  @ApiOkResponse({ description: 'A page of activities: `data` and `total`', type: ActivityPage })
  @ApiProblems(400, 401, 403)
  filter(@Ctx() ctx: RequestContext, @Body() body: ActivityFilterRequest): Promise<Page<ActivityResponse>> {
    return this.activities.fromBody(ctx, body);
  }
}
