import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { ImagesUpload, type UploadedImage, UploadedImageFiles } from '../../platform/storage/image-upload';
import { CategoriesService } from './categories.service';
import {
  CategoryImagesResponse,
  CreateProductCategoryRequest,
  ProductCategoryHierarchy,
  ProductCategoryListQuery,
  ProductCategoryPage,
  ProductCategoryResponse,
  UpdateProductCategoryRequest,
} from './category.dto';

@ApiTags('Product categories')
@ApiBearerAuth()
@Controller('core-api/catalog/productcategories')
export class CategoriesCoreController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiOperation({ summary: 'Product categories of the workspace (flat; see hierarchy for the tree)' })
  @ApiOkResponse({ type: ProductCategoryPage })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: ProductCategoryListQuery,
  ): Promise<Page<ProductCategoryResponse>> {
    return this.categories.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a category (slug generated from the name when omitted)' })
  @ApiOkResponse({ type: ProductCategoryResponse })
  @ApiProblems(400, 401, 403, 409)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateProductCategoryRequest,
  ): Promise<ProductCategoryResponse> {
    return this.categories.create(ctx, body);
  }

  @Get('hierarchy')
  @ApiOperation({ summary: 'The whole category tree: root categories with nested `children`' })
  @ApiOkResponse({ type: ProductCategoryHierarchy })
  @ApiProblems(401, 403)
  hierarchy(@Ctx() ctx: RequestContext): Promise<ProductCategoryHierarchy> {
    return this.categories.hierarchy(ctx);
  }

  @Post('images')
  @HttpCode(200)
  @ImagesUpload('images', 20)
  @ApiOperation({
    summary:
      'Upload category images to the content store (multipart field `images`, up to 20 JPEG/PNG/GIF/WebP/AVIF files of ≤ 10 MiB)',
    description:
      'Answers the URLs of the stored files; set them as `image` or `images` of categories afterwards.',
  })
  @ApiOkResponse({ type: CategoryImagesResponse })
  @ApiProblems(400, 401, 403, 413, 415)
  uploadImages(
    @Ctx() ctx: RequestContext,
    @UploadedImageFiles() files: UploadedImage[] | undefined,
  ): Promise<CategoryImagesResponse> {
    return this.categories.uploadImages(ctx, files);
  }

  @Get('slug/:slug')
  @ApiOperation({ summary: 'The category with this slug' })
  @ApiOkResponse({ type: ProductCategoryResponse })
  @ApiProblems(401, 403, 404)
  bySlug(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<ProductCategoryResponse> {
    return this.categories.getBySlug(ctx, slug);
  }

  @Get(':id')
  @ApiOkResponse({ type: ProductCategoryResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ProductCategoryResponse> {
    return this.categories.get(ctx, id);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Replace a category (omitted slug: kept); a parent that makes a cycle is a 400 naming parentId',
  })
  @ApiOkResponse({ type: ProductCategoryResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateProductCategoryRequest,
  ): Promise<ProductCategoryResponse> {
    assertSameId(id, body.id);
    return this.categories.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a category and its display contents; 409 while it has sub-categories' })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.categories.remove(ctx, id);
  }
}
