import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  AtomicScriptListQuery,
  AtomicScriptPage,
  AtomicScriptResponse,
  CreateAtomicScriptRequest,
  UpdateAtomicScriptRequest,
} from './atomic-script.dto';
import { AtomicScriptsService } from './atomic-scripts.service';
import { AtomicScriptEntity } from './atomic-script.entity';
import { ExistingMember } from '../../platform/http/existing-member';

/** Atomic scripts are workspace settings (they change every price): reads for Viewers, writes for Admins. */
@ApiTags('AtomicScripts')
@ApiBearerAuth()
@Controller('core-api/atomicscripts')
export class AtomicScriptsCoreController {
  constructor(private readonly scripts: AtomicScriptsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listAtomicScripts',
    summary: 'List atomic scripts',
    description:
      'The rules of the workspace, paged; filters `triggers`, `active`; `Query` searches the name.',
  })
  @ApiOkResponse({ description: 'A page of atomic scripts: `data` and `total`', type: AtomicScriptPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: AtomicScriptListQuery): Promise<Page<AtomicScriptResponse>> {
    return this.scripts.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'createAtomicScript',
    summary: 'Create an atomic script',
    description:
      'Store a rule; its code is compiled in the sandbox first (a syntax error is a 400 naming `code`).',
  })
  @ApiOkResponse({ description: 'The created atomic script', type: AtomicScriptResponse })
  @ApiProblems(400, 401, 403, 503)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateAtomicScriptRequest): Promise<AtomicScriptResponse> {
    return this.scripts.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getAtomicScript',
    summary: 'Get an atomic script',
    description: 'One rule of the workspace.',
  })
  @ApiOkResponse({ description: 'The atomic script', type: AtomicScriptResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<AtomicScriptResponse> {
    return this.scripts.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(AtomicScriptEntity, 'AtomicScript')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'updateAtomicScript',
    summary: 'Update an atomic script',
    description: 'Replace a rule (omitted optional fields take their defaults); the code is compiled first.',
  })
  @ApiOkResponse({ description: 'The atomic script as stored', type: AtomicScriptResponse })
  @ApiProblems(400, 401, 403, 404, 412, 503)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateAtomicScriptRequest,
  ): Promise<AtomicScriptResponse> {
    assertSameId(id, body.id);
    return this.scripts.update(ctx, id, body);
  }

  @Delete(':id')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'deleteAtomicScript',
    summary: 'Delete an atomic script',
    description: 'Delete a rule; prices no longer apply it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.scripts.remove(ctx, id);
  }
}
