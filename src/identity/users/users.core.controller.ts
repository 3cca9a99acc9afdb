import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { CreateUserRequest, UpdateUserRequest, UserListQuery, UserPage, UserResponse } from './user.dto';
import { UsersService } from './users.service';
import { MembershipEntity } from '../workspaces/membership.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Users')
@ApiBearerAuth()
@Controller('core-api/users')
export class UsersCoreController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listUsers',
    summary: 'List users',
    description: 'Members (User) and client logins (Client) of the current workspace.',
  })
  @ApiOkResponse({ description: 'A page of users: `data` and `total`', type: UserPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: UserListQuery): Promise<Page<UserResponse>> {
    return this.users.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'createUser',
    summary: 'Create a user',
    description: 'Create a user and make it a member of the current workspace (body `role`, default Member).',
  })
  @ApiOkResponse({ description: 'The created user', type: UserResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateUserRequest): Promise<UserResponse> {
    return this.users.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getUser',
    summary: 'Get a user',
    description: 'One user of the current workspace, with the role it holds here.',
  })
  @ApiOkResponse({ description: 'The user', type: UserResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<UserResponse> {
    return this.users.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(MembershipEntity, 'User', 'userId')
  @Roles('Viewer')
  @ApiOperation({
    operationId: 'updateUser',
    summary: 'Update a user',
    description:
      "Replace a user (Admins: members of this workspace; others: themselves). A user is one identity across workspaces: what is the user's own is changed by the user themself only, and what is the membership's by the workspace's Admins and Owners. **Credentials** (`password`, and a changed `username` or `email`) need `currentPassword` (400 naming `currentPassword` without it, 403 when it is wrong). The **profile** (`firstname`, `lastname`, `displayName`, `picture`, `externalReference`) is the same in every workspace. Anyone else changing credentials or profile gets 403 naming them; unchanged values in the full replacement are fine. The **membership**: Admins and Owners change `role` and `apps` (both belong to this workspace only); only an Owner changes an Owner or grants the Owner role; anyone may drop their own `apps`. A new password revokes every other session of the user (their access and refresh tokens). A user of another workspace is a 404 before any other check.",
  })
  @ApiOkResponse({ description: 'The user as stored', type: UserResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412, 429)
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
    operationId: 'removeUser',
    summary: 'Remove a user from the workspace',
    description:
      'Remove the user from this workspace (the user is deleted when no workspace is left). Admins and Owners; only an Owner removes an Owner, and a workspace keeps one Owner.',
  })
  @ApiOkResponse({ description: 'Removed; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.users.remove(ctx, id);
  }
}
