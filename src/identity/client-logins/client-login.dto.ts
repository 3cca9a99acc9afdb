import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse } from '../../platform/http/resource';
import { usernameMessage, usernamePattern } from '../users/user.dto';
import { PasswordProperty } from '../auth/password.property';

export class ClientLoginStatusBody {
  @ApiPropertyOptional({ default: true, description: 'An inactive client login cannot log in' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class ClientLoginStatus {
  @ApiProperty() active: boolean;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastLoginAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'When the shopper proved to own the email (Admin-created logins: at creation). Null: self-registered and not verified yet; such a login cannot log in.',
  })
  emailVerifiedAt: string | null;
}

class ClientLoginFields extends ExternalReferenceBody {
  @ApiProperty({ format: 'email', maxLength: 255 }) @IsEmail() @MaxLength(255) email: string;
  @ApiProperty({
    maxLength: 255,
    pattern: usernamePattern.source,
    description: 'Letters, digits and . _ + - only (no @: a login name with @ is an email)',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(usernamePattern, { message: usernameMessage })
  username: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayName?: string | null;
  @ApiPropertyOptional({ type: ClientLoginStatusBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClientLoginStatusBody)
  status?: ClientLoginStatusBody;
}

export class CreateClientLoginRequest extends ClientLoginFields {
  @PasswordProperty()
  password: string;
}

export class UpdateClientLoginRequest extends ClientLoginFields {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID('loose') id?: string;
  @PasswordProperty({ optional: true })
  password?: string;
}

export class ClientLoginResponse extends ScopedResponse {
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: 'string', nullable: true }) displayName: string | null;
  @ApiProperty({ type: ClientLoginStatus }) status: ClientLoginStatus;
}
export class ClientLoginPage extends PageOf(ClientLoginResponse) {}

export class ClientLoginListQuery extends ListQuery(['Email'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}

export class EmailAvailabilityQuery {
  @ApiProperty({ format: 'email' }) @IsEmail() @MaxLength(255) email: string;
}
export class UsernameAvailabilityQuery {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) username: string;
}
export class AvailabilityResponse {
  @ApiProperty() available: boolean;
}
