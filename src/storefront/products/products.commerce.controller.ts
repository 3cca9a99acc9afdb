import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AnswerLanguage } from '../../catalog/catalog.api';
import { Ctx, ReadOperation } from '../../platform/auth/decorators';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  CommerceProduct,
  CommerceProductListRequest,
  CommerceProductPage,
  ProductFacet,
  ProductFacetsRequest,
} from './commerce-product.dto';
import { StorefrontProductsService } from './storefront-products.service';
import { ApiLanguageQuery, ApiOkInLanguage, InLanguage } from '../request-language';

const visible =
  'Only active products are found; a client login whose account has a product catalog finds only that catalog’s products (any other is a 404 / absent).';

/** The storefront's catalog (`/commerce-api`): users and client logins of the workspace. */
@ApiTags('Commerce')
@ApiBearerAuth()
@Controller('commerce-api/catalog/products')
export class ProductsCommerceController {
  constructor(private readonly products: StorefrontProductsService) {}

  @Post()
  @HttpCode(200)
  @ReadOperation()
  @ApiOperation({
    operationId: 'listCommerceProducts',
    summary: 'List and search the storefront’s products',
    description: `A page of products (take default 100, skip 0) with the total. ${visible} \`query\` matches words by prefix (name, sku, gtin, codes) and the words of the products’ display contents stemmed in each content’s language (\`stoelen\` finds “stoel”), a code-like token also inside name and sku; when that finds nothing, a part of name or sku or a name with similar words (typos: \`chiar\` finds “Dining chair”), and \`didYouMean\` suggests the corrected query. \`sortBy: relevance\` ranks the best matches first.`,
  })
  @ApiOkInLanguage({
    description: 'A page of the visible products and their total',
    type: CommerceProductPage,
  })
  @ApiProblems(400, 401, 403)
  async list(
    @Ctx() ctx: RequestContext,
    @Body() body: CommerceProductListRequest,
    @InLanguage('body') language: AnswerLanguage,
  ): Promise<CommerceProductPage> {
    return this.products.list(ctx, body, language);
  }

  @Post('filters/:categoryId')
  @HttpCode(200)
  @ReadOperation()
  @ApiOperation({
    operationId: 'getCommerceProductFacets',
    summary: 'Get the filters (facets) of a category’s products',
    description: `The product filters configured for the category (its own and those of every category, by displayOrder), each with the values and counts of the products the list holds under the body’s query and attribute filters (List, Boolean) or their numeric range (Range), then the brands with counts and the range of the caller’s unit prices before atomic scripts (the Price facet’s min and max). Counted in SQL over exactly the products the storefront list gives. ${visible}`,
  })
  @ApiOkInLanguage({ description: 'The facets, configured filters first', type: [ProductFacet] })
  @ApiProblems(400, 401, 403, 404)
  async facets(
    @Ctx() ctx: RequestContext,
    @IdParam('categoryId') categoryId: string,
    @Body() body: ProductFacetsRequest,
    // Resolved for its Content-Language header (and its 400); the facets' labels have no language.
    @InLanguage('body') _language: AnswerLanguage,
  ): Promise<ProductFacet[]> {
    return this.products.facets(ctx, categoryId, body);
  }

  @Get('barcode/:barcode')
  @ApiOperation({
    operationId: 'getCommerceProductByBarcode',
    summary: 'Get a storefront product by barcode',
    description: visible,
  })
  @ApiLanguageQuery()
  @ApiOkInLanguage({ description: 'The product as the storefront shows it', type: CommerceProduct })
  @ApiProblems(400, 401, 403, 404)
  async byBarcode(
    @Ctx() ctx: RequestContext,
    @Param('barcode') barcode: string,
    @InLanguage() language: AnswerLanguage,
  ): Promise<CommerceProduct> {
    return this.products.get(ctx, 'barcode', barcode, language);
  }

  @Get('slug/:slug')
  @ApiOperation({
    operationId: 'getCommerceProductBySlug',
    summary: 'Get a storefront product by slug',
    description: visible,
  })
  @ApiLanguageQuery()
  @ApiOkInLanguage({ description: 'The product as the storefront shows it', type: CommerceProduct })
  @ApiProblems(400, 401, 403, 404)
  async bySlug(
    @Ctx() ctx: RequestContext,
    @Param('slug') slug: string,
    @InLanguage() language: AnswerLanguage,
  ): Promise<CommerceProduct> {
    return this.products.get(ctx, 'slug', slug, language);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCommerceProduct',
    summary: 'Get a storefront product',
    description: visible,
  })
  @ApiLanguageQuery()
  @ApiOkInLanguage({ description: 'The product as the storefront shows it', type: CommerceProduct })
  @ApiProblems(400, 401, 403, 404)
  async get(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @InLanguage() language: AnswerLanguage,
  ): Promise<CommerceProduct> {
    return this.products.get(ctx, 'id', id, language);
  }
}
