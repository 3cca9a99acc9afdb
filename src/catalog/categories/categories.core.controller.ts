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
import { ProductCategoryEntity } from './category.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Product categories')
@ApiBearerAuth()
@Controller('core-api/catalog/productcategories')
export class CategoriesCoreController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listProductCategories',
    summary: 'List product categories',
    description: 'Product categories of the workspace (flat; see hierarchy for the tree).',
  })
  @ApiOkResponse({
    description: 'A page of product categories: `data` and `total`',
    type: ProductCategoryPage,
  })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: ProductCategoryListQuery,
  ): Promise<Page<ProductCategoryResponse>> {
    return this.categories.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createProductCategory',
    summary: 'Create a product category',
    description: 'Create a category (slug generated from the name when omitted).',
  })
  @ApiOkResponse({ description: 'The created product category', type: ProductCategoryResponse })
  @ApiProblems(400, 401, 403, 409)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateProductCategoryRequest,
  ): Promise<ProductCategoryResponse> {
    return this.categories.create(ctx, body);
  }

  @Get('hierarchy')
  @ApiOperation({
    operationId: 'getProductCategoryHierarchy',
    summary: 'Get the category tree',
    description: 'The whole category tree: root categories with nested `children`.',
  })
  @ApiOkResponse({
    description: 'The root categories with their nested children',
    type: ProductCategoryHierarchy,
  })
  @ApiProblems(401, 403)
  hierarchy(@Ctx() ctx: RequestContext): Promise<ProductCategoryHierarchy> {
    return this.categories.hierarchy(ctx);
  }

  @Post('images')
  @HttpCode(200)
  @ImagesUpload('images', 20)
  @ApiOperation({
    operationId: 'uploadProductCategoryImages',
    summary: 'Upload category images',
    description:
      'Upload category images to the content store (multipart field `images`, up to 20 JPEG/PNG/GIF/WebP/AVIF files of ≤ 10 MiB). Answers the URLs of the stored files; set them as `image` or `images` of categories afterwards.',
  })
  @ApiOkResponse({ description: 'The URLs of the stored images', type: CategoryImagesResponse })
  @ApiProblems(400, 401, 403, 413, 415)
  uploadImages(
    @Ctx() ctx: RequestContext,
    @UploadedImageFiles() files: UploadedImage[] | undefined,
  ): Promise<CategoryImagesResponse> {
    return this.categories.uploadImages(ctx, files);
  }

  @Get('slug/:slug')
  @ApiOperation({
    operationId: 'getProductCategoryBySlug',
    summary: 'Get a product category by slug',
    description: 'The category with this slug.',
  })
  @ApiOkResponse({ description: 'The product category', type: ProductCategoryResponse })
  @ApiProblems(401, 403, 404)
  bySlug(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<ProductCategoryResponse> {
    return this.categories.getBySlug(ctx, slug);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getProductCategory',
    summary: 'Get a product category',
    description: 'One product category of the current workspace.',
  })
  @ApiOkResponse({ description: 'The product category', type: ProductCategoryResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ProductCategoryResponse> {
    return this.categories.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ProductCategoryEntity, 'Product category')
  @ApiOperation({
    operationId: 'updateProductCategory',
    summary: 'Update a product category',
    description:
      'Replace a category (omitted slug: kept); a parent that makes a cycle is a 400 naming parentId.',
  })
  @ApiOkResponse({ description: 'The product category as stored', type: ProductCategoryResponse })
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
  @ApiOperation({
    operationId: 'deleteProductCategory',
    summary: 'Delete a product category',
    description: 'Delete a category and its display contents; 409 while it has sub-categories.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.categories.remove(ctx, id);
  }
}
