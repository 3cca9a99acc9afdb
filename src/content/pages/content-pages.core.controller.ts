import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  ContentPageListQuery,
  ContentPagePage,
  ContentPageResponse,
  CreateContentPageRequest,
  UpdateContentPageRequest,
} from './content-page.dto';
import { ContentPagesService } from './content-pages.service';
import { ContentPageEntity } from './content-page.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Content pages')
@ApiBearerAuth()
@Controller('core-api/cms/contentpages')
export class ContentPagesCoreController {
  constructor(private readonly pages: ContentPagesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listContentPages',
    summary: 'List content pages',
    description: 'Content pages of the workspace, paged; `Query` searches title and slug.',
  })
  @ApiOkResponse({ description: 'A page of content pages: `data` and `total`', type: ContentPagePage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ContentPageListQuery): Promise<Page<ContentPageResponse>> {
    return this.pages.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createContentPage',
    summary: 'Create a content page',
    description:
      'Create a page in a supported language. The slug is unique per workspace and language (409); an Html ' +
      'body is sanitised (scripts, event handlers, styles and frames are removed).',
  })
  @ApiOkResponse({ description: 'The created content page', type: ContentPageResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateContentPageRequest): Promise<ContentPageResponse> {
    return this.pages.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getContentPage',
    summary: 'Get a content page',
    description: 'One content page.',
  })
  @ApiOkResponse({ description: 'The content page', type: ContentPageResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ContentPageResponse> {
    return this.pages.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ContentPageEntity, 'Content page')
  @ApiOperation({
    operationId: 'updateContentPage',
    summary: 'Update a content page',
    description: 'Replace a content page (omitted optional fields become null; an omitted slug stays).',
  })
  @ApiOkResponse({ description: 'The content page as stored', type: ContentPageResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateContentPageRequest,
  ): Promise<ContentPageResponse> {
    assertSameId(id, body.id);
    return this.pages.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteContentPage',
    summary: 'Delete a content page',
    description: 'Delete a content page.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.pages.remove(ctx, id);
  }
}
