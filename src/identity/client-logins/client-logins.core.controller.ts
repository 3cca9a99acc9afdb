import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  AvailabilityResponse,
  ClientLoginListQuery,
  ClientLoginPage,
  ClientLoginResponse,
  CreateClientLoginRequest,
  EmailAvailabilityQuery,
  UpdateClientLoginRequest,
  UsernameAvailabilityQuery,
} from './client-login.dto';
import { ClientLoginsService } from './client-logins.service';
import { ClientLoginEntity } from './client-login.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Identities')
@ApiBearerAuth()
@Controller('core-api/identities')
export class ClientLoginsCoreController {
  constructor(private readonly clientLogins: ClientLoginsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listClientLogins',
    summary: 'List client logins',
    description: 'Client logins of the workspace.',
  })
  @ApiOkResponse({ description: 'A page of client logins: `data` and `total`', type: ClientLoginPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ClientLoginListQuery): Promise<Page<ClientLoginResponse>> {
    return this.clientLogins.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'createClientLogin',
    summary: 'Create a client login',
    description:
      'Create a client login (a shopper) of the current workspace, with its username, email and password. Username and email are unique per workspace (case-insensitive): a duplicate is a 409.',
  })
  @ApiOkResponse({ description: 'The created client login', type: ClientLoginResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateClientLoginRequest): Promise<ClientLoginResponse> {
    return this.clientLogins.create(ctx, body);
  }

  @Get('availability/email')
  @ApiOperation({
    operationId: 'checkClientLoginEmailAvailability',
    summary: 'Check whether an email is free',
    description: 'Whether no client login of the workspace uses this email (case-insensitive).',
  })
  @ApiOkResponse({ description: 'Whether the email is available', type: AvailabilityResponse })
  @ApiProblems(400, 401, 403)
  async emailAvailable(
    @Ctx() ctx: RequestContext,
    @Query() q: EmailAvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return { available: await this.clientLogins.isEmailAvailable(ctx, q.email) };
  }

  @Get('availability/username')
  @ApiOperation({
    operationId: 'checkClientLoginUsernameAvailability',
    summary: 'Check whether a username is free',
    description: 'Whether no client login of the workspace uses this username (case-insensitive).',
  })
  @ApiOkResponse({ description: 'Whether the username is available', type: AvailabilityResponse })
  @ApiProblems(400, 401, 403)
  async usernameAvailable(
    @Ctx() ctx: RequestContext,
    @Query() q: UsernameAvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return { available: await this.clientLogins.isUsernameAvailable(ctx, q.username) };
  }

  @Get('external/:externalReference')
  @ApiOperation({
    operationId: 'getClientLoginByExternalReference',
    summary: 'Get a client login by external reference',
    description:
      'The client login whose `externalReference` (the identifier a partner system keeps for it) is this value.',
  })
  @ApiOkResponse({ description: 'The client login', type: ClientLoginResponse })
  @ApiProblems(401, 403, 404)
  byExternalReference(
    @Ctx() ctx: RequestContext,
    @Param('externalReference') ref: string,
  ): Promise<ClientLoginResponse> {
    return this.clientLogins.getByExternalReference(ctx, ref);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getClientLogin',
    summary: 'Get a client login',
    description: 'One client login of the current workspace.',
  })
  @ApiOkResponse({ description: 'The client login', type: ClientLoginResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ClientLoginResponse> {
    return this.clientLogins.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ClientLoginEntity, 'Client login')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'updateClientLogin',
    summary: 'Update a client login',
    description:
      'Replace a client login (Admins; credentials included). A client login belongs to this workspace only, so its Admins manage its password, username and email. A new `password` revokes all of its sessions, and so does a deactivation (`status.active: false`): an inactive one can neither log in nor refresh, and reactivating it does not revive its old tokens. A client login of another workspace is a 404 before any other check.',
  })
  @ApiOkResponse({ description: 'The client login as stored', type: ClientLoginResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateClientLoginRequest,
  ): Promise<ClientLoginResponse> {
    assertSameId(id, body.id);
    return this.clientLogins.update(ctx, id, body);
  }

  @Delete(':id')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'deleteClientLogin',
    summary: 'Delete a client login',
    description: 'Delete a client login of the current workspace; its sessions end with it.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.clientLogins.remove(ctx, id);
  }
}
