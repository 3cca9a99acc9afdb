import { ViewColumn, ViewEntity } from 'typeorm';
import type { Role, UserType } from '../../platform/tenancy/request-context';

/**
 * Everyone who can log in to a workspace: its members (userType User) and its client logins
 * (userType Client). Backs the users list, so one paged query serves the `user_types` filter.
 */
@ViewEntity({
  name: 'workspace_users',
  // eslint-disable-next-line no-restricted-syntax -- the view's definition, not a statement run here
  expression: `
    SELECT m.workspace_id, u.id, 'User'::varchar AS user_type, u.username, u.email, u.firstname, u.lastname,
           u.display_name, u.picture, u.external_reference, u.created_at, u.modified_at, u.version, m.role::varchar AS role
      FROM memberships m JOIN users u ON u.id = m.user_id
    UNION ALL
    SELECT c.workspace_id, c.id, 'Client'::varchar, c.username, c.email, NULL, NULL,
           c.display_name, NULL, c.external_reference, c.created_at, c.modified_at, c.version, NULL
      FROM client_logins c`,
})
export class WorkspaceUserView {
  @ViewColumn() workspaceId: string;
  @ViewColumn() id: string;
  @ViewColumn() userType: UserType;
  @ViewColumn() username: string;
  @ViewColumn() email: string;
  @ViewColumn() firstname: string | null;
  @ViewColumn() lastname: string | null;
  @ViewColumn() displayName: string | null;
  @ViewColumn() picture: string | null;
  @ViewColumn() externalReference: string | null;
  @ViewColumn() createdAt: Date;
  @ViewColumn() modifiedAt: Date;
  @ViewColumn() version: number;
  @ViewColumn() role: Role | null;
}
