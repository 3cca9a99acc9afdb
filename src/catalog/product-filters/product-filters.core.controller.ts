import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { ProductFilterCollection, PutProductFiltersRequest } from './product-filter.dto';
import { ProductFiltersService } from './product-filters.service';

/** Registered before the products controller, so `filters` is never read as a product id. */
@ApiTags('Product filters')
@ApiBearerAuth()
@Controller('core-api/catalog/products/filters')
export class ProductFiltersCoreController {
  constructor(private readonly filters: ProductFiltersService) {}

  @Get()
  @ApiOperation({
    operationId: 'getProductFilters',
    summary: 'Get the product filter configuration',
    description: 'The storefront filter configuration: attributes offered as filters per category.',
  })
  @ApiOkResponse({ description: 'The filter configuration', type: ProductFilterCollection })
  @ApiProblems(401, 403)
  get(@Ctx() ctx: RequestContext): Promise<ProductFilterCollection> {
    return this.filters.get(ctx);
  }

  @Put()
  @ApiOperation({
    operationId: 'replaceProductFilters',
    summary: 'Replace the product filter configuration',
    description:
      'Replace the whole filter configuration. Filters not listed are removed. One filter per (attribute, category); `categoryId` null offers it on every category. The body is the collection GET answers (`{ data: [...] }`), so PUT(GET()) changes nothing. Unknown attributes or categories and duplicates are a 400 naming the item, e.g. `data[2].attributeId`.',
  })
  @ApiOkResponse({ description: 'The filter configuration as stored', type: ProductFilterCollection })
  @ApiProblems(400, 401, 403)
  replace(
    @Ctx() ctx: RequestContext,
    @Body() body: PutProductFiltersRequest,
  ): Promise<ProductFilterCollection> {
    return this.filters.replace(ctx, body);
  }
}
