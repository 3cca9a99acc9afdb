import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CatalogListQuery,
  CatalogPage,
  CatalogResponse,
  CreateCatalogRequest,
  UpdateCatalogRequest,
} from './catalog.dto';
import { CatalogsService } from './catalogs.service';
import { CatalogEntity } from './catalog.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Catalogs')
@ApiBearerAuth()
@Controller('core-api/catalog/catalogs')
export class CatalogsCoreController {
  constructor(private readonly catalogs: CatalogsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCatalogs',
    summary: 'List catalogs',
    description: 'Product catalogs of the workspace, paged; `Query` searches the name.',
  })
  @ApiOkResponse({ description: 'A page of catalogs: `data` and `total`', type: CatalogPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: CatalogListQuery): Promise<Page<CatalogResponse>> {
    return this.catalogs.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createCatalog',
    summary: 'Create a catalog',
    description: 'Create a product catalog that accounts can be offered.',
  })
  @ApiOkResponse({ description: 'The created catalog', type: CatalogResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateCatalogRequest): Promise<CatalogResponse> {
    return this.catalogs.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCatalog',
    summary: 'Get a catalog',
    description: 'One catalog of the current workspace.',
  })
  @ApiOkResponse({ description: 'The catalog', type: CatalogResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CatalogResponse> {
    return this.catalogs.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(CatalogEntity, 'Catalog')
  @ApiOperation({
    operationId: 'updateCatalog',
    summary: 'Update a catalog',
    description: 'Replace a catalog (omitted optional fields become null).',
  })
  @ApiOkResponse({ description: 'The catalog as stored', type: CatalogResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateCatalogRequest,
  ): Promise<CatalogResponse> {
    assertSameId(id, body.id);
    return this.catalogs.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteCatalog',
    summary: 'Delete a catalog',
    description: 'Delete a catalog (products lose their link to it); 409 while an account still offers it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.catalogs.remove(ctx, id);
  }
}
