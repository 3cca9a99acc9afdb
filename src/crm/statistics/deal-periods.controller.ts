import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { DealPeriodsQuery, DealPeriodsResponse } from './deal-periods.dto';
import { DealStatisticsService } from './deal-statistics.service';

@ApiTags('Analytics')
@ApiBearerAuth()
@Controller('core-api/analytics/deals')
export class DealPeriodsController {
  constructor(private readonly statistics: DealStatisticsService) {}

  @Get('periods')
  @ApiOperation({
    operationId: 'getDealPeriods',
    summary: 'Get won and lost deal revenue per period',
    description:
      'Deals won and lost, with their expected revenue, per month, quarter or year: a deal counts in the period its status became a Won or Lost status (statusModifiedAt, UTC). Archived deals count too.',
  })
  @ApiOkResponse({ description: 'Won and lost revenue per period', type: DealPeriodsResponse })
  @ApiProblems(400, 401, 403)
  periods(@Ctx() ctx: RequestContext, @Query() q: DealPeriodsQuery): Promise<DealPeriodsResponse> {
    return this.statistics.periods(ctx, q);
  }
}
