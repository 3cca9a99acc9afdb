import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../platform/auth/decorators';
import { ApiProblems } from '../../platform/http/openapi';
import {
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RegisterShopperRequest,
  ShopperAccountAnswer,
  VerifyShopperEmailRequest,
} from './shopper-accounts.dto';
import { ShopperAccountsService } from './shopper-accounts.service';

const limits =
  ' Rate-limited per address (IP) and, where an email is sent, per email: 429 with `Retry-After`.';

/** The storefront's anonymous shopper account operations (docs/security.md, "Shopper accounts"). */
@ApiTags('Auth')
@Controller('commerce-api/auth')
export class ShopperAccountsCommerceController {
  constructor(private readonly accounts: ShopperAccountsService) {}

  @Post('register')
  @HttpCode(202)
  @Public()
  @ApiOperation({
    operationId: 'registerShopper',
    summary: 'Register a shopper account',
    description:
      'Create a client login in a workspace whose `shopperRegistration` is `Open` (its email unverified: the `ClientLoginEmailVerificationRequested` event carries the token, and the login cannot log in before `verify-email`), or `InviteOnly` with the `invitationToken` of a `ClientLoginInvited` event for this email (verified at once). `Off` (and an unknown workspace): 404. The answer is the same 202 whether the email is new or has an account already (that account gets a `ClientLoginRegistrationAttempted` event instead) and takes as long. A `username` used by another login: 409.' +
      limits,
  })
  @ApiAcceptedResponse({ description: 'Accepted; the same for every email', type: ShopperAccountAnswer })
  @ApiProblems(400, 404, 409, 429)
  register(@Body() body: RegisterShopperRequest, @Req() req: FastifyRequest): Promise<ShopperAccountAnswer> {
    return this.accounts.register(body, req.ip, req.id);
  }

  @Post('verify-email')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    operationId: 'verifyShopperEmail',
    summary: 'Verify a shopper’s email',
    description:
      'Use the token of a `ClientLoginEmailVerificationRequested` event (single use, 24 hours). An unknown, used or expired token, or one of another workspace: 400 naming `token`. Records `ClientLoginEmailVerified`.' +
      limits,
  })
  @ApiOkResponse({ description: 'The email is verified', type: ShopperAccountAnswer })
  @ApiProblems(400, 429)
  verifyEmail(
    @Body() body: VerifyShopperEmailRequest,
    @Req() req: FastifyRequest,
  ): Promise<ShopperAccountAnswer> {
    return this.accounts.verifyEmail(body, req.ip, req.id);
  }

  @Post('password-reset')
  @HttpCode(202)
  @Public()
  @ApiOperation({
    operationId: 'requestShopperPasswordReset',
    summary: 'Request a shopper password reset',
    description:
      'Always the same 202, in about the same time, whether an active client login of the workspace has this email or not; when one has, a `ClientLoginPasswordResetRequested` event carries the token (single use, 30 minutes; a newer request replaces it).' +
      limits,
  })
  @ApiAcceptedResponse({ description: 'Accepted; the same for every email', type: ShopperAccountAnswer })
  @ApiProblems(400, 429)
  requestReset(
    @Body() body: PasswordResetRequest,
    @Req() req: FastifyRequest,
  ): Promise<ShopperAccountAnswer> {
    return this.accounts.requestPasswordReset(body, req.ip, req.id);
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    operationId: 'confirmShopperPasswordReset',
    summary: 'Set a new shopper password',
    description:
      'Set the password with the token of a `ClientLoginPasswordResetRequested` event. Every session of the login ends; the email counts as verified; records `ClientLoginPasswordReset`. An unknown, used or expired token, or one of another workspace: 400 naming `token` (of two concurrent uses of one token, one wins).' +
      limits,
  })
  @ApiOkResponse({ description: 'The password is set', type: ShopperAccountAnswer })
  @ApiProblems(400, 429)
  confirmReset(
    @Body() body: PasswordResetConfirmRequest,
    @Req() req: FastifyRequest,
  ): Promise<ShopperAccountAnswer> {
    return this.accounts.confirmPasswordReset(body, req.ip, req.id);
  }
}
