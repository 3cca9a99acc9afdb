import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
} from 'class-validator';
import { roles, userTypes, type Role, type UserType } from '../../platform/tenancy/request-context';
import { ArrayFilter, ListQuery, PageOf, StringsFilter } from '../../platform/http/list-query';
import { appNames } from '../apps/app-catalogue';
import { PasswordProperty } from '../auth/password.property';

/** No `@`: a username never looks like an email, so a login name with `@` can only be an email. */
export const usernamePattern = /^[A-Za-z0-9._+-]+$/;
export const usernameMessage = 'username may contain letters, digits and . _ + - only (no @)';

class UserFields {
  @ApiProperty({ maxLength: 255, pattern: usernamePattern.source })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(usernamePattern, { message: usernameMessage })
  username: string;

  @ApiProperty({ format: 'email', maxLength: 255 }) @IsEmail() @MaxLength(255) email: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  firstname?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  lastname?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'Defaults to "firstname lastname", else the username',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayName?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 1024, format: 'uri' })
  @IsOptional()
  @IsUrl({ require_tld: false })
  @MaxLength(1024)
  picture?: string | null;
  @ApiPropertyOptional({
    type: [String],
    enum: appNames,
    description:
      'Apps the user may open in the current workspace (GET /core-api/apps): part of the membership, set by its Admins and Owners',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsIn(appNames, { each: true })
  apps?: string[];
  @ApiPropertyOptional({
    enum: roles,
    default: 'Member',
    description: 'Role in the current workspace (Admin or Owner may set it)',
  })
  @IsOptional()
  @IsIn(roles)
  role?: Role;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  externalReference?: string | null;
}

export class CreateUserRequest extends UserFields {
  @PasswordProperty()
  password: string;
}

export class UpdateUserRequest extends UserFields {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsString() id?: string;
  @PasswordProperty({ optional: true })
  password?: string;

  @ApiPropertyOptional({
    maxLength: 1024,
    format: 'password',
    description:
      'The caller’s current password. Required when the body changes credentials (sets `password`, ' +
      'or a different `username` or `email`); only the user themself can change them.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  currentPassword?: string;
}

export class UserWorkspace {
  @ApiProperty({ format: 'uuid' }) workspaceId: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: roles, nullable: true, type: 'string', description: 'null for a client login' })
  role: Role | null;
}

export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) modifiedAt: string;
  @ApiProperty({ enum: userTypes }) userType: UserType;
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: 'string', nullable: true }) firstname: string | null;
  @ApiProperty({ type: 'string', nullable: true }) lastname: string | null;
  @ApiProperty() displayName: string;
  @ApiProperty({ type: [UserWorkspace] }) @Type(() => UserWorkspace) workspaces: UserWorkspace[];
  @ApiProperty({
    type: [String],
    description: 'Apps the user may open in the current workspace (its membership)',
  })
  apps: string[];
  @ApiProperty({ type: 'string', nullable: true }) externalReference: string | null;
  @ApiProperty({ type: 'string', nullable: true }) picture: string | null;
  @ApiProperty({
    enum: roles,
    nullable: true,
    type: 'string',
    description: 'Role in the current workspace (null for clients)',
  })
  role: Role | null;
}
export class UserPage extends PageOf(UserResponse) {}

export class UserListQuery extends ListQuery(['DisplayName'] as const) {
  @StringsFilter('Repeat the key or separate with commas')
  external_references?: string[];

  @ApiPropertyOptional({ type: [String], enum: userTypes })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(userTypes, { each: true })
  user_types?: UserType[];
}
