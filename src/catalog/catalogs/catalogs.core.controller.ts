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

@ApiTags('Catalogs')
@ApiBearerAuth()
@Controller('core-api/catalog/catalogs')
export class CatalogsCoreController {
  constructor(private readonly catalogs: CatalogsService) {}

  @Get()
  @ApiOkResponse({ type: CatalogPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: CatalogListQuery): Promise<Page<CatalogResponse>> {
    return this.catalogs.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: CatalogResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateCatalogRequest): Promise<CatalogResponse> {
    return this.catalogs.create(ctx, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: CatalogResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CatalogResponse> {
    return this.catalogs.get(ctx, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: CatalogResponse })
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
    summary: 'Delete a catalog (products lose their link to it); 409 while an account still offers it',
  })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.catalogs.remove(ctx, id);
  }
}
