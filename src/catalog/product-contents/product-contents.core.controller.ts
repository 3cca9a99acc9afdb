import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CreateProductDisplayContentRequest,
  ProductDisplayContentListQuery,
  ProductDisplayContentPage,
  ProductDisplayContentResponse,
  UpdateProductDisplayContentRequest,
} from './product-display-content.dto';
import {
  TranslateMissingContentsRequest,
  TranslateMissingContentsResponse,
} from './product-content-translation.dto';
import { ProductContentTranslationsService } from './product-content-translations.service';
import { ProductContentsService } from './product-contents.service';
import { ProductDisplayContentEntity } from './product-display-content.entity';
import { ExistingMember } from '../../platform/http/existing-member';

/**
 * `products/content`: registered before the products controller so that `content` is never
 * read as a product id.
 */
@ApiTags('Product display contents')
@ApiBearerAuth()
@Controller('core-api/catalog/products/content')
export class ProductContentsCoreController {
  constructor(
    private readonly contents: ProductContentsService,
    private readonly translations: ProductContentTranslationsService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listProductDisplayContents',
    summary: 'List product display contents',
    description: 'Display contents of products (SortBy Title; Query searches title and excerpt).',
  })
  @ApiOkResponse({
    description: 'A page of product display contents: `data` and `total`',
    type: ProductDisplayContentPage,
  })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: ProductDisplayContentListQuery,
  ): Promise<Page<ProductDisplayContentResponse>> {
    return this.contents.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createProductDisplayContent',
    summary: 'Create a product display content',
    description:
      'Create the display content of a product in one supported language (one per product and language).',
  })
  @ApiOkResponse({ description: 'The created product display content', type: ProductDisplayContentResponse })
  @ApiProblems(400, 401, 403, 409)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateProductDisplayContentRequest,
  ): Promise<ProductDisplayContentResponse> {
    return this.contents.create(ctx, body);
  }

  @Post('translate/missing')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'translateMissingProductDisplayContents',
    summary: 'Translate missing product display contents',
    description:
      'For the products given (and those in the categories given, at most 1,000) and each target language, ' +
      'create the display contents that are missing by translating the content in `sourceLanguage` with the ' +
      'AI translation service, in batches. Answers how many were created and which product and language ' +
      'pairs failed (no source content, translation or validation failure). 503 when translations are not ' +
      'configured.',
  })
  @ApiOkResponse({ description: 'What was created and what failed', type: TranslateMissingContentsResponse })
  @ApiProblems(400, 401, 403, 503)
  translateMissing(
    @Ctx() ctx: RequestContext,
    @Body() body: TranslateMissingContentsRequest,
  ): Promise<TranslateMissingContentsResponse> {
    return this.translations.translateMissing(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getProductDisplayContent',
    summary: 'Get a product display content',
    description: 'One display content.',
  })
  @ApiOkResponse({ description: 'The product display content', type: ProductDisplayContentResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ProductDisplayContentResponse> {
    return this.contents.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ProductDisplayContentEntity, 'Product display content')
  @ApiOperation({
    operationId: 'updateProductDisplayContent',
    summary: 'Update a product display content',
    description: 'Replace the texts of a display content (its product and language stay).',
  })
  @ApiOkResponse({
    description: 'The product display content as stored',
    type: ProductDisplayContentResponse,
  })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateProductDisplayContentRequest,
  ): Promise<ProductDisplayContentResponse> {
    assertSameId(id, body.id);
    return this.contents.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteProductDisplayContent',
    summary: 'Delete a product display content',
    description: 'Delete the texts of a product in one language; the product stays.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.contents.remove(ctx, id);
  }
}
