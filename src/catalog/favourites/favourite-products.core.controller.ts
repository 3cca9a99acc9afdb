import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import {
  BulkCreateFavouriteProductsRequest,
  BulkCreateFavouriteProductsResponse,
  CreateFavouriteProductRequest,
  FavouriteProductListQuery,
  FavouriteProductPage,
  FavouriteProductResponse,
} from './favourite-product.dto';
import { FavouriteProductsService } from './favourite-products.service';

@ApiTags('Favourite products')
@ApiBearerAuth()
@Controller('core-api/catalog/favouriteproducts')
export class FavouriteProductsCoreController {
  constructor(private readonly favourites: FavouriteProductsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listFavouriteProducts',
    summary: 'List favourite products',
    description:
      'Favourite products of client logins (SortBy CreatedAt; Query searches the product name and sku).',
  })
  @ApiOkResponse({ description: 'A page of favourites: `data` and `total`', type: FavouriteProductPage })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: FavouriteProductListQuery,
  ): Promise<Page<FavouriteProductResponse>> {
    return this.favourites.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createFavouriteProduct',
    summary: 'Create a favourite product',
    description:
      'Make a product a favourite of a client login (one per client login and product: a second is a 409).',
  })
  @ApiOkResponse({ description: 'The created favourite', type: FavouriteProductResponse })
  @ApiProblems(400, 401, 403, 409)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateFavouriteProductRequest,
  ): Promise<FavouriteProductResponse> {
    return this.favourites.create(ctx, body);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createFavouriteProducts',
    summary: 'Create several favourite products',
    description:
      'Create several favourites in one transaction. All or nothing: a client login or product that is not in the workspace is a 400 naming `favourites[i].<field>` and stores nothing. Pairs that are favourites already (or repeat within the body) are not an error: they are left unchanged and listed under `skipped`.',
  })
  @ApiOkResponse({ description: 'The favourites of the body', type: BulkCreateFavouriteProductsResponse })
  @ApiProblems(400, 401, 403, 409)
  bulkCreate(
    @Ctx() ctx: RequestContext,
    @Body() body: BulkCreateFavouriteProductsRequest,
  ): Promise<BulkCreateFavouriteProductsResponse> {
    return this.favourites.bulkCreate(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getFavouriteProduct',
    summary: 'Get a favourite product',
    description: 'One favourite, with its product and client login.',
  })
  @ApiOkResponse({ description: 'The favourite', type: FavouriteProductResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<FavouriteProductResponse> {
    return this.favourites.get(ctx, id);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteFavouriteProduct',
    summary: 'Delete a favourite product',
    description: 'Delete a favourite; the product and the client login stay.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.favourites.remove(ctx, id);
  }
}
