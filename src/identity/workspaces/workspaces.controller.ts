import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import { ImageUpload, type UploadedImage, UploadedImageFile } from '../../platform/storage/image-upload';
import { WorkspacePage, WorkspaceRequest, WorkspaceResponse } from './workspace.dto';
import { WorkspacesService } from './workspaces.service';

@ApiTags('Workspaces')
@ApiBearerAuth()
@Controller('core-api/workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @ApiOperation({ summary: 'The workspaces the caller is a member of, with the caller’s role' })
  @ApiOkResponse({ type: WorkspacePage })
  @ApiProblems(401, 403)
  list(@Ctx() ctx: RequestContext): Promise<Page<WorkspaceResponse>> {
    return this.workspaces.listMine(ctx);
  }

  @Post()
  @HttpCode(200)
  @Roles('Viewer')
  @ApiOperation({
    summary: 'Create a workspace; the caller becomes its Owner (switch to it with /auth/switch-workspace)',
  })
  @ApiOkResponse({ type: WorkspaceResponse })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: WorkspaceRequest): Promise<WorkspaceResponse> {
    return this.workspaces.create(ctx, body);
  }

  @Put()
  @Roles('Admin')
  @ApiOperation({ summary: 'Replace the settings of the token’s workspace' })
  @ApiOkResponse({ type: WorkspaceResponse })
  @ApiProblems(400, 401, 403, 412)
  update(@Ctx() ctx: RequestContext, @Body() body: WorkspaceRequest): Promise<WorkspaceResponse> {
    return this.workspaces.update(ctx, body);
  }

  @Delete()
  @Roles('Owner')
  @ApiOperation({ summary: 'Delete the token’s workspace and everything in it (Owner only)' })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(401, 403, 412)
  async remove(@Ctx() ctx: RequestContext): Promise<void> {
    await this.workspaces.remove(ctx);
  }

  @Post('image')
  @HttpCode(200)
  @Roles('Admin')
  @ImageUpload('image')
  @ApiOperation({
    summary: 'Upload the workspace logo (multipart field `image`; JPEG, PNG, GIF, WebP or AVIF ≤ 10 MiB)',
  })
  @ApiOkResponse({ type: WorkspaceResponse })
  @ApiProblems(400, 401, 403, 413, 415)
  setImage(
    @Ctx() ctx: RequestContext,
    @UploadedImageFile() file: UploadedImage | undefined,
  ): Promise<WorkspaceResponse> {
    return this.workspaces.setImage(ctx, file);
  }
}
