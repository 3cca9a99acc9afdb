import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/database/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { CreateUserRequest, UpdateUserRequest, UserListQuery, UserPage, UserResponse } from './user.dto';
import { UsersService } from './users.service';

@ApiTags('Users')
@ApiBearerAuth()
@Controller('core-api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'Members (User) and client logins (Client) of the current workspace' })
  @ApiOkResponse({ type: UserPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: UserListQuery): Promise<Page<UserResponse>> {
    return this.users.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    summary: 'Create a user and make it a member of the current workspace (body `role`, default Member)',
  })
  @ApiOkResponse({ type: UserResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateUserRequest): Promise<UserResponse> {
    return this.users.create(ctx, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: UserResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<UserResponse> {
    return this.users.get(ctx, id);
  }

  @Put(':id')
  @Roles('Viewer')
  @ApiOperation({ summary: 'Replace a user (Admins: anyone; others: themselves, without `role`)' })
  @ApiOkResponse({ type: UserResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateUserRequest,
  ): Promise<UserResponse> {
    assertSameId(id, body.id);
    return this.users.update(ctx, id, body);
  }

  @Delete(':id')
  @Roles('Admin')
  @ApiOperation({
    summary: 'Remove the user from this workspace (the user is deleted when no workspace is left)',
  })
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 409)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.users.remove(ctx, id);
  }
}
