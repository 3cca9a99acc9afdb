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
import { PipelineEntity } from './pipeline.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Pipelines')
@ApiBearerAuth()
@Controller('core-api/pipelines')
export class PipelinesCoreController {
  constructor(private readonly pipelines: PipelinesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listPipelines',
    summary: 'List pipelines',
    description: 'Pipelines of the workspace, each with its statuses.',
  })
  @ApiOkResponse({ description: 'A page of pipelines: `data` and `total`', type: PipelinePage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: PipelineListQuery): Promise<Page<PipelineResponse>> {
    return this.pipelines.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createPipeline',
    summary: 'Create a pipeline',
    description: 'Create a pipeline with its statuses (status ids are generated).',
  })
  @ApiOkResponse({ description: 'The created pipeline', type: PipelineResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreatePipelineRequest): Promise<PipelineResponse> {
    return this.pipelines.create(ctx, body);
  }

  @Get(':id/statistics')
  @ApiOperation({
    operationId: 'getPipelineStatistics',
    summary: 'Get pipeline statistics',
    description:
      'Deals, expected and weighted revenue per status, and Open / Won / Lost totals (archived deals left out unless include_archived).',
  })
  @ApiOkResponse({
    description: "The pipeline's statistics per status and in total",
    type: PipelineStatisticsResponse,
  })
  @ApiProblems(400, 401, 403, 404)
  statistics(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Query() q: PipelineStatisticsQuery,
  ): Promise<PipelineStatisticsResponse> {
    return this.pipelines.statistics(ctx, id, q);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getPipeline',
    summary: 'Get a pipeline',
    description: 'One pipeline of the current workspace, with its statuses in order.',
  })
  @ApiOkResponse({ description: 'The pipeline', type: PipelineResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<PipelineResponse> {
    return this.pipelines.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(PipelineEntity, 'Pipeline')
  @ApiOperation({
    operationId: 'updatePipeline',
    summary: 'Update a pipeline',
    description:
      'Replace a pipeline. Statuses with an `id` are kept (and updated), statuses without one are new, omitted ones are removed — 409 while deals use them.',
  })
  @ApiOkResponse({ description: 'The pipeline as stored', type: PipelineResponse })
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
  @ApiOperation({
    operationId: 'deletePipeline',
    summary: 'Delete a pipeline',
    description: 'Delete a pipeline (409 while deals use it).',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.pipelines.remove(ctx, id);
  }
}
