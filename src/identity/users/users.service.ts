import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext, Role } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/problem';
import { getGlobalForWrite } from '../../platform/database/scoped-repository';
import { withEtag } from '../../platform/http/etag';
import { assertNoNameClash } from '../auth/name-clash';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeSessions } from '../auth/sessions.queries';
import { LoginThrottlerGuard } from '../auth/login-throttler';
import { MembershipEntity } from '../workspaces/membership.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { CreateUserRequest, UpdateUserRequest, UserListQuery, UserResponse, UserWorkspace } from './user.dto';
import { UserEntity } from './user.entity';
import { WorkspaceUserView } from './workspace-user.view';

/** A person's name as answers show it: the display name, else "firstname lastname", else the username. */
export const displayNameOf = (b: {
  displayName?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  username: string;
}) => b.displayName?.trim() || [b.firstname, b.lastname].filter(Boolean).join(' ').trim() || b.username;

type UserRow = Pick<
  WorkspaceUserView,
  | 'id'
  | 'userType'
  | 'username'
  | 'email'
  | 'firstname'
  | 'lastname'
  | 'displayName'
  | 'picture'
  | 'externalReference'
  | 'createdAt'
  | 'modifiedAt'
  | 'role'
> & { apps?: string[] };

function toResponse(row: UserRow, workspaces: UserWorkspace[], apps: string[]): UserResponse {
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    modifiedAt: new Date(row.modifiedAt).toISOString(),
    userType: row.userType,
    username: row.username,
    email: row.email,
    firstname: row.firstname ?? null,
    lastname: row.lastname ?? null,
    displayName: row.displayName ?? row.username,
    workspaces,
    apps,
    externalReference: row.externalReference ?? null,
    picture: row.picture ?? null,
    role: row.role ?? null,
  };
}

/** The activity snapshot of a user: what an admin can change. */
const snapshot = (u: UserResponse) => ({
  username: u.username,
  email: u.email,
  firstname: u.firstname,
  lastname: u.lastname,
  displayName: u.displayName,
  picture: u.picture,
  apps: u.apps,
  role: u.role,
  externalReference: u.externalReference,
});

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

