import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CreatePipelineRequest,
  PipelineListQuery,
  PipelinePage,
  PipelineResponse,
  PipelineStatisticsQuery,
  PipelineStatisticsResponse,
  UpdatePipelineRequest,
} from './pipeline.dto';
import { PipelinesService } from './pipelines.service';

@ApiTags('Pipelines')
@ApiBearerAuth()
@Controller('core-api/pipelines')
export class PipelinesCoreController {
  constructor(private readonly pipelines: PipelinesService) {}

  @Get()
  @ApiOperation({ summary: 'Pipelines of the workspace, each with its statuses' })
  @ApiOkResponse({ type: PipelinePage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: PipelineListQuery): Promise<Page<PipelineResponse>> {
    return this.pipelines.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a pipeline with its statuses (status ids are generated)' })
  @ApiOkResponse({ type: PipelineResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreatePipelineRequest): Promise<PipelineResponse> {
    return this.pipelines.create(ctx, body);
  }

  @Get(':id/statistics')
  @ApiOperation({
    summary:
      'Deals, expected and weighted revenue per status, and Open / Won / Lost totals (archived deals left out unless include_archived)',
  })
  @ApiOkResponse({ type: PipelineStatisticsResponse })
  @ApiProblems(400, 401, 403, 404)
  statistics(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Query() q: PipelineStatisticsQuery,
  ): Promise<PipelineStatisticsResponse> {
    return this.pipelines.statistics(ctx, id, q);
  }

  @Get(':id')
  @ApiOkResponse({ type: PipelineResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<PipelineResponse> {
    return this.pipelines.get(ctx, id);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Replace a pipeline',
    description:
      'Statuses with an `id` are kept (and updated), statuses without one are new, omitted ones are removed — 409 while deals use them.',
  })
  @ApiOkResponse({ type: PipelineResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdatePipelineRequest,
  ): Promise<PipelineResponse> {
    assertSameId(id, body.id);
    return this.pipelines.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a pipeline (409 while deals use it)' })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.pipelines.remove(ctx, id);
  }
}
