import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AnswerLanguage } from '../../catalog/catalog.api';
import { Ctx } from '../../platform/auth/decorators';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiLanguageQuery, ApiOkInLanguage, InLanguage } from '../request-language';
import { CommerceCategoryDetail, CommerceCategoryNode } from './taxonomy.dto';
import { StorefrontTaxonomyService } from './storefront-taxonomy.service';

const visibleCategories =
  'A category is shown when it is active and in the menu (showInMenu), and so is every ancestor; `productCount` counts the visible products directly in it (active, and for a client whose account has a product catalog that catalog’s only).';

/** The storefront's category tree (`/commerce-api`): users and client logins of the workspace. */
@ApiTags('Commerce')
@ApiBearerAuth()
@Controller('commerce-api/catalog/categories')
export class CategoriesCommerceController {
  constructor(private readonly taxonomy: StorefrontTaxonomyService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCommerceCategories',
    summary: 'Get the storefront’s category tree',
    description: `The visible categories as a tree, each level by displayOrder then name, with their display content in the request’s language. ${visibleCategories}`,
  })
  @ApiLanguageQuery()
  @ApiOkInLanguage({
    description: 'The root categories, each with its children',
    type: [CommerceCategoryNode],
  })
  @ApiProblems(400, 401, 403)
  async tree(
    @Ctx() ctx: RequestContext,
    @InLanguage() language: AnswerLanguage,
  ): Promise<CommerceCategoryNode[]> {
    return this.taxonomy.tree(ctx, language);
  }

  @Get('slug/:slug')
  @ApiOperation({
    operationId: 'getCommerceCategoryBySlug',
    summary: 'Get a storefront category by slug',
    description: `The category with its breadcrumb and visible children; a hidden, inactive or unknown one is a 404. ${visibleCategories}`,
  })
  @ApiLanguageQuery()
  @ApiOkInLanguage({ description: 'The category as the storefront shows it', type: CommerceCategoryDetail })
  @ApiProblems(400, 401, 403, 404)
  async bySlug(
    @Ctx() ctx: RequestContext,
    @Param('slug') slug: string,
    @InLanguage() language: AnswerLanguage,
  ): Promise<CommerceCategoryDetail> {
    return this.taxonomy.category(ctx, 'slug', slug, language);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCommerceCategory',
    summary: 'Get a storefront category',
    description: `The category with its breadcrumb and visible children; a hidden, inactive or unknown one is a 404. ${visibleCategories}`,
  })
  @ApiLanguageQuery()
  @ApiOkInLanguage({ description: 'The category as the storefront shows it', type: CommerceCategoryDetail })
  @ApiProblems(400, 401, 403, 404)
  async get(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @InLanguage() language: AnswerLanguage,
  ): Promise<CommerceCategoryDetail> {
    return this.taxonomy.category(ctx, 'id', id, language);
  }
}
