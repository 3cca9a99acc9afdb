import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { ImageUpload, type UploadedImage, UploadedImageFile } from '../../platform/storage/image-upload';
import {
  BrandListQuery,
  BrandPage,
  BrandResponse,
  CreateBrandRequest,
  UpdateBrandRequest,
} from './brand.dto';
import { BrandsService } from './brands.service';
import { BrandEntity } from './brand.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Brands')
@ApiBearerAuth()
@Controller('core-api/catalog/brands')
export class BrandsCoreController {
  constructor(private readonly brands: BrandsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listBrands',
    summary: 'List brands',
    description: 'Brands of the workspace, paged; `Query` searches the name.',
  })
  @ApiOkResponse({ description: 'A page of brands: `data` and `total`', type: BrandPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: BrandListQuery): Promise<Page<BrandResponse>> {
    return this.brands.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createBrand',
    summary: 'Create a brand',
    description: 'Create a brand; set its logo afterwards with the image upload.',
  })
  @ApiOkResponse({ description: 'The created brand', type: BrandResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateBrandRequest): Promise<BrandResponse> {
    return this.brands.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getBrand',
    summary: 'Get a brand',
    description: 'One brand of the current workspace.',
  })
  @ApiOkResponse({ description: 'The brand', type: BrandResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<BrandResponse> {
    return this.brands.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(BrandEntity, 'Brand')
  @ApiOperation({
    operationId: 'updateBrand',
    summary: 'Update a brand',
    description: 'Replace a brand (omitted optional fields become null).',
  })
  @ApiOkResponse({ description: 'The brand as stored', type: BrandResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateBrandRequest,
  ): Promise<BrandResponse> {
    assertSameId(id, body.id);
    return this.brands.update(ctx, id, body);
  }

  @Post(':id/image')
  @HttpCode(200)
  @ImageUpload('image')
  @ApiOperation({
    operationId: 'setBrandImage',
    summary: 'Upload a brand logo',
    description:
      'Upload the brand logo (multipart field `image`; JPEG, PNG, GIF, WebP or AVIF ≤ 10 MiB); sets imageUrl.',
  })
  @ApiOkResponse({ description: 'The brand with its new image URL', type: BrandResponse })
  @ApiProblems(400, 401, 403, 404, 413, 415)
  setImage(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @UploadedImageFile() file: UploadedImage | undefined,
  ): Promise<BrandResponse> {
    return this.brands.setImage(ctx, id, file);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteBrand',
    summary: 'Delete a brand',
    description: 'Delete a brand; 409 while products still name it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.brands.remove(ctx, id);
  }
}
