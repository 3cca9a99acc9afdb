import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { HeavyOperation } from '../../platform/http/heavy-operations';
import { ApiProblems } from '../../platform/http/openapi';
import { ApiXlsxResponse } from '../../platform/http/xlsx-download';
import { DealListQuery } from '../deals/deal.dto';
import { DealsReportService } from './deals-report.service';

@ApiTags('Reports')
@ApiBearerAuth()
@Controller('core-api/reports')
export class DealsReportController {
  constructor(private readonly report: DealsReportService) {}

  @Get('deals')
  @ApiOperation({
    operationId: 'exportDealsXlsx',
    summary: 'Export deals as .xlsx',
    description:
      'Every deal matching the filters, search and sort of GET /core-api/deals (Take and Skip are ignored: all matches), as an Excel sheet `deals.xlsx` with a frozen, filterable header row; money and rates as numbers, dates as dates (UTC). Written while it downloads. A heavy operation: a few run at once per workspace and per process (429 / 503 with Retry-After beyond).',
  })
  @ApiXlsxResponse('The deals as an .xlsx workbook')
  @ApiProblems(400, 401, 403)
  @HeavyOperation()
  deals(@Ctx() ctx: RequestContext, @Query() q: DealListQuery): StreamableFile {
    return this.report.report(ctx, q);
  }
}
