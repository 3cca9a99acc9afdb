import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { unauthorized } from '../../platform/http/problem';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { ClientLoginEntity } from '../client-logins/client-login.entity';
import type { UserWorkspace } from '../users/user.dto';
import { UserEntity } from '../users/user.entity';
import { displayNameOf } from '../users/users.service';
import { MembershipEntity } from '../workspaces/membership.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { MeResponse } from './me.dto';

/** The caller as an SPA starts from it: who, where, with which role, and where else (users). */
@Injectable()
export class MeService {
  constructor(private readonly db: Db) {}

  async me(ctx: RequestContext): Promise<MeResponse> {
    const id = ctx.actor.id;
    const type = ctx.actor.type;
    if (!id || (type !== 'User' && type !== 'Client' && type !== 'ApiKey')) throw unauthorized();
    const manager = this.db.unscoped;
    const workspace = await manager.findOne(WorkspaceEntity, {
      where: { id: ctx.workspaceId },
      select: { id: true, name: true },
    });
    if (type === 'ApiKey') {
      const key = await manager.findOne(ApiKeyEntity, { where: { id, workspaceId: ctx.workspaceId } });
      if (!key || !workspace) throw unauthorized();
      return {
        id,
        userType: 'ApiKey',
        username: key.name,
        email: null,
        displayName: key.name,
        workspace: { id: workspace.id, name: workspace.name },
        role: key.role,
        apps: [],
        memberships: [],
      };
    }
    if (type === 'Client') {
      const client = await manager.findOne(ClientLoginEntity, {
        where: { id, workspaceId: ctx.workspaceId },
      });
      // The guard admitted the session a moment ago; gone since: as if the token had been revoked.
      if (!client || !workspace) throw unauthorized();
      return {
        id,
        userType: 'Client',
        username: client.username,
        email: client.email,
        displayName: displayNameOf(client),
        workspace: { id: workspace.id, name: workspace.name },
        role: null,
        apps: [],
        memberships: [],
      };
    }
    const [user, memberships] = await Promise.all([
      manager.findOne(UserEntity, { where: { id } }),
      manager
        .createQueryBuilder(MembershipEntity, 'm')
        .innerJoin(WorkspaceEntity, 'w', 'w.id = m.workspace_id')
        .select(['m.workspace_id AS "workspaceId"', 'w.name AS name', 'm.role AS role', 'm.apps AS apps'])
        .where('m.user_id = :id', { id })
        .orderBy('m.created_at')
        .addOrderBy('m.workspace_id')
        .getRawMany<UserWorkspace & { apps: string[] }>(),
    ]);
    const current = memberships.find((m) => m.workspaceId === ctx.workspaceId);
    if (!user || !workspace || !current) throw unauthorized();
    return {
      id,
      userType: 'User',
      username: user.username,
      email: user.email,
      displayName: displayNameOf(user),
      workspace: { id: workspace.id, name: workspace.name },
      role: current.role,
      apps: current.apps,
      memberships: memberships.map(({ workspaceId, name, role }) => ({ workspaceId, name, role })),
    };
  }
}
