import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { notFound } from '../../platform/http/problem';
import { revokeSessions } from '../auth/sessions.queries';
import { respond, scopedFields } from '../../platform/http/resource';
import { assertNoNameClash } from '../auth/name-clash';
import { hashPassword } from '../auth/passwords';
import {
  ClientLoginListQuery,
  ClientLoginResponse,
  CreateClientLoginRequest,
  UpdateClientLoginRequest,
} from './client-login.dto';
import { ClientLoginEntity } from './client-login.entity';

export const toClientLoginResponse = (e: ClientLoginEntity): ClientLoginResponse => ({
  ...scopedFields(e),
  username: e.username,
  email: e.email,
  displayName: e.displayName,
  status: {
    active: e.active,
    lastLoginAt: e.lastLoginAt?.toISOString() ?? null,
    emailVerifiedAt: e.emailVerifiedAt?.toISOString() ?? null,
  },
});

/** What the ClientLogin activities record of a client login. */
export const clientLoginSnapshot = (r: ClientLoginResponse) => ({
  username: r.username,
  email: r.email,
  displayName: r.displayName,
  status: { active: r.status.active },
  externalReference: r.externalReference,
});

/** Client logins ("identities"): the shoppers of a workspace. Usernames and emails unique per workspace. */
@Injectable()
export class ClientLoginsService {
  constructor(private readonly db: Db) {}

  /** For other contexts: `id` names a client login of the workspace, else a 400 naming `field`. */
  async assertReferences(tx: Tx, field: string, id: string | null | undefined): Promise<void> {
    await tx.repo(ClientLoginEntity, 'Client login').assertReferences(field, id);
  }

  async list(ctx: RequestContext, q: ClientLoginListQuery): Promise<Page<ClientLoginResponse>> {
    const qb = this.db.repo(ctx, ClientLoginEntity, 'Client login').qb('c');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), {
      sort: { Email: 'lower(c.email)' },
      search: ['c.email', 'c.username', 'c.display_name'],
    });
    return { data: page.data.map(toClientLoginResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ClientLoginResponse> {
    return respond(await this.db.repo(ctx, ClientLoginEntity, 'Client login').get(id), toClientLoginResponse);
  }

  async getByExternalReference(ctx: RequestContext, externalReference: string): Promise<ClientLoginResponse> {
    const found = await this.db.repo(ctx, ClientLoginEntity, 'Client login').findOne({ externalReference });
    if (!found) throw notFound('Client login with external reference', externalReference);
    return respond(found, toClientLoginResponse);
  }

  async isEmailAvailable(ctx: RequestContext, email: string): Promise<boolean> {
    return !(await this.db
      .repo(ctx, ClientLoginEntity)
      .qb('c')
      .andWhere('lower(c.email) = lower(:email)', { email })
      .getExists());
  }

  async isUsernameAvailable(ctx: RequestContext, username: string): Promise<boolean> {
    return !(await this.db
      .repo(ctx, ClientLoginEntity)
      .qb('c')
      .andWhere('lower(c.username) = lower(:username)', { username })
      .getExists());
  }

  async create(ctx: RequestContext, body: CreateClientLoginRequest): Promise<ClientLoginResponse> {
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(ctx, async (tx) => {
      await assertNoNameClash(tx.repo(ClientLoginEntity).qb('c'), 'c', 'client login', body);
      const saved = await tx.repo(ClientLoginEntity, 'Client login').insert({
        username: body.username,
        email: body.email,
        displayName: body.displayName ?? null,
        active: body.status?.active ?? true,
        externalReference: body.externalReference ?? null,
        passwordHash,
        emailVerifiedAt: new Date(),
      });
      const answer = toClientLoginResponse(saved);
      await tx.activities.created('ClientLogin', saved.id, clientLoginSnapshot(answer));
      return respond(saved, toClientLoginResponse);
    });
  }

  /**
   * Admins manage the client logins of their workspace, credentials included (a client login
   * belongs to this workspace only). The login must exist here before anything in the body is
   * checked against other rows. A new password, or a deactivation, revokes all of the client login's
   * sessions.
   */
  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateClientLoginRequest,
  ): Promise<ClientLoginResponse> {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ClientLoginEntity, 'Client login');
      const entity = await repo.getForWrite(id);
      await assertNoNameClash(tx.repo(ClientLoginEntity).qb('c'), 'c', 'client login', body, id);
      const before = toClientLoginResponse(entity);
      Object.assign(entity, {
        username: body.username,
        email: body.email,
        displayName: body.displayName ?? null,
        active: body.status?.active ?? true,
        externalReference: body.externalReference ?? null,
        ...(passwordHash ? { passwordHash } : {}),
      });
      const saved = await repo.save(entity);
      // A new password, or a deactivation, ends every session for good: reactivating the login later
      // does not revive its old tokens.
      if (passwordHash || (entity.active === false && before.status.active))
        await revokeSessions(tx, { clientLoginId: id });
      await tx.activities.updated(
        'ClientLogin',
        id,
        clientLoginSnapshot(before),
        clientLoginSnapshot(toClientLoginResponse(saved)),
      );
      return respond(saved, toClientLoginResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ClientLoginEntity, 'Client login');
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted('ClientLogin', id, clientLoginSnapshot(toClientLoginResponse(entity)));
    });
  }
}
