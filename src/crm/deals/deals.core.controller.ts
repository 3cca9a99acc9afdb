import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { DealUsageService } from './deal-usage.service';
import {
  CreateDealRequest,
  DealFilterableValues,
  DealListQuery,
  DealPage,
  DealResponse,
  DealUsageQuery,
  UpdateDealRequest,
  UsedDealStatus,
  UsedDealStatusPage,
  UsedValue,
  UsedValuePage,
} from './deal.dto';
import { DealsService } from './deals.service';
import { DealEntity } from './deal.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Deals')
@ApiBearerAuth()
@Controller('core-api/deals')
export class DealsCoreController {
  constructor(
    private readonly deals: DealsService,
    private readonly usage: DealUsageService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listDeals', summary: 'List deals', description: 'Deals of the workspace.' })
  @ApiOkResponse({ description: 'A page of deals: `data` and `total`', type: DealPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: DealListQuery): Promise<Page<DealResponse>> {
    return this.deals.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createDeal',
    summary: 'Create a deal',
    description: 'Create a deal. statusId must belong to pipelineId (400 naming statusId otherwise).',
  })
  @ApiOkResponse({ description: 'The created deal', type: DealResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateDealRequest): Promise<DealResponse> {
    return this.deals.create(ctx, body);
  }

  @Get('statuses')
  @ApiOperation({
    operationId: 'listDealStatuses',
    summary: 'List deal statuses in use',
    description: 'Statuses used by deals, with the number of deals in each.',
  })
  @ApiOkResponse({
    description: 'A page of statuses with their deal counts: `data` and `total`',
    type: UsedDealStatusPage,
  })
  @ApiProblems(400, 401, 403)
  statuses(@Ctx() ctx: RequestContext, @Query() q: DealUsageQuery): Promise<Page<UsedDealStatus>> {
    return this.usage.statuses(ctx, q);
  }

  @Get('tags')
  @ApiOperation({
    operationId: 'listDealTags',
    summary: 'List deal tags',
    description: 'Tags used by deals, with the number of deals carrying each (most used first).',
  })
  @ApiOkResponse({
    description: 'A page of tags with their deal counts: `data` and `total`',
    type: UsedValuePage,
  })
  @ApiProblems(400, 401, 403)
  tags(@Ctx() ctx: RequestContext, @Query() q: DealUsageQuery): Promise<Page<UsedValue>> {
    return this.usage.tags(ctx, q);
  }

  @Get('filterable-values')
  @ApiOperation({
    operationId: 'getDealFilterableValues',
    summary: 'Get the values of the deal filters',
    description: 'The distinct values each deal list filter can take, with the number of deals having each.',
  })
  @ApiOkResponse({ description: 'The values in use per filter, with counts', type: DealFilterableValues })
  @ApiProblems(400, 401, 403)
  filterableValues(@Ctx() ctx: RequestContext, @Query() q: DealUsageQuery): Promise<DealFilterableValues> {
    return this.usage.filterableValues(ctx, q);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getDeal',
    summary: 'Get a deal',
    description: 'One deal of the current workspace, with its contacts and products.',
  })
  @ApiOkResponse({ description: 'The deal', type: DealResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<DealResponse> {
    return this.deals.get(ctx, id);
  }

  @Put(':id/archive')
  @ApiOperation({
    operationId: 'archiveDeal',
    summary: 'Archive a deal',
    description: 'Archive a deal (activity DealArchived); 409 when it is archived already.',
  })
  @ApiOkResponse({ description: 'The archived deal', type: DealResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  archive(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<DealResponse> {
    return this.deals.setArchived(ctx, id, true);
  }

  @Put(':id/restore')
  @ApiOperation({
    operationId: 'restoreDeal',
    summary: 'Restore a deal',
    description: 'Restore an archived deal (activity DealRestored); 409 when it is not archived.',
  })
  @ApiOkResponse({ description: 'The restored deal', type: DealResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  restore(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<DealResponse> {
    return this.deals.setArchived(ctx, id, false);
  }

  @Put(':id')
  @ExistingMember(DealEntity, 'Deal')
  @ApiOperation({
    operationId: 'updateDeal',
    summary: 'Update a deal',
    description: 'Replace a deal (omitted optional fields become null / empty).',
  })
  @ApiOkResponse({ description: 'The deal as stored', type: DealResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateDealRequest,
  ): Promise<DealResponse> {
    assertSameId(id, body.id);
    return this.deals.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteDeal',
    summary: 'Delete a deal',
    description: 'Delete a deal of the current workspace (activity DealDeleted).',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.deals.remove(ctx, id);
  }
}
