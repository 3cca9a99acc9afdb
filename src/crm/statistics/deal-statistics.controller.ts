import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { DealStatisticsQuery, DealStatisticsResponse } from './deal-statistics.dto';
import { DealStatisticsService } from './deal-statistics.service';

@ApiTags('Statistics')
@ApiBearerAuth()
@Controller('core-api/statistics')
export class DealStatisticsController {
  constructor(private readonly statistics: DealStatisticsService) {}

  @Get('deals')
  @ApiOperation({
    operationId: 'getDealStatistics',
    summary: 'Get deal statistics per period',
    description:
      'Deals created, still open, won and lost, with their expected revenue, per period. A deal counts as created in the period of its createdAt, and as won or lost in the period its status became a Won or Lost status (statusModifiedAt). Archived deals count too. Dates are UTC.',
  })
  @ApiOkResponse({ description: 'Deal counts and expected revenue per period', type: DealStatisticsResponse })
  @ApiProblems(400, 401, 403)
  deals(@Ctx() ctx: RequestContext, @Query() q: DealStatisticsQuery): Promise<DealStatisticsResponse> {
    return this.statistics.deals(ctx, q);
  }
}
