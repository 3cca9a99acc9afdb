import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import { ApiProblems } from '../../platform/http/openapi';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { CommerceAttribute, CommerceAttributesQuery } from './taxonomy.dto';
import { StorefrontTaxonomyService } from './storefront-taxonomy.service';

/** The storefront's attributes (`/commerce-api`): users and client logins of the workspace. */
@ApiTags('Commerce')
@ApiBearerAuth()
@Controller('commerce-api/catalog/attributes')
export class AttributesCommerceController {
  constructor(private readonly taxonomy: StorefrontTaxonomyService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCommerceAttributes',
    summary: 'List the attributes of the storefront’s products',
    description:
      'The attributes the visible products (active, and for a client whose account has a product catalog that catalog’s only) have values for, by name, each with the values used and how many of those products have each; `categoryId` restricts to the products directly in that category.',
  })
  @ApiOkResponse({ description: 'The attributes with their used values', type: [CommerceAttribute] })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: CommerceAttributesQuery): Promise<CommerceAttribute[]> {
    return this.taxonomy.attributes(ctx, q.categoryId);
  }
}
