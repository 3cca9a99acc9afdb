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

@ApiTags('Identities')
@ApiBearerAuth()
@Controller('core-api/identities')
export class ClientLoginsController {
  constructor(private readonly clientLogins: ClientLoginsService) {}

  @Get()
  @ApiOperation({ summary: 'Client logins of the workspace' })
  @ApiOkResponse({ type: ClientLoginPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ClientLoginListQuery): Promise<Page<ClientLoginResponse>> {
    return this.clientLogins.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOkResponse({ type: ClientLoginResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateClientLoginRequest): Promise<ClientLoginResponse> {
    return this.clientLogins.create(ctx, body);
  }

  @Get('availability/email')
  @ApiOperation({ summary: 'Whether no client login of the workspace uses this email (case-insensitive)' })
  @ApiOkResponse({ type: AvailabilityResponse })
  @ApiProblems(400, 401, 403)
  async emailAvailable(
    @Ctx() ctx: RequestContext,
    @Query() q: EmailAvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return { available: await this.clientLogins.isEmailAvailable(ctx, q.email) };
  }

  @Get('availability/username')
  @ApiOperation({ summary: 'Whether no client login of the workspace uses this username (case-insensitive)' })
  @ApiOkResponse({ type: AvailabilityResponse })
  @ApiProblems(400, 401, 403)
  async usernameAvailable(
    @Ctx() ctx: RequestContext,
    @Query() q: UsernameAvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return { available: await this.clientLogins.isUsernameAvailable(ctx, q.username) };
  }

  @Get('external/:externalReference')
  @ApiOkResponse({ type: ClientLoginResponse })
  @ApiProblems(401, 403, 404)
  byExternalReference(
    @Ctx() ctx: RequestContext,
    @Param('externalReference') ref: string,
  ): Promise<ClientLoginResponse> {
    return this.clientLogins.getByExternalReference(ctx, ref);
  }

  @Get(':id')
  @ApiOkResponse({ type: ClientLoginResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ClientLoginResponse> {
    return this.clientLogins.get(ctx, id);
  }

  @Put(':id')
  @Roles('Admin')
  @ApiOperation({
    summary: 'Replace a client login (Admins; credentials included)',
    description:
      'A client login belongs to this workspace only, so its Admins manage its password, username ' +
      'and email. A new `password` revokes all of its sessions; an inactive one can neither log in ' +
      'nor refresh. A client login of another workspace is a 404 before any other check.',
  })
  @ApiOkResponse({ type: ClientLoginResponse })
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
  @ApiOkResponse({ description: 'Deleted (empty body)' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.clientLogins.remove(ctx, id);
  }
}
