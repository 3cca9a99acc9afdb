import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse } from '../../platform/http/resource';
import { type ApiKeyRole, apiKeyRoles } from './api-key.entity';

export const apiKeyStatuses = ['Active', 'Expired', 'Revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

export class CreateApiKeyRequest extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255, description: 'What the key is for (e.g. the integration that holds it)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @ApiProperty({
    enum: apiKeyRoles,
    description:
      'What the key may do, as a member of this role: `Viewer` reads only (a read-only key), `Member` also writes business data, `Admin` also manages users, client logins and settings. Never `Owner`.',
  })
  @IsIn(apiKeyRoles)
  role: ApiKeyRole;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    required: false,
    description: 'When the key stops working (in the future); null or omitted: it works until revoked',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}

export class ApiKeyResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ enum: apiKeyRoles }) role: ApiKeyRole;
  @ApiProperty({
    enum: apiKeyStatuses,
    description: '`Active` works; `Expired` is past `expiresAt`; `Revoked` was revoked (both are refused)',
  })
  status: ApiKeyStatus;
  @ApiProperty({
    example: 'trade_live_3f2a9c10…',
    description: 'The start of the key (not secret), to tell keys apart; the key itself is shown only once',
  })
  hint: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) expiresAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) revokedAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'The last request made with the key, to within a minute (null: never used)',
  })
  lastUsedAt: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The user who created it' })
  createdBy: string | null;
}

export class CreatedApiKeyResponse extends ApiKeyResponse {
  @ApiProperty({
    example: `trade_live_${'0'.repeat(128)}`,
    pattern: '^trade_live_[0-9a-f]{128}$',
    description:
      'The key: shown in this answer only, never again (only its hash is stored). Send it as `X-Api-Key: <key>` or `Authorization: Bearer <key>`.',
  })
  key: string;
}

export class ApiKeyPage extends PageOf(ApiKeyResponse) {}

export class ApiKeyListQuery extends ListQuery(['CreatedAt', 'Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], enum: apiKeyStatuses, description: 'Only keys in these states' })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(apiKeyStatuses, { each: true })
  statuses?: ApiKeyStatus[];
}
