import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Public } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { LoginRequest, RefreshRequest, SwitchWorkspaceRequest, TokenResponse } from './auth.dto';
import { AuthService } from './auth.service';
import { LoginThrottlerGuard } from './login-throttler';

@ApiTags('Auth')
@Controller('core-api/auth')
export class AuthCoreController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    operationId: 'login',
    summary: 'Log in',
    description:
      'Log in with username or email and password. Client logins (shoppers) also give the `workspaceId` of their workspace; users may give one to start in it (otherwise their first workspace). A self-registered shopper whose email is not verified yet gets a 403 (after the right password only).',
  })
  @ApiOkResponse({
    description: "A new access and refresh token pair for the user's workspace",
    type: TokenResponse,
  })
  @ApiProblems(400, 401, 403, 429)
  login(@Body() body: LoginRequest, @Req() req: FastifyRequest): Promise<TokenResponse> {
    return this.auth.login(body, req.ip);
  }

  @Post('refresh')
  @HttpCode(200)
  @Public()
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    operationId: 'refreshToken',
    summary: 'Refresh the token pair',
    description:
      'Exchange a refresh token for a new pair. The presented refresh token and the access token of its session die (401 from then on); presenting the used refresh token again revokes the whole family.',
  })
  @ApiOkResponse({ description: 'A new access and refresh token pair', type: TokenResponse })
  @ApiProblems(400, 401, 429)
  refresh(@Body() body: RefreshRequest): Promise<TokenResponse> {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('switch-workspace')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    operationId: 'switchWorkspace',
    summary: 'Switch workspace',
    description: 'A new pair bound to another workspace the caller is a member of.',
  })
  @ApiOkResponse({
    description: 'A new access and refresh token pair bound to the requested workspace',
    type: TokenResponse,
  })
  @ApiProblems(400, 401, 403)
  switchWorkspace(@Ctx() ctx: RequestContext, @Body() body: SwitchWorkspaceRequest): Promise<TokenResponse> {
    return this.auth.switchWorkspace(ctx, body.workspaceId);
  }

  @Get('logout/:accessToken')
  @Public()
  @ApiOperation({
    operationId: 'logout',
    summary: 'Log out',
    description: 'End the session of the access token: it and its refresh token are refused from then on.',
  })
  @ApiOkResponse({ description: 'Logged out; the answer has no body' })
  @ApiProblems(400, 401)
  async logout(@Param('accessToken') accessToken: string): Promise<void> {
    await this.auth.logout(accessToken);
  }
}
