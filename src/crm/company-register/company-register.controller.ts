import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import { invalidField } from '../../platform/http/problem';
import {
  chamberOfCommerceNumberPattern,
  SuggestedAccountDetails,
  SuggestedAccountPage,
  SuggestQuery,
} from './company-register.dto';
import type { SuggestedAccount } from './company-register.dto';
import { CompanyRegisterService } from './company-register.service';

/** `/core-api/accounts/suggest…`: registered before the accounts controller so `suggest` is never read as an id. */
@ApiTags('Accounts')
@ApiBearerAuth()
@Controller('core-api/accounts/suggest')
export class CompanyRegisterController {
  constructor(private readonly companyRegister: CompanyRegisterService) {}

  @Get()
  @ApiOperation({
    operationId: 'suggestAccounts',
    summary: 'Suggest accounts from the company register',
    description: 'Suggested accounts: companies of the Chamber of Commerce (KvK) matching a name or number.',
  })
  @ApiOkResponse({
    description: 'A page of suggested companies: `data` and `total`',
    type: SuggestedAccountPage,
  })
  @ApiProblems(400, 401, 403, 503)
  suggest(@Ctx() ctx: RequestContext, @Query() q: SuggestQuery): Promise<Page<SuggestedAccount>> {
    return this.companyRegister.suggest(ctx, q.query);
  }

  @Get(':chamberOfCommerceNumber/details')
  @ApiOperation({
    operationId: 'getCompanyRegisterDetails',
    summary: 'Get company details from the company register',
    description: 'A company’s details from the Chamber of Commerce (KvK), to prefill an account.',
  })
  @ApiParam({ name: 'chamberOfCommerceNumber', description: '8 digits', example: '69599084' })
  @ApiOkResponse({ description: "The company's details", type: SuggestedAccountDetails })
  @ApiProblems(400, 401, 403, 404, 503)
  details(
    @Ctx() ctx: RequestContext,
    @Param('chamberOfCommerceNumber') number: string,
  ): Promise<SuggestedAccountDetails> {
    if (!chamberOfCommerceNumberPattern.test(number))
      throw invalidField('chamberOfCommerceNumber', 'chamberOfCommerceNumber must be 8 digits');
    return this.companyRegister.details(ctx, number);
  }
}
