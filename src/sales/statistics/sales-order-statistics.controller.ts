import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { DayRangeQuery, SalesOrderStatistics } from './sales-order-statistics.dto';
import { SalesOrderStatisticsService } from './sales-order-statistics.service';

@ApiTags('Statistics')
@ApiBearerAuth()
@Controller('core-api/statistics/salesorders')
export class SalesOrderStatisticsController {
  constructor(private readonly statistics: SalesOrderStatisticsService) {}

  @Get()
  @ApiOperation({
    operationId: 'getSalesOrderStatistics',
    summary: 'Sales order statistics',
    description:
      'Order count and revenue per day (UTC), ordering status and channel over a range of days (default the last 30, at most 366).',
  })
  @ApiOkResponse({
    description: 'Counts and revenue per day, status and channel',
    type: SalesOrderStatistics,
  })
  @ApiProblems(400, 401, 403)
  get(@Ctx() ctx: RequestContext, @Query() q: DayRangeQuery): Promise<SalesOrderStatistics> {
    return this.statistics.statistics(ctx, q);
  }
}