@Injectable()
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly throttler: LoginThrottlerGuard,
  ) {}

  async list(ctx: RequestContext, q: UserListQuery): Promise<Page<UserResponse>> {
    const qb = this.db.repo(ctx, WorkspaceUserView, 'User').qb('u');
    filterByIds(qb, q);
    if (q.user_types?.length) qb.andWhere('u.user_type IN (:...types)', { types: q.user_types });
    const page = await paginate(qb, listParams(q), {
      sort: { DisplayName: 'lower(u.display_name)' },
      search: ['u.display_name', 'u.username', 'u.email'],
    });
    return { data: await this.withWorkspaces(this.db.unscoped, ctx, page.data), total: page.total };
  }

  async get(on: RequestContext | Tx, id: string): Promise<UserResponse> {
    const manager = on instanceof Tx ? on.manager : this.db.unscoped;
    const row = await manager.findOne(WorkspaceUserView, { where: { id, workspaceId: on.workspaceId } });
    if (!row) throw notFound('User', id);
    const [user] = await this.withWorkspaces(manager, on instanceof Tx ? on.ctx : on, [row]);
    return withEtag(user, row.version);
  }

  /** The apps the calling user may open in the current workspace (its membership's). */
  async appsOf(ctx: RequestContext): Promise<string[]> {
    if (ctx.actor.type !== 'User' || !ctx.actor.id) return [];
    const membership = await this.db.unscoped.findOne(MembershipEntity, {
      where: { userId: ctx.actor.id, workspaceId: ctx.workspaceId },
      select: { userId: true, workspaceId: true, apps: true },
    });
    return membership?.apps ?? [];
  }

  async create(ctx: RequestContext, body: CreateUserRequest): Promise<UserResponse> {
    const role = body.role ?? 'Member';
    if (role === 'Owner' && ctx.role !== 'Owner') throw forbidden('Only an Owner can make someone an Owner.');
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(ctx, async (tx) => {
      await assertNoNameClash(tx.manager.createQueryBuilder(UserEntity, 'u'), 'u', 'user', body);
      const user = await this.insertUser(tx.manager, { ...body, passwordHash });
      await tx.manager.insert(MembershipEntity, {
        workspaceId: ctx.workspaceId,
        userId: user.id,
        role,
        apps: body.apps ?? [],
      });
      const created = await this.get(tx, user.id);
      await tx.activities.created('User', user.id, snapshot(created));
      return created;
    });
  }

  /** Creates the global user row (also used when a workspace is bootstrapped). */
  async insertUser(
    manager: EntityManager,
    body: Omit<CreateUserRequest, 'password' | 'role' | 'apps'> & { passwordHash: string },
  ): Promise<UserEntity> {
    const user = manager.create(UserEntity, {
      id: randomUUID(),
      username: body.username,
      email: body.email,
      firstname: body.firstname ?? null,
      lastname: body.lastname ?? null,
      displayName: displayNameOf(body),
      picture: body.picture ?? null,
      externalReference: body.externalReference ?? null,
      passwordHash: body.passwordHash,
    });
    await manager.insert(UserEntity, user);
    return user;
  }

  /** Whether the body changes the user's password, username or email (as the user is now). */
  private async changesCredentials(id: string, body: UpdateUserRequest): Promise<boolean> {
    if (body.password !== undefined) return true;
    const user = await this.db.dataSource.manager.findOne(UserEntity, {
      where: { id },
      select: { id: true, username: true, email: true },
    });
    return !!user && (body.username !== user.username || body.email !== user.email);
  }

  /**
   * Replaces a member's record. The member must be in the caller's workspace (404 before anything
   * else is looked at). A user is one identity across workspaces, so what belongs to the user (its
   * credentials: password, username, email; its profile: names, display name, picture, external
   * reference) is changed by the user themself only — credentials with the current password. What
   * belongs to the membership (role, apps) is managed by the workspace's Admins and Owners, an
   * Owner's only by an Owner; anyone may drop their own apps. A new password revokes the user's
   * other sessions.
   */
  async update(ctx: RequestContext, id: string, body: UpdateUserRequest): Promise<UserResponse> {
    const self = ctx.actor.type === 'User' && ctx.actor.id === id;
    // Counted before the transaction, so a wrong password's rollback does not undo the count.
    if (self && body.currentPassword && (await this.changesCredentials(id, body)))
      await this.throttler.limitCurrentPasswordCheck(id);
    return this.db.transaction(ctx, async (tx) => {
      const membership = await this.lockMembership(tx, id);
      if (!self && !ctx.isAdmin()) throw forbidden('Only an Admin or Owner can change other users.');
      if (!self && membership.role === 'Owner' && ctx.role !== 'Owner')
        throw forbidden('Only an Owner can change an Owner.');
      const user = await getGlobalForWrite(tx, UserEntity, id, 'User', ['passwordHash']);
      const before = await this.get(tx, id);

      const changesPassword = body.password !== undefined;
      const changesUsername = body.username !== user.username;
      const changesEmail = body.email !== user.email;
      if (changesPassword || changesUsername || changesEmail) {
        const what = [changesPassword && 'password', changesUsername && 'username', changesEmail && 'email']
          .filter(Boolean)
          .join(', ');
        if (!self)
          throw forbidden(
            `Only the user themself can change their credentials (${what}); an Admin manages membership and role.`,
          );
        if (!body.currentPassword) throw badRequest({ currentPassword: [`is required to change ${what}`] });
        if (!(await verifyPassword(user.passwordHash, body.currentPassword)))
          throw forbidden('The current password is incorrect.');
      }
      const profile = {
        firstname: body.firstname ?? null,
        lastname: body.lastname ?? null,
        displayName: displayNameOf(body),
        picture: body.picture ?? null,
        externalReference: body.externalReference ?? null,
      };
      const changedProfile = (Object.keys(profile) as Array<keyof typeof profile>).filter(
        (k) => profile[k] !== user[k],
      );
      if (!self && changedProfile.length)
        throw forbidden(
          `Only the user themself can change their profile (${changedProfile.join(', ')}): it is theirs in every workspace; an Admin manages membership, role and apps.`,
        );
      const apps = body.apps ?? [];
      if (!ctx.isAdmin() && apps.some((app) => !membership.apps.includes(app)))
        throw forbidden('Only an Admin or Owner can give apps.');
      if (!sameSet(apps, membership.apps))
        await tx.manager.update(MembershipEntity, { workspaceId: ctx.workspaceId, userId: id }, { apps });
      if (body.role && body.role !== membership.role) await this.changeRole(tx, membership, body.role);
      await assertNoNameClash(tx.manager.createQueryBuilder(UserEntity, 'u'), 'u', 'user', body, id);

      Object.assign(user, {
        username: body.username,
        email: body.email,
        ...profile,
        ...(changesPassword ? { passwordHash: await hashPassword(body.password!) } : {}),
      });
      await tx.manager.save(UserEntity, user);
      if (changesPassword) await revokeSessions(tx, { userId: id }, ctx.sessionId);
      const after = await this.get(tx, id);
      await tx.activities.updated('User', id, snapshot(before), snapshot(after));
      return after;
    });
  }

  /** Removes the user from this workspace; a user left with no workspace is deleted. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const membership = await this.lockMembership(tx, id);
      const before = await this.get(tx, id);
      if (membership.role === 'Owner') {
        if (ctx.role !== 'Owner') throw forbidden('Only an Owner can remove an Owner.');
        await this.assertAnotherOwner(tx, id);
      }
      await tx.manager.delete(MembershipEntity, { workspaceId: ctx.workspaceId, userId: id });
      const remaining = await tx.manager.count(MembershipEntity, { where: { userId: id } });
      if (remaining === 0) await tx.manager.delete(UserEntity, { id });
      await tx.activities.deleted('User', id, snapshot(before));
    });
  }

  private async lockMembership(tx: Tx, userId: string): Promise<MembershipEntity> {
    const membership = await tx.manager.findOne(MembershipEntity, {
      where: { workspaceId: tx.ctx.workspaceId, userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!membership) throw notFound('User', userId);
    return membership;
  }

  private async changeRole(tx: Tx, membership: MembershipEntity, role: Role): Promise<void> {
    if (!tx.ctx.isAdmin()) throw forbidden('Only an Admin or Owner can change roles.');
    if ((role === 'Owner' || membership.role === 'Owner') && tx.ctx.role !== 'Owner') {
      throw forbidden('Only an Owner can grant or take the Owner role.');
    }
    if (membership.role === 'Owner') await this.assertAnotherOwner(tx, membership.userId);
    await tx.manager.update(
      MembershipEntity,
      { workspaceId: membership.workspaceId, userId: membership.userId },
      { role },
    );
  }

  private async assertAnotherOwner(tx: Tx, userId: string): Promise<void> {
    const owners = await tx.manager
      .createQueryBuilder(MembershipEntity, 'm')
      .setLock('pessimistic_write')
      .where('m.workspace_id = :ws AND m.role = :role', { ws: tx.ctx.workspaceId, role: 'Owner' })
      .getMany();
    if (!owners.some((o) => o.userId !== userId)) throw conflict('A workspace must keep at least one Owner.');
  }

  /**
   * For other contexts: the display names (else usernames) of the workspace's people, members and
   * client logins, by id. `reader` is a transaction or the request's scoped reads.
   */
  async displayNames(reader: Pick<Tx, 'repo'>, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const people = await reader.repo(WorkspaceUserView, 'User').find({ where: { id: In(ids) } });
    return new Map(people.map((p) => [p.id, p.displayName ?? p.username]));
  }

  /**
   * For other contexts (CRM owners, sales order processors): a 400 naming `field` unless every id
   * is a user who is a member of the caller's workspace. Runs on `manager` (pass `tx.manager`).
   */
  async assertMembers(
    manager: EntityManager,
    ctx: RequestContext,
    field: string,
    ids: Array<string | null | undefined>,
  ): Promise<void> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return;
    const found = await manager.find(MembershipEntity, {
      select: { userId: true },
      where: { workspaceId: ctx.workspaceId, userId: In(wanted) },
    });
    const missing = wanted.filter((id) => !found.some((m) => m.userId === id));
    if (missing.length > 0)
      throw badRequest({ [field]: [`User ${missing.join(', ')} is not a member of this workspace.`] });
  }

  /**
   * Adds `workspaces` and `apps` (of the current workspace's membership) to a page of users in two
   * queries, not one per user. A user is one
   * identity across workspaces, but only the caller's own record lists all of the caller's
   * memberships; anyone else's shows only the membership in the current workspace.
   */
  private async withWorkspaces(
    manager: EntityManager,
    ctx: RequestContext,
    rows: WorkspaceUserView[],
  ): Promise<UserResponse[]> {
    const userIds = rows.filter((r) => r.userType === 'User').map((r) => r.id);
    const clientWorkspaceIds = [
      ...new Set(rows.filter((r) => r.userType === 'Client').map((r) => r.workspaceId)),
    ];
    const [memberships, clientWorkspaces] = await Promise.all([
      userIds.length
        ? manager
            .createQueryBuilder(MembershipEntity, 'm')
            .innerJoin(WorkspaceEntity, 'w', 'w.id = m.workspace_id')
            .select([
              'm.user_id AS "userId"',
              'm.workspace_id AS "workspaceId"',
              'w.name AS name',
              'm.role AS role',
              'm.apps AS apps',
            ])
            .where('m.user_id IN (:...ids)', { ids: userIds })
            .andWhere('(m.workspace_id = :ws OR m.user_id = :me)', {
              ws: ctx.workspaceId,
              me: ctx.actor.type === 'User' ? ctx.actor.id : null,
            })
            .orderBy('m.created_at')
            .getRawMany<UserWorkspace & { userId: string; apps: string[] }>()
        : [],
      clientWorkspaceIds.length
        ? manager.find(WorkspaceEntity, { where: { id: In(clientWorkspaceIds) } })
        : [],
    ]);
    // Apps are the membership's in the current workspace.
    const appsById = new Map(
      memberships.filter((m) => m.workspaceId === ctx.workspaceId).map((m) => [m.userId, m.apps]),
    );
    return rows.map((row) =>
      row.userType === 'User'
        ? toResponse(
            row,
            memberships
              .filter((m) => m.userId === row.id)
              .map(({ workspaceId, name, role }) => ({ workspaceId, name, role })),
            appsById.get(row.id) ?? [],
          )
        : toResponse(
            row,
            clientWorkspaces
              .filter((w) => w.id === row.workspaceId)
              .map((w) => ({ workspaceId: w.id, name: w.name, role: null })),
            [],
          ),
    );
  }
}
