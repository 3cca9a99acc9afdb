import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { userTypes, type UserType } from '../../platform/tenancy/request-context';

export class LoginRequest {
  @ApiProperty({ description: 'Username or email, case-insensitive', maxLength: 255 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  username: string;

  @ApiProperty({ maxLength: 1024, format: 'password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Required for client logins; users default to their first workspace',
  })
  @IsOptional()
  @IsUUID('loose')
  workspaceId?: string;
}

export class RefreshRequest {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(512) refreshToken: string;
}

export class SwitchWorkspaceRequest {
  @ApiProperty({ format: 'uuid' }) @IsUUID('loose') workspaceId: string;
}

export class TokenResponse {
  @ApiProperty({ description: 'JWT to send as `Authorization: Bearer <accessToken>`' }) accessToken: string;
  @ApiProperty({ enum: ['Bearer'] }) tokenType: 'Bearer';
  @ApiProperty({ type: 'integer', description: 'Seconds until the access token expires' }) expiresIn: number;
  @ApiProperty({ description: 'Single use: a refresh returns a new one; reuse revokes the family' })
  refreshToken: string;
  @ApiProperty({ format: 'uuid', description: 'The user or client login id' }) userId: string;
  @ApiProperty({ enum: userTypes }) userType: UserType;
  @ApiProperty({ format: 'uuid' }) workspaceId: string;
}
