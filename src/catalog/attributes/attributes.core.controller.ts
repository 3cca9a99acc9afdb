import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CreateProductAttributeRequest,
  ProductAttributeListQuery,
  ProductAttributePage,
  ProductAttributeResponse,
  UpdateProductAttributeRequest,
} from './attribute.dto';
import { AttributesService } from './attributes.service';
import { ProductAttributeEntity } from './attribute.entity';
import { ExistingMember } from '../../platform/http/existing-member';

/** Registered before the products controller, so `attributes` is never read as a product id. */
@ApiTags('Product attributes')
@ApiBearerAuth()
@Controller('core-api/catalog/products/attributes')
export class AttributesCoreController {
  constructor(private readonly attributes: AttributesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listProductAttributes',
    summary: 'List product attributes',
    description: 'Product attributes, with the categories that require them and their product counts.',
  })
  @ApiOkResponse({
    description: 'A page of product attributes: `data` and `total`',
    type: ProductAttributePage,
  })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: ProductAttributeListQuery,
  ): Promise<Page<ProductAttributeResponse>> {
    return this.attributes.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createProductAttribute',
    summary: 'Create a product attribute',
    description: 'Create a product attribute, optionally required by the categories in `categoryIds`.',
  })
  @ApiOkResponse({ description: 'The created product attribute', type: ProductAttributeResponse })
  @ApiProblems(400, 401, 403)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateProductAttributeRequest,
  ): Promise<ProductAttributeResponse> {
    return this.attributes.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getProductAttribute',
    summary: 'Get a product attribute',
    description: 'One product attribute, with the categories that require it and its product count.',
  })
  @ApiOkResponse({ description: 'The product attribute', type: ProductAttributeResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ProductAttributeResponse> {
    return this.attributes.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ProductAttributeEntity, 'Product attribute')
  @ApiOperation({
    operationId: 'updateProductAttribute',
    summary: 'Update a product attribute',
    description: 'Replace an attribute (categoryIds omitted: none).',
  })
  @ApiOkResponse({ description: 'The product attribute as stored', type: ProductAttributeResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateProductAttributeRequest,
  ): Promise<ProductAttributeResponse> {
    assertSameId(id, body.id);
    return this.attributes.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteProductAttribute',
    summary: 'Delete a product attribute',
    description:
      'Delete an attribute with its category links, its values on products and its storefront filters.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.attributes.remove(ctx, id);
  }
}
