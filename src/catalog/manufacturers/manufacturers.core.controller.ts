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
import { ManufacturerEntity } from './manufacturer.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Manufacturers')
@ApiBearerAuth()
@Controller('core-api/catalog/manufacturers')
export class ManufacturersCoreController {
  constructor(private readonly manufacturers: ManufacturersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listManufacturers',
    summary: 'List manufacturers',
    description: 'Manufacturers of the workspace, paged; `Query` searches the name.',
  })
  @ApiOkResponse({ description: 'A page of manufacturers: `data` and `total`', type: ManufacturerPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ManufacturerListQuery): Promise<Page<ManufacturerResponse>> {
    return this.manufacturers.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createManufacturer',
    summary: 'Create a manufacturer',
    description: 'Create a manufacturer that products can name.',
  })
  @ApiOkResponse({ description: 'The created manufacturer', type: ManufacturerResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateManufacturerRequest): Promise<ManufacturerResponse> {
    return this.manufacturers.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getManufacturer',
    summary: 'Get a manufacturer',
    description: 'One manufacturer of the current workspace.',
  })
  @ApiOkResponse({ description: 'The manufacturer', type: ManufacturerResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ManufacturerResponse> {
    return this.manufacturers.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ManufacturerEntity, 'Manufacturer')
  @ApiOperation({
    operationId: 'updateManufacturer',
    summary: 'Update a manufacturer',
    description: 'Replace a manufacturer (omitted optional fields become null).',
  })
  @ApiOkResponse({ description: 'The manufacturer as stored', type: ManufacturerResponse })
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
  @ApiOperation({
    operationId: 'deleteManufacturer',
    summary: 'Delete a manufacturer',
    description: 'Delete a manufacturer; 409 while products still name it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.manufacturers.remove(ctx, id);
  }
}
