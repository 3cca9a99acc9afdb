import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  AccountFilterableValues,
  AccountListQuery,
  AccountPage,
  AccountResponse,
  AccountStats,
  CreateAccountRequest,
  UpdateAccountRequest,
  ValueCountPage,
} from './account.dto';
import type { ValueCount } from './account.dto';
import { AccountsService } from './accounts.service';
import { AccountEntity } from './account.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Accounts')
@ApiBearerAuth()
@Controller('core-api/accounts')
export class AccountsCoreController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listAccounts',
    summary: 'List accounts',
    description:
      'Accounts of the workspace; `Query` searches display name, account code, VAT and Chamber of Commerce numbers.',
  })
  @ApiOkResponse({ description: 'A page of accounts: `data` and `total`', type: AccountPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: AccountListQuery): Promise<Page<AccountResponse>> {
    return this.accounts.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createAccount',
    summary: 'Create an account',
    description:
      'Create an account (a company of the CRM). `accountCode` is unique per workspace: a duplicate is a 409.',
  })
  @ApiOkResponse({ description: 'The created account', type: AccountResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateAccountRequest): Promise<AccountResponse> {
    return this.accounts.create(ctx, body);
  }

  @Get('tags')
  @ApiOperation({
    operationId: 'listAccountTags',
    summary: 'List account tags',
    description: 'Tags used by accounts, with how many accounts use each.',
  })
  @ApiOkResponse({
    description: 'A page of tags with their account counts: `data` and `total`',
    type: ValueCountPage,
  })
  @ApiProblems(401, 403)
  tags(@Ctx() ctx: RequestContext): Promise<Page<ValueCount>> {
    return this.accounts.usedTags(ctx);
  }

  @Get('industries')
  @ApiOperation({
    operationId: 'listAccountIndustries',
    summary: 'List account industries',
    description: 'Industries used by accounts, with how many accounts use each.',
  })
  @ApiOkResponse({
    description: 'A page of industries with their account counts: `data` and `total`',
    type: ValueCountPage,
  })
  @ApiProblems(401, 403)
  industries(@Ctx() ctx: RequestContext): Promise<Page<ValueCount>> {
    return this.accounts.usedIndustries(ctx);
  }

  @Get('filterable-values')
  @ApiOperation({
    operationId: 'getAccountFilterableValues',
    summary: 'Get the values of the account filters',
    description:
      'For each list filter (account_types, owner_ids, industries, tags) the values in use, with counts.',
  })
  @ApiOkResponse({ description: 'The values in use per filter, with counts', type: AccountFilterableValues })
  @ApiProblems(401, 403)
  filterableValues(@Ctx() ctx: RequestContext): Promise<AccountFilterableValues> {
    return this.accounts.filterableValues(ctx);
  }

  @Get('stats')
  @ApiOperation({
    operationId: 'getAccountStatistics',
    summary: 'Get account statistics',
    description: 'Account counts by type, status, owner and industry.',
  })
  @ApiOkResponse({ description: 'Account counts per type, status, owner and industry', type: AccountStats })
  @ApiProblems(401, 403)
  stats(@Ctx() ctx: RequestContext): Promise<AccountStats> {
    return this.accounts.stats(ctx);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getAccount',
    summary: 'Get an account',
    description: 'One account of the current workspace.',
  })
  @ApiOkResponse({ description: 'The account', type: AccountResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<AccountResponse> {
    return this.accounts.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(AccountEntity, 'Account')
  @ApiOperation({
    operationId: 'updateAccount',
    summary: 'Update an account',
    description: 'Replace an account (omitted optional fields become null / empty).',
  })
  @ApiOkResponse({ description: 'The account as stored', type: AccountResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateAccountRequest,
  ): Promise<AccountResponse> {
    assertSameId(id, body.id);
    return this.accounts.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteAccount',
    summary: 'Delete an account',
    description:
      'Delete an account. Links of contacts to the account are removed with it. 409 while sales orders (or other records that must keep their account) reference it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.accounts.remove(ctx, id);
  }
}
