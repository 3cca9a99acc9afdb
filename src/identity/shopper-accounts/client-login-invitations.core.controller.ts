import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { NotACreate } from '../../platform/http/idempotent.decorator';
import { ApiProblems } from '../../platform/http/openapi';
import { ClientLoginInvitationResponse, InviteClientLoginRequest } from './shopper-accounts.dto';
import { ShopperAccountsService } from './shopper-accounts.service';

@ApiTags('Identities')
@ApiBearerAuth()
@Controller('core-api/identities/invitations')
export class ClientLoginInvitationsCoreController {
  constructor(private readonly accounts: ShopperAccountsService) {}

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  // An action, not a stored resource: sending it again invites again (a new token replaces the old).
  @NotACreate()
  @ApiOperation({
    operationId: 'inviteClientLogin',
    summary: 'Invite a shopper',
    description:
      'Invite an email to register in the storefront (`POST /commerce-api/auth/register` with `invitationToken`). The `ClientLoginInvited` webhook event carries the token (single use, 7 days; a newer invitation of the same email replaces it) for the shop to mail; the answer and the activity do not. An email a client login has already: 409.',
  })
  @ApiOkResponse({ description: 'The invitation', type: ClientLoginInvitationResponse })
  @ApiProblems(400, 401, 403, 409)
  invite(
    @Ctx() ctx: RequestContext,
    @Body() body: InviteClientLoginRequest,
  ): Promise<ClientLoginInvitationResponse> {
    return this.accounts.invite(ctx, body);
  }
}
