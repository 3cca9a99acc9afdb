import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../../platform/database/db';
import { badRequest, conflict, notFound } from '../../platform/http/problem';
import { RequestContext } from '../../platform/tenancy/request-context';
import { revokeSessions } from '../auth/sessions.queries';
import { assertNoNameClash } from '../auth/name-clash';
import { hashPassword } from '../auth/passwords';
import { LoginThrottlerGuard } from '../auth/login-throttler';
import { ClientLoginEntity } from '../client-logins/client-login.entity';
import { clientLoginSnapshot, toClientLoginResponse } from '../client-logins/client-logins.service';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { ClientLoginTokenPurpose } from './client-login-token.entity';
import { consumeToken, storeToken } from './client-login-tokens.queries';
import type {
  ClientLoginInvitationResponse,
  InviteClientLoginRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RegisterShopperRequest,
  ShopperAccountAnswer,
  VerifyShopperEmailRequest,
} from './shopper-accounts.dto';

/** How long each kind of token works (docs/security.md, "Shopper accounts"). */
export const tokenLifetimeSeconds: Record<ClientLoginTokenPurpose, number> = {
  PasswordReset: 30 * 60,
  EmailVerification: 24 * 3600,
  Invitation: 7 * 24 * 3600,
};

/**
 * The registration and reset answers are sent no sooner than this after the request arrived,
 * whether the address is known or not, so their timing does not tell which addresses exist.
 */
export const answerFloorMs = 250;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** 256 random bits, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');

const registered: ShopperAccountAnswer = {
  message:
    'Thank you. If the address can be registered, a message to it tells how to go on (verify the address, or log in).',
};
const resetRequested: ShopperAccountAnswer = {
  message: 'If a shopper account has this address, a message to it tells how to set a new password.',
};
const invalidToken = () => badRequest({ token: ['is not valid: unknown, already used or expired'] });

/** Who acts in a shopper account operation: the client login itself, or no one yet (System). */
const actingAs = (workspaceId: string, clientLoginId: string | null, requestId?: string) =>
  new RequestContext(
    workspaceId,
    clientLoginId ? { id: clientLoginId, type: 'Client' } : { id: null, type: 'System' },
    null,
    undefined,
    undefined,
    requestId,
  );

/**
 * Shopper accounts in the storefront: self-registration (as the workspace's `shopperRegistration`
 * allows), email verification, password reset, and invitations by Admins. Tokens are random
 * (256 bits), single-use, short-lived and stored as SHA-256 only; the raw token leaves the service
 * in the webhook delivery of the event that announces it, never in the activity (see
 * docs/security.md, "Shopper accounts").
 */
@Injectable()
export class ShopperAccountsService {
  constructor(
    private readonly db: Db,
    private readonly throttler: LoginThrottlerGuard,
  ) {}

  async register(
    body: RegisterShopperRequest,
    ip?: string,
    requestId?: string,
  ): Promise<ShopperAccountAnswer> {
    const started = Date.now();
    await this.throttler.limitAccountRequest('register', ip, body);
    const workspace = await this.db.unscoped.findOne(WorkspaceEntity, {
      where: { id: body.workspaceId },
      select: { id: true, shopperRegistration: true },
    });
    const mode = workspace?.shopperRegistration ?? 'Off';
    if (mode === 'Off') throw notFound('Shopper registration of workspace', body.workspaceId);
    if (mode === 'InviteOnly' && !body.invitationToken)
      throw badRequest({ invitationToken: ['is required: this shop registers invited shoppers only'] });
    // Hashed on every path, so the answer takes as long for a known address as for a new one.
    const passwordHash = await hashPassword(body.password);
    const workspaceId = body.workspaceId;
    await this.db.transaction(actingAs(workspaceId, null, requestId), async (tx) => {
      let verifiedAt: Date | null = null;
      if (mode === 'InviteOnly') {
        const invitation = await consumeToken(tx, sha256(body.invitationToken!), 'Invitation');
        if (!invitation || invitation.email?.toLowerCase() !== body.email.toLowerCase())
          throw badRequest({ invitationToken: ['is not valid for this email: unknown, used or expired'] });
        // The invitation reached this address: it is verified.
        verifiedAt = new Date();
      }
      const existing = await tx
        .repo(ClientLoginEntity)
        .qb('c')
        .andWhere('lower(c.email) = lower(:email)', { email: body.email })
        .getOne();
      if (existing) {
        // The same answer as for a new address; the owner of the address is told instead.
        await tx.activities.event('ClientLogin', existing.id, 'ClientLoginRegistrationAttempted', {
          newValue: { email: existing.email },
        });
        return;
      }
      const username = body.username ?? generatedUsername(body.email);
      await assertNoNameClash(tx.repo(ClientLoginEntity).qb('c'), 'c', 'client login', {
        username,
        email: body.email,
      });
      const id = randomUUID();
      const saved = await tx.repo(ClientLoginEntity, 'Client login').insert({
        id,
        username,
        email: body.email,
        displayName: body.displayName,
        active: true,
        externalReference: null,
        passwordHash,
        emailVerifiedAt: verifiedAt,
      });
      const asShopper = this.db.within(tx.manager, actingAs(workspaceId, id, requestId));
      await asShopper.activities.created(
        'ClientLogin',
        id,
        clientLoginSnapshot(toClientLoginResponse(saved)),
      );
      if (!verifiedAt) await this.requestVerification(asShopper, saved);
    });
    await floor(started);
    return registered;
  }

