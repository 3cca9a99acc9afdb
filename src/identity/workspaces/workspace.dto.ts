import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { availableCurrencyCodes, availableLanguageCodes } from '../../i18n/i18n.api';
import { roles, type Role } from '../../platform/tenancy/request-context';
import { type ShopperRegistration, shopperRegistrations } from './shopper-registration';
import { PageOf } from '../../platform/http/list-query';

export class WorkspaceRequest {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
  @ApiPropertyOptional({
    default: 'EUR',
    pattern: '^[A-Z]{3}$',
    description: 'ISO 4217 code; a new workspace starts with it as its default currency',
  })
  @IsOptional()
  @IsIn(availableCurrencyCodes, { message: 'defaultCurrency must be an ISO 4217 code such as EUR' })
  defaultCurrency?: string;
  @ApiPropertyOptional({
    example: 'en',
    maxLength: 10,
    description:
      'ISO 639-1 code of the default content language (the storefront’s fallback). A new workspace starts ' +
      'supporting it (default `en`); on update it must be one of the supported languages (else 400) and, ' +
      'omitted or null, stays as it is.',
  })
  @IsOptional()
  @IsString()
  @IsIn(availableLanguageCodes, { message: 'defaultLanguage must be an ISO 639-1 language code such as en' })
  defaultLanguage?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  externalReference?: string | null;

  @ApiPropertyOptional({
    enum: shopperRegistrations,
    default: 'Off',
    description:
      'Who may register a shopper account in the storefront: nobody (`Off`), invited emails (`InviteOnly`), anyone with email verification (`Open`)',
  })
  @IsOptional()
  @IsIn(shopperRegistrations)
  shopperRegistration?: ShopperRegistration;
}

export class WorkspaceResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', nullable: true }) imageUrl: string | null;
  @ApiProperty() defaultCurrency: string;
  @ApiProperty({ example: 'en', description: 'The default content language, one of the supported languages' })
  defaultLanguage: string;
  @ApiProperty({ type: 'string', nullable: true }) externalReference: string | null;
  @ApiProperty({ enum: roles, description: 'The caller’s role in it' }) role: Role;

  @ApiProperty({ enum: shopperRegistrations }) shopperRegistration: ShopperRegistration;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) modifiedAt: string;
}
export class WorkspacePage extends PageOf(WorkspaceResponse) {}
