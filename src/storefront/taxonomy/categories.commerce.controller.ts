import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Ctx } from '../../platform/auth/decorators';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiOkInLanguage, RequestLanguages } from '../request-language';
import { CommerceCategoryDetail, CommerceCategoryNode, LanguageQuery } from './taxonomy.dto';
import { StorefrontTaxonomyService } from './storefront-taxonomy.service';

const visibleCategories =
  'A category is shown when it is active and in the menu (showInMenu), and so is every ancestor; `productCount` counts the visible products directly in it (active, and for a client whose account has a product catalog that catalog’s only).';

/** The storefront's category tree (`/commerce-api`): users and client logins of the workspace. */
@ApiTags('Commerce')
@ApiBearerAuth()
@Controller('commerce-api/catalog/categories')
export class CategoriesCommerceController {
  constructor(
    private readonly taxonomy: StorefrontTaxonomyService,
    private readonly languages: RequestLanguages,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listCommerceCategories',
    summary: 'Get the storefront’s category tree',
    description: `The visible categories as a tree, each level by displayOrder then name, with their display content in the request’s language. ${visibleCategories}`,
  })
  @ApiOkInLanguage({
    description: 'The root categories, each with its children',
    type: [CommerceCategoryNode],
  })
  @ApiProblems(400, 401, 403)
  async tree(
    @Ctx() ctx: RequestContext,
    @Query() q: LanguageQuery,
    @Headers('accept-language') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommerceCategoryNode[]> {
    return this.taxonomy.tree(ctx, await this.languages.of(ctx, q.language, accept, reply));
  }

  @Get('slug/:slug')
  @ApiOperation({
    operationId: 'getCommerceCategoryBySlug',
    summary: 'Get a storefront category by slug',
    description: `The category with its breadcrumb and visible children; a hidden, inactive or unknown one is a 404. ${visibleCategories}`,
  })
  @ApiOkInLanguage({ description: 'The category as the storefront shows it', type: CommerceCategoryDetail })
  @ApiProblems(400, 401, 403, 404)
  async bySlug(
    @Ctx() ctx: RequestContext,
    @Param('slug') slug: string,
    @Query() q: LanguageQuery,
    @Headers('accept-language') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommerceCategoryDetail> {
    return this.taxonomy.category(ctx, 'slug', slug, await this.languages.of(ctx, q.language, accept, reply));
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCommerceCategory',
    summary: 'Get a storefront category',
    description: `The category with its breadcrumb and visible children; a hidden, inactive or unknown one is a 404. ${visibleCategories}`,
  })
  @ApiOkInLanguage({ description: 'The category as the storefront shows it', type: CommerceCategoryDetail })
  @ApiProblems(400, 401, 403, 404)
  async get(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Query() q: LanguageQuery,
    @Headers('accept-language') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommerceCategoryDetail> {
    return this.taxonomy.category(ctx, 'id', id, await this.languages.of(ctx, q.language, accept, reply));
  }
}