  async verifyEmail(
    body: VerifyShopperEmailRequest,
    ip?: string,
    requestId?: string,
  ): Promise<ShopperAccountAnswer> {
    await this.throttler.limitAccountRequest('verify-email', ip);
    await this.db.transaction(actingAs(body.workspaceId, null, requestId), async (tx) => {
      const used = await consumeToken(tx, sha256(body.token), 'EmailVerification');
      if (!used?.client_login_id) throw invalidToken();
      const id = used.client_login_id;
      await tx.repo(ClientLoginEntity).update(id, { emailVerifiedAt: new Date() });
      await this.db
        .within(tx.manager, actingAs(body.workspaceId, id, requestId))
        .activities.event('ClientLogin', id, 'ClientLoginEmailVerified');
    });
    return { message: 'The email address is verified; the shopper can log in.' };
  }

  async requestPasswordReset(
    body: PasswordResetRequest,
    ip?: string,
    requestId?: string,
  ): Promise<ShopperAccountAnswer> {
    const started = Date.now();
    await this.throttler.limitAccountRequest('password-reset', ip, body);
    const workspaceExists = await this.db.unscoped.exists(WorkspaceEntity, {
      where: { id: body.workspaceId },
    });
    if (workspaceExists)
      await this.db.transaction(actingAs(body.workspaceId, null, requestId), async (tx) => {
        const login = await tx
          .repo(ClientLoginEntity)
          .qb('c')
          .andWhere('lower(c.email) = lower(:email) AND c.active', { email: body.email })
          .getOne();
        if (!login) return;
        const token = newToken();
        const expiresAt = await storeToken(tx, {
          tokenHash: sha256(token),
          purpose: 'PasswordReset',
          clientLoginId: login.id,
          email: null,
          ttlSeconds: tokenLifetimeSeconds.PasswordReset,
        });
        await tx.activities.event(
          'ClientLogin',
          login.id,
          'ClientLoginPasswordResetRequested',
          { newValue: { email: login.email, expiresAt: expiresAt.toISOString() } },
          { token },
        );
      });
    await floor(started);
    return resetRequested;
  }

  async confirmPasswordReset(
    body: PasswordResetConfirmRequest,
    ip?: string,
    requestId?: string,
  ): Promise<ShopperAccountAnswer> {
    await this.throttler.limitAccountRequest('password-reset-confirm', ip);
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(actingAs(body.workspaceId, null, requestId), async (tx) => {
      const used = await consumeToken(tx, sha256(body.token), 'PasswordReset');
      if (!used?.client_login_id) throw invalidToken();
      const id = used.client_login_id;
      const repo = tx.repo(ClientLoginEntity, 'Client login');
      const login = await repo.getForWrite(id);
      // Receiving the token proves the address too.
      await repo.update(id, { passwordHash, emailVerifiedAt: login.emailVerifiedAt ?? new Date() });
      await revokeSessions(tx.manager, { clientLoginId: id });
      await this.db
        .within(tx.manager, actingAs(body.workspaceId, id, requestId))
        .activities.event('ClientLogin', id, 'ClientLoginPasswordReset');
    });
    return {
      message: 'The password is set; every session of the account has ended. Log in with the new password.',
    };
  }

  /** An Admin invites an address (InviteOnly shops; also valid in Open ones: the invited are verified). */
  async invite(ctx: RequestContext, body: InviteClientLoginRequest): Promise<ClientLoginInvitationResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const taken = await tx
        .repo(ClientLoginEntity)
        .qb('c')
        .andWhere('lower(c.email) = lower(:email)', { email: body.email })
        .getExists();
      if (taken) throw conflict('A client login has this email already.', { email: ['is already used'] });
      const token = newToken();
      const expiresAt = await storeToken(tx, {
        tokenHash: sha256(token),
        purpose: 'Invitation',
        clientLoginId: null,
        email: body.email,
        ttlSeconds: tokenLifetimeSeconds.Invitation,
      });
      const answer: ClientLoginInvitationResponse = {
        id: randomUUID(),
        email: body.email,
        displayName: body.displayName ?? null,
        expiresAt: expiresAt.toISOString(),
      };
      const { id: _id, ...invited } = answer;
      await tx.activities.event(
        'ClientLogin',
        answer.id,
        'ClientLoginInvited',
        { newValue: invited },
        { token },
      );
      return answer;
    });
  }

  private async requestVerification(tx: Tx, login: ClientLoginEntity): Promise<void> {
    const token = newToken();
    const expiresAt = await storeToken(tx, {
      tokenHash: sha256(token),
      purpose: 'EmailVerification',
      clientLoginId: login.id,
      email: null,
      ttlSeconds: tokenLifetimeSeconds.EmailVerification,
    });
    await tx.activities.event(
      'ClientLogin',
      login.id,
      'ClientLoginEmailVerificationRequested',
      { newValue: { email: login.email, expiresAt: expiresAt.toISOString() } },
      { token },
    );
  }
}

/** The email's local part made a username (letters, digits, . _ + -), with a random suffix. */
function generatedUsername(email: string): string {
  const local =
    email
      .split('@')[0]
      .replace(/[^A-Za-z0-9._+-]/g, '')
      .slice(0, 200) || 'shopper';
  return `${local}-${randomBytes(4).toString('hex')}`;
}

async function floor(started: number): Promise<void> {
  const left = answerFloorMs - (Date.now() - started);
  if (left > 0) await sleep(left);
}
