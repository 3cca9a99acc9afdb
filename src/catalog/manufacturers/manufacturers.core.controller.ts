import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CreateManufacturerRequest,
  ManufacturerListQuery,
  ManufacturerPage,
  ManufacturerResponse,
  UpdateManufacturerRequest,
} from './manufacturer.dto';
import { ManufacturersService } from './manufacturers.service';

@ApiTags('Manufacturers')
@ApiBearerAuth()
@Controller('core-api/catalog/manufacturers')
export class ManufacturersCoreController {
  constructor(private readonly manufacturers: ManufacturersService) {}

  @Get()
  @ApiOkResponse({ type: ManufacturerPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ManufacturerListQuery): Promise<Page<ManufacturerResponse>> {
    return this.manufacturers.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: ManufacturerResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateManufacturerRequest): Promise<ManufacturerResponse> {
    return this.manufacturers.create(ctx, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ManufacturerResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ManufacturerResponse> {
    return this.manufacturers.get(ctx, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: ManufacturerResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateManufacturerRequest,
  ): Promise<ManufacturerResponse> {
    assertSameId(id, body.id);
    return this.manufacturers.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a manufacturer; 409 while products still name it' })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.manufacturers.remove(ctx, id);
  }
}
