import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import {
  IgnoredProductIssuesResponse,
  ProductIssuesListQuery,
  ProductIssuesPage,
  ProductIssuesResponse,
  ProductIssueStatisticsQuery,
  ProductIssueStatisticsResponse,
  UpdateIgnoredProductIssuesRequest,
} from './product-issue.dto';
import { ProductIssuesService } from './product-issues.service';

/** `products/issues`: registered before the products controller so `issues` is never read as a product id. */
@ApiTags('Product issues')
@ApiBearerAuth()
@Controller('core-api/catalog/products/issues')
export class ProductIssuesCoreController {
  constructor(private readonly issues: ProductIssuesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listProductIssues',
    summary: 'List products with data-quality issues',
    description:
      'Products with data-quality issues (not ignored), SortBy Name; Query searches name and sku. The rules are those of the isMissing* filters of POST products/list; ignored issues (PUT issues/ignored) do not show.',
  })
  @ApiOkResponse({
    description: 'A page of products with their issues: `data` and `total`',
    type: ProductIssuesPage,
  })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ProductIssuesListQuery): Promise<Page<ProductIssuesResponse>> {
    return this.issues.list(ctx, q);
  }

  @Get('statistics')
  @ApiOperation({
    operationId: 'getProductIssueStatistics',
    summary: 'Get product issue statistics',
    description:
      'Per issue kind, the number of products with it (not ignored), for the given categories or all products.',
  })
  @ApiOkResponse({
    description: 'The number of products per issue kind',
    type: ProductIssueStatisticsResponse,
  })
  @ApiProblems(400, 401, 403)
  statistics(
    @Ctx() ctx: RequestContext,
    @Query() q: ProductIssueStatisticsQuery,
  ): Promise<ProductIssueStatisticsResponse> {
    return this.issues.statistics(ctx, q);
  }

  @Get('ignored')
  @ApiOperation({
    operationId: 'listIgnoredProductIssues',
    summary: 'List ignored product issues',
    description: 'The ignored issues of the workspace.',
  })
  @ApiOkResponse({ description: 'The ignored issues', type: IgnoredProductIssuesResponse })
  @ApiProblems(401, 403)
  ignored(@Ctx() ctx: RequestContext): Promise<IgnoredProductIssuesResponse> {
    return this.issues.ignored(ctx);
  }

  @Put('ignored')
  @ApiOperation({
    operationId: 'replaceIgnoredProductIssues',
    summary: 'Replace the ignored product issues',
    description:
      'Replace the whole set of ignored issues. A full replacement (like every PUT): what the body does not list is no longer ignored, so `{ "ignored": [] }` clears the set. Read the current set with GET issues/ignored. `attributeId` (MissingAttributes only) ignores one attribute; without it the whole issue of that product is ignored.',
  })
  @ApiOkResponse({ description: 'The ignored issues as stored', type: IgnoredProductIssuesResponse })
  @ApiProblems(400, 401, 403)
  replaceIgnored(
    @Ctx() ctx: RequestContext,
    @Body() body: UpdateIgnoredProductIssuesRequest,
  ): Promise<IgnoredProductIssuesResponse> {
    return this.issues.replaceIgnored(ctx, body);
  }
}
