import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PasswordProperty } from '../auth/password.property';
import { usernameMessage, usernamePattern } from '../users/user.dto';

const WorkspaceIdProperty = () => ApiProperty({ format: 'uuid', description: 'The shop’s workspace' });
const TokenProperty = (description: string) => ApiProperty({ maxLength: 255, description });

export class RegisterShopperRequest {
  @WorkspaceIdProperty() @IsUUID('loose') workspaceId: string;
  @ApiProperty({ format: 'email', maxLength: 255 }) @IsEmail() @MaxLength(255) email: string;
  @ApiPropertyOptional({
    maxLength: 255,
    pattern: usernamePattern.source,
    description:
      'Letters, digits and . _ + - only. Omitted: one is made from the email’s local part and a random suffix (the shopper may log in with the email anyway).',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(usernamePattern, { message: usernameMessage })
  username?: string;
  @PasswordProperty() password: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) displayName: string;
  @ApiPropertyOptional({
    maxLength: 255,
    description:
      'Required when the workspace’s `shopperRegistration` is `InviteOnly`: the token of the `ClientLoginInvited` event',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  invitationToken?: string;
}

export class VerifyShopperEmailRequest {
  @WorkspaceIdProperty() @IsUUID('loose') workspaceId: string;
  @TokenProperty('The token of the `ClientLoginEmailVerificationRequested` event')
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  token: string;
}

export class PasswordResetRequest {
  @WorkspaceIdProperty() @IsUUID('loose') workspaceId: string;
  @ApiProperty({ format: 'email', maxLength: 255 }) @IsEmail() @MaxLength(255) email: string;
}

export class PasswordResetConfirmRequest {
  @WorkspaceIdProperty() @IsUUID('loose') workspaceId: string;
  @TokenProperty('The token of the `ClientLoginPasswordResetRequested` event')
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  token: string;
  @PasswordProperty() password: string;
}

/** The answer of a shopper account operation: the same for every address, known or not. */
export class ShopperAccountAnswer {
  @ApiProperty({ description: 'What happens next, for the shopper' }) message: string;
}

export class InviteClientLoginRequest {
  @ApiProperty({ format: 'email', maxLength: 255 }) @IsEmail() @MaxLength(255) email: string;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'For the mail the shop sends',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayName?: string | null;
}

export class ClientLoginInvitationResponse {
  @ApiProperty({
    format: 'uuid',
    description: 'The invitation (the `entityId` of its `ClientLoginInvited` activity)',
  })
  id: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: 'string', nullable: true }) displayName: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the invitation token expires' }) expiresAt: string;
}
