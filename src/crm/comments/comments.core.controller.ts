import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CommentListQuery,
  CommentPage,
  CommentResponse,
  CreateCommentRequest,
  UpdateCommentRequest,
} from './comment.dto';
import { CommentsService } from './comments.service';
import { CommentEntity } from './comment.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Comments')
@ApiBearerAuth()
@Controller('core-api/comments')
export class CommentsCoreController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listComments',
    summary: 'List comments',
    description: 'Comments of the workspace (filter by entity_ids for the comments about an entity).',
  })
  @ApiOkResponse({ description: 'A page of comments: `data` and `total`', type: CommentPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: CommentListQuery): Promise<Page<CommentResponse>> {
    return this.comments.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createComment',
    summary: 'Create a comment',
    description:
      'Comment on an entity. The entity must exist in the workspace. A comment about an account or contact (or a deal, for its account) moves its lastContactMoment.',
  })
  @ApiOkResponse({ description: 'The created comment', type: CommentResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateCommentRequest): Promise<CommentResponse> {
    return this.comments.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getComment',
    summary: 'Get a comment',
    description: 'One comment of the current workspace.',
  })
  @ApiOkResponse({ description: 'The comment', type: CommentResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CommentResponse> {
    return this.comments.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(CommentEntity, 'Comment')
  @ApiOperation({
    operationId: 'updateComment',
    summary: 'Update a comment',
    description: 'Edit a comment (its author, or an Admin/Owner); sets isEdited.',
  })
  @ApiOkResponse({ description: 'The comment as stored', type: CommentResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateCommentRequest,
  ): Promise<CommentResponse> {
    assertSameId(id, body.id);
    return this.comments.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteComment',
    summary: 'Delete a comment',
    description: 'Delete a comment (its author, or an Admin/Owner).',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.comments.remove(ctx, id);
  }
}
