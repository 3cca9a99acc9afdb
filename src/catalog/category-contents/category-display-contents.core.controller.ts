import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CategoryDisplayContentListQuery,
  CategoryDisplayContentPage,
  CategoryDisplayContentResponse,
  CreateCategoryDisplayContentRequest,
  UpdateCategoryDisplayContentRequest,
} from './category-display-content.dto';
import { CategoryDisplayContentsService } from './category-display-contents.service';
import { CategoryDisplayContentEntity } from './category-display-content.entity';
import { ExistingMember } from '../../platform/http/existing-member';

/** Registered before the categories controller, so `content` is never read as a category id. */
@ApiTags('Product category display content')
@ApiBearerAuth()
@Controller('core-api/catalog/productcategories/content')
export class CategoryDisplayContentsCoreController {
  constructor(private readonly contents: CategoryDisplayContentsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCategoryDisplayContents',
    summary: 'List category display contents',
    description: 'Display contents of categories.',
  })
  @ApiOkResponse({
    description: 'A page of category display contents: `data` and `total`',
    type: CategoryDisplayContentPage,
  })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: CategoryDisplayContentListQuery,
  ): Promise<Page<CategoryDisplayContentResponse>> {
    return this.contents.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createCategoryDisplayContent',
    summary: 'Create a category display content',
    description:
      'Create the content of a category in a supported language (a second one for the same language is a 409).',
  })
  @ApiOkResponse({
    description: 'The created category display content',
    type: CategoryDisplayContentResponse,
  })
  @ApiProblems(400, 401, 403, 409)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateCategoryDisplayContentRequest,
  ): Promise<CategoryDisplayContentResponse> {
    return this.contents.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCategoryDisplayContent',
    summary: 'Get a category display content',
    description: 'One display content (the texts of a category in one language).',
  })
  @ApiOkResponse({ description: 'The category display content', type: CategoryDisplayContentResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CategoryDisplayContentResponse> {
    return this.contents.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(CategoryDisplayContentEntity, 'Category display content')
  @ApiOperation({
    operationId: 'updateCategoryDisplayContent',
    summary: 'Update a category display content',
    description: 'Replace the texts of a content (its category and language stay).',
  })
  @ApiOkResponse({
    description: 'The category display content as stored',
    type: CategoryDisplayContentResponse,
  })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateCategoryDisplayContentRequest,
  ): Promise<CategoryDisplayContentResponse> {
    assertSameId(id, body.id);
    return this.contents.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteCategoryDisplayContent',
    summary: 'Delete a category display content',
    description: 'Delete the texts of a category in one language; the category stays.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.contents.remove(ctx, id);
  }
}
