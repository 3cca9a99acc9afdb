import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { MeResponse } from './me.dto';
import { MeService } from './me.service';

/** The storefront's "who am I": client logins (shoppers) call /commerce-api only. */
@ApiTags('Auth')
@ApiBearerAuth()
@Controller('commerce-api/auth')
export class MeCommerceController {
  constructor(private readonly me: MeService) {}

  @Get('me')
  @ApiOperation({
    operationId: 'getCommerceMe',
    summary: 'Who am I (storefront)',
    description:
      'The caller of the access token, for a storefront to start from: a client login (shopper) or a user, its name and email, the workspace the token is bound to and, for a user, its role there and its other workspaces. The same answer as GET /core-api/auth/me, which client logins may not call.',
  })
  @ApiOkResponse({
    description: 'The caller and its workspace (and, for a user, its role and memberships)',
    type: MeResponse,
  })
  @ApiProblems(401)
  get(@Ctx() ctx: RequestContext): Promise<MeResponse> {
    return this.me.me(ctx);
  }
}
