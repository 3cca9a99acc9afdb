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
export class WorkspacesCoreController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listWorkspaces',
    summary: "List the caller's workspaces",
    description: 'The workspaces the caller is a member of, with the caller’s role.',
  })
  @ApiOkResponse({ description: 'A page of workspaces: `data` and `total`', type: WorkspacePage })
  @ApiProblems(401, 403)
  list(@Ctx() ctx: RequestContext): Promise<Page<WorkspaceResponse>> {
    return this.workspaces.listMine(ctx);
  }

  @Post()
  @HttpCode(200)
  @Roles('Viewer')
  @ApiOperation({
    operationId: 'createWorkspace',
    summary: 'Create a workspace',
    description:
      'Create a workspace; the caller becomes its Owner (switch to it with /auth/switch-workspace). ' +
      'A user owns at most MAX_WORKSPACES_PER_USER workspaces (default 10): one more is a 409 problem saying so.',
  })
  @ApiOkResponse({ description: 'The created workspace', type: WorkspaceResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: WorkspaceRequest): Promise<WorkspaceResponse> {
    return this.workspaces.create(ctx, body);
  }

  @Put()
  @Roles('Admin')
  @ApiOperation({
    operationId: 'updateWorkspace',
    summary: 'Update the current workspace',
    description: 'Replace the settings of the token’s workspace.',
  })
  @ApiOkResponse({ description: 'The workspace as stored', type: WorkspaceResponse })
  @ApiProblems(400, 401, 403, 412)
  update(@Ctx() ctx: RequestContext, @Body() body: WorkspaceRequest): Promise<WorkspaceResponse> {
    return this.workspaces.update(ctx, body);
  }

  @Delete()
  @Roles('Owner')
  @ApiOperation({
    operationId: 'deleteWorkspace',
    summary: 'Delete the current workspace',
    description: 'Delete the token’s workspace and everything in it (Owner only).',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(401, 403, 412)
  async remove(@Ctx() ctx: RequestContext): Promise<void> {
    await this.workspaces.remove(ctx);
  }

  @Post('image')
  @HttpCode(200)
  @Roles('Admin')
  @ImageUpload('image')
  @ApiOperation({
    operationId: 'setWorkspaceImage',
    summary: 'Upload the workspace logo',
    description:
      'Upload the workspace logo (multipart field `image`; JPEG, PNG, GIF, WebP or AVIF ≤ 10 MiB).',
  })
  @ApiOkResponse({ description: 'The workspace with its new image URL', type: WorkspaceResponse })
  @ApiProblems(400, 401, 403, 413, 415)
  setImage(
    @Ctx() ctx: RequestContext,
    @UploadedImageFile() file: UploadedImage | undefined,
  ): Promise<WorkspaceResponse> {
    return this.workspaces.setImage(ctx, file);
  }
}
