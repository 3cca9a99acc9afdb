import { ApiKeyEntity } from './api-keys/api-key.entity';
import { AuthSessionEntity } from './auth/auth-session.entity';
import { LoginAttemptEntity } from './auth/login-attempt.entity';
import { ClientLoginEntity } from './client-logins/client-login.entity';
import { ClientLoginTokenEntity } from './shopper-accounts/client-login-token.entity';
import { UserEntity } from './users/user.entity';
import { WorkspaceUserView } from './users/workspace-user.view';
import { MembershipEntity } from './workspaces/membership.entity';
import { WorkspaceEntity } from './workspaces/workspace.entity';

export const identityEntities = [
  WorkspaceEntity,
  UserEntity,
  MembershipEntity,
  ClientLoginEntity,
  AuthSessionEntity,
  LoginAttemptEntity,
  ClientLoginTokenEntity,
  WorkspaceUserView,
  ApiKeyEntity,
];
