import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import { VatCodeListQuery, VatCodePage, VatCodeResponse } from './vat-code.dto';
import { VatCodesService } from './vat-codes.service';

@ApiTags('VatCodes')
@ApiBearerAuth()
@Controller('core-api/vatcodes')
export class VatCodesCoreController {
  constructor(private readonly vatCodes: VatCodesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listVatCodes',
    summary: 'List VAT codes',
    description:
      'The VAT codes of the workspace (a new workspace starts with Standard 21 %, Reduced 9 %, Zero and Exempt); products name one in `pricing.vatCodeId`, the default applies to products without one.',
  })
  @ApiOkResponse({ description: 'A page of VAT codes: `data` and `total`', type: VatCodePage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: VatCodeListQuery): Promise<Page<VatCodeResponse>> {
    return this.vatCodes.list(ctx, q);
  }
}
