import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { ImageUpload, type UploadedImage, UploadedImageFile } from '../../platform/storage/image-upload';
import {
  LocationListQuery,
  LocationPage,
  LocationResponse,
  CreateLocationRequest,
  UpdateLocationRequest,
} from './location.dto';
import { LocationsService } from './locations.service';
import { LocationEntity } from './location.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Locations')
@ApiBearerAuth()
@Controller('core-api/inventory/locations')
export class LocationsCoreController {
  constructor(private readonly locations: LocationsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listLocations',
    summary: 'List locations',
    description:
      'Locations of the workspace, paged; `Query` searches the name; filters is_warehouse, is_pickup_location, is_stock_location.',
  })
  @ApiOkResponse({ description: 'A page of locations: `data` and `total`', type: LocationPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: LocationListQuery): Promise<Page<LocationResponse>> {
    return this.locations.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createLocation',
    summary: 'Create a location',
    description: 'Create a location: a warehouse, shop or pickup point, with its address and opening hours.',
  })
  @ApiOkResponse({ description: 'The created location', type: LocationResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateLocationRequest): Promise<LocationResponse> {
    return this.locations.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getLocation',
    summary: 'Get a location',
    description: 'One location of the current workspace.',
  })
  @ApiOkResponse({ description: 'The location', type: LocationResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<LocationResponse> {
    return this.locations.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(LocationEntity, 'Location')
  @ApiOperation({
    operationId: 'updateLocation',
    summary: 'Update a location',
    description: 'Replace a location (omitted optional fields become null).',
  })
  @ApiOkResponse({ description: 'The location as stored', type: LocationResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateLocationRequest,
  ): Promise<LocationResponse> {
    assertSameId(id, body.id);
    return this.locations.update(ctx, id, body);
  }

  @Post(':id/image')
  @HttpCode(200)
  @ImageUpload('image')
  @ApiOperation({
    operationId: 'setLocationImage',
    summary: 'Upload a location image',
    description:
      'Upload the location image (multipart field `image`; JPEG, PNG, GIF, WebP or AVIF ≤ 10 MiB); sets `image`.',
  })
  @ApiOkResponse({ description: 'The location with its new image URL', type: LocationResponse })
  @ApiProblems(400, 401, 403, 404, 413, 415)
  setImage(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @UploadedImageFile() file: UploadedImage | undefined,
  ): Promise<LocationResponse> {
    return this.locations.setImage(ctx, id, file);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteLocation',
    summary: 'Delete a location',
    description: 'Delete a location; 409 while it holds stock (a quantity other than 0) or orders name it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.locations.remove(ctx, id);
  }
}
