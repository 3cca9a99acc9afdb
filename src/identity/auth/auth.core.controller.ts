import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Public } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { LoginRequest, RefreshRequest, SwitchWorkspaceRequest, TokenResponse } from './auth.dto';
import { AuthService } from './auth.service';
import { LoginThrottlerGuard } from './login-throttler';
import { MeResponse } from './me.dto';
import { MeService } from './me.service';

@ApiTags('Auth')
@Controller('core-api/auth')
export class AuthCoreController {
  constructor(
    private readonly auth: AuthService,
    private readonly me: MeService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
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
  @Header('Cache-Control', 'no-store')
  @Public()
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    operationId: 'refreshToken',
    summary: 'Refresh the token pair',
    description:
      'Exchange a refresh token for a new pair. The presented refresh token and the access token of its session die (401 from then on). Presenting the used refresh token again within the grace period (`REFRESH_REUSE_GRACE_SECONDS`, 10 seconds by default: two tabs refreshing at once) answers the same new pair (with a fresh access token of the same session) while that pair is live; presenting it later revokes the whole family. The answer is never stored by caches (`Cache-Control: no-store`).',
  })
  @ApiOkResponse({ description: 'A new access and refresh token pair', type: TokenResponse })
  @ApiProblems(400, 401, 429)
  refresh(@Body() body: RefreshRequest): Promise<TokenResponse> {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('switch-workspace')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
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

  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({
    operationId: 'getMe',
    summary: 'Who am I',
    description:
      'The user of the access token, for an SPA to start from: its id, name and email, the workspace the token is bound to, its role and apps there, and every workspace it is a member of with its role (switch with POST /core-api/auth/switch-workspace). Open to every role. Client logins call GET /commerce-api/auth/me.',
  })
  @ApiOkResponse({ description: 'The caller, its workspace, role and memberships', type: MeResponse })
  @ApiProblems(401, 403)
  getMe(@Ctx() ctx: RequestContext): Promise<MeResponse> {
    return this.me.me(ctx);
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
