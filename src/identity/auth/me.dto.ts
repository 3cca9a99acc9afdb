import { ApiProperty } from '@nestjs/swagger';
import { roles, userTypes, type Role, type UserType } from '../../platform/tenancy/request-context';

/** Who may ask `me`: a user, a client login, or an API key (a service user of its workspace). */
export const meCallerTypes = [...userTypes, 'ApiKey'] as const;
import { appNames } from '../apps/app-catalogue';
import { UserWorkspace } from '../users/user.dto';

export class MeWorkspace {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

/** Who the caller is (`GET …/auth/me`): never a hash, a token or a secret. */
export class MeResponse {
  @ApiProperty({
    format: 'uuid',
    description: 'The user or client login id (the `userId` of the token pair), or the API key’s id',
  })
  id: string;
  @ApiProperty({ enum: meCallerTypes }) userType: UserType | 'ApiKey';
  @ApiProperty({ description: 'The username; an API key’s name' }) username: string;
  @ApiProperty({ type: 'string', format: 'email', nullable: true, description: 'Null for an API key' })
  email: string | null;
  @ApiProperty({
    description: 'The display name; else "firstname lastname" (users); else the username; an API key’s name',
  })
  displayName: string;
  @ApiProperty({ type: MeWorkspace, description: 'The workspace the access token is bound to' })
  workspace: MeWorkspace;
  @ApiProperty({
    enum: roles,
    nullable: true,
    type: 'string',
    description: 'The role in the current workspace (an API key’s own role); null for a client login',
  })
  role: Role | null;
  @ApiProperty({
    type: [String],
    enum: appNames,
    description: 'Apps the user may open in the current workspace; empty for a client login',
  })
  apps: string[];
  @ApiProperty({
    type: [UserWorkspace],
    description:
      'Every workspace of a user with its role there (switch with POST /core-api/auth/switch-workspace); a client login belongs to its workspace only (empty)',
  })
  memberships: UserWorkspace[];
}
