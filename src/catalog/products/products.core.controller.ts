import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, ReadOperation } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { ImagesUpload, type UploadedImage, UploadedImageFiles } from '../../platform/storage/image-upload';
import { BulkUpdateProductsRequest, ProductBulkResult, ProductCategoriesRequest } from './product-bulk.dto';
import { ProductListRequest, ProductTagsQuery, UsedProductTag, UsedProductTagPage } from './product-list.dto';
import { CreateProductRequest, UpdateProductRequest } from './product-request.dto';
import { ProductPage, ProductResponse } from './product-response.dto';
import { ProductBulkService } from './product-bulk.service';
import { ProductImagesService } from './product-images.service';
import { ProductListService } from './product-list.service';
import { ProductsService } from './products.service';
import { ProductEntity } from './product.entity';
import { ExistingMember } from '../../platform/http/existing-member';

/** /core-api/catalog/products: static paths first, `{id}` last (api-conventions §8). */
@ApiTags('Products')
@ApiBearerAuth()
@Controller('core-api/catalog/products')
export class ProductsCoreController {
  constructor(
    private readonly products: ProductsService,
    private readonly lists: ProductListService,
    private readonly bulk: ProductBulkService,
    private readonly images: ProductImagesService,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ReadOperation()
  @ApiOperation({
    operationId: 'listProducts',
    summary: 'List products',
    description:
      'Products matching every given filter, paged, with the total; `query` is a full-text search (words by prefix, display contents stemmed in their language), then a partial or typo-tolerant sku/name search with `didYouMean` (as the storefront list; `sortBy: relevance` ranks the best matches first).',
  })
  @ApiOkResponse({ description: 'A page of products: `data` and `total`', type: ProductPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Body() body: ProductListRequest): Promise<ProductPage> {
    return this.lists.list(ctx, body);
  }

  @Get('tags')
  @ApiOperation({
    operationId: 'listProductTags',
    summary: 'List product tags',
    description: 'The tags products of the workspace use, with how many products use each.',
  })
  @ApiOkResponse({
    description: 'A page of tags with their product counts: `data` and `total`',
    type: UsedProductTagPage,
  })
  @ApiProblems(400, 401, 403)
  tags(@Ctx() ctx: RequestContext, @Query() q: ProductTagsQuery): Promise<Page<UsedProductTag>> {
    return this.lists.tags(ctx, q);
  }

  @Put('bulk')
  @ApiOperation({
    operationId: 'updateProducts',
    summary: 'Update many products',
    description:
      'Applies the same changes (`set`) to many products in one transaction; omitted members stay as they are.',
  })
  @ApiOkResponse({ description: 'How many products were changed', type: ProductBulkResult })
  @ApiProblems(400, 401, 403)
  bulkUpdate(
    @Ctx() ctx: RequestContext,
    @Body() body: BulkUpdateProductsRequest,
  ): Promise<ProductBulkResult> {
    return this.bulk.bulkUpdate(ctx, body);
  }

  @Put('categories')
  @ApiOperation({
    operationId: 'addProductsToCategories',
    summary: 'Add products to categories',
    description: 'Adds the products to the categories (kept where already linked).',
  })
  @ApiOkResponse({ description: 'How many products were changed', type: ProductBulkResult })
  @ApiProblems(400, 401, 403)
  assignCategories(
    @Ctx() ctx: RequestContext,
    @Body() body: ProductCategoriesRequest,
  ): Promise<ProductBulkResult> {
    return this.bulk.changeCategories(ctx, body, 'add');
  }

  @Delete('categories')
  @ApiOperation({
    operationId: 'removeProductsFromCategories',
    summary: 'Remove products from categories',
    description: 'Removes the products from the categories.',
  })
  @ApiOkResponse({ description: 'How many products were changed', type: ProductBulkResult })
  @ApiProblems(400, 401, 403)
  removeCategories(
    @Ctx() ctx: RequestContext,
    @Body() body: ProductCategoriesRequest,
  ): Promise<ProductBulkResult> {
    return this.bulk.changeCategories(ctx, body, 'remove');
  }

  @Get('sku/:sku')
  @ApiOperation({
    operationId: 'getProductBySku',
    summary: 'Get a product by SKU',
    description: 'The product of the workspace with this stock keeping unit (exact match).',
  })
  @ApiOkResponse({ description: 'The product', type: ProductResponse })
  @ApiProblems(401, 403, 404)
  bySku(@Ctx() ctx: RequestContext, @Param('sku') sku: string): Promise<ProductResponse> {
    return this.products.getBy(ctx, 'sku', sku);
  }

  @Get('gtin/:gtin')
  @ApiOperation({
    operationId: 'getProductByGtin',
    summary: 'Get a product by GTIN',
    description: 'The product of the workspace with this Global Trade Item Number (exact match).',
  })
  @ApiOkResponse({ description: 'The product', type: ProductResponse })
  @ApiProblems(401, 403, 404)
  byGtin(@Ctx() ctx: RequestContext, @Param('gtin') gtin: string): Promise<ProductResponse> {
    return this.products.getBy(ctx, 'gtin', gtin);
  }

  @Get('barcode/:barcode')
  @ApiOperation({
    operationId: 'getProductByBarcode',
    summary: 'Get a product by barcode',
    description: 'The product of the workspace with this barcode (exact match).',
  })
  @ApiOkResponse({ description: 'The product', type: ProductResponse })
  @ApiProblems(401, 403, 404)
  byBarcode(@Ctx() ctx: RequestContext, @Param('barcode') barcode: string): Promise<ProductResponse> {
    return this.products.getBy(ctx, 'barcode', barcode);
  }

  @Get('slug/:slug')
  @ApiOperation({
    operationId: 'getProductBySlug',
    summary: 'Get a product by slug',
    description: 'The product of the workspace with this URL slug.',
  })
  @ApiOkResponse({ description: 'The product', type: ProductResponse })
  @ApiProblems(401, 403, 404)
  bySlug(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<ProductResponse> {
    return this.products.getBy(ctx, 'slug', slug);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createProduct',
    summary: 'Create a product',
    description: 'Creates a product (slug made from the name when omitted).',
  })
  @ApiOkResponse({ description: 'The created product', type: ProductResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateProductRequest): Promise<ProductResponse> {
    return this.products.create(ctx, body);
  }

  @Post(':id/images')
  @HttpCode(200)
  @ImagesUpload('images', 20)
  @ApiOperation({
    operationId: 'addProductImages',
    summary: 'Upload product images',
    description:
      'Uploads images (JPEG, PNG, GIF, WebP, AVIF; ≤ 10 MiB each) and appends them to the product’s images.',
  })
  @ApiOkResponse({ description: 'The product with its new images', type: ProductResponse })
  @ApiProblems(400, 401, 403, 404, 413, 415)
  addImages(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @UploadedImageFiles() files: UploadedImage[],
  ): Promise<ProductResponse> {
    return this.images.add(ctx, id, files);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getProduct',
    summary: 'Get a product',
    description: 'One product of the current workspace, with its categories, attribute values and images.',
  })
  @ApiOkResponse({ description: 'The product', type: ProductResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ProductResponse> {
    return this.products.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ProductEntity, 'Product')
  @ApiOperation({
    operationId: 'updateProduct',
    summary: 'Update a product',
    description:
      'Replaces the product: omitted optional fields become null / [] (the slug is kept when omitted).',
  })
  @ApiOkResponse({ description: 'The product as stored', type: ProductResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateProductRequest,
  ): Promise<ProductResponse> {
    assertSameId(id, body.id);
    return this.products.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteProduct',
    summary: 'Delete a product',
    description:
      'Delete a product; its uploaded images are released. 409 while it is a component of other products.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.products.remove(ctx, id);
  }
}
