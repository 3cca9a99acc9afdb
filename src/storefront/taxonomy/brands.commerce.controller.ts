import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { CommerceBrand, CommerceBrandListQuery, CommerceBrandPage } from './taxonomy.dto';
import { StorefrontTaxonomyService } from './storefront-taxonomy.service';

const visibleBrands =
  'Only brands of visible products (active, and for a client whose account has a product catalog that catalog’s only); `productCount` counts those.';

/** The storefront's brands (`/commerce-api`): users and client logins of the workspace. */
@ApiTags('Commerce')
@ApiBearerAuth()
@Controller('commerce-api/catalog/brands')
export class BrandsCommerceController {
  constructor(private readonly taxonomy: StorefrontTaxonomyService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCommerceBrands',
    summary: 'List the storefront’s brands',
    description: `A page of brands by name (Take default 100, Skip 0; Query searches the name) with the total. ${visibleBrands}`,
  })
  @ApiOkResponse({ description: 'A page of brands and their total', type: CommerceBrandPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: CommerceBrandListQuery): Promise<Page<CommerceBrand>> {
    return this.taxonomy.brands(ctx, q);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCommerceBrand',
    summary: 'Get a storefront brand',
    description: `${visibleBrands} A brand without visible products is a 404.`,
  })
  @ApiOkResponse({ description: 'The brand with its count of visible products', type: CommerceBrand })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CommerceBrand> {
    return this.taxonomy.brand(ctx, id);
  }
}
