import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotACreate } from '../../platform/http/idempotent.decorator';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  ApiKeyListQuery,
  ApiKeyPage,
  ApiKeyResponse,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
} from './api-key.dto';
import { ApiKeysService } from './api-keys.service';

@ApiTags('API keys')
@ApiBearerAuth()
@Controller('core-api/api-keys')
export class ApiKeysCoreController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Get()
  @Roles('Admin')
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: 'List API keys',
    description:
      'The API keys of the workspace, revoked and expired ones included (Admins). Never the key or its hash: `hint` tells keys apart.',
  })
  @ApiOkResponse({ description: 'A page of API keys: `data` and `total`', type: ApiKeyPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ApiKeyListQuery): Promise<Page<ApiKeyResponse>> {
    return this.apiKeys.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  // Its answer carries the key's secret: never stored or replayed under an Idempotency-Key.
  @NotACreate()
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description:
      'Creates an API key of the workspace (Admins; users only, not API keys): a service user with a role (`Viewer`: read only; `Member`: business data; `Admin`: also settings) and an optional expiry. The answer holds the key (`key`) once; it is never shown again. Send it as `X-Api-Key: <key>` or `Authorization: Bearer <key>`; it works on this workspace only, and its requests are recorded in activities as actor `{ type: ApiKey, id: <key id> }`.',
  })
  @ApiOkResponse({
    description: 'The created key, with the key itself (shown only here)',
    type: CreatedApiKeyResponse,
  })
  @ApiProblems(400, 401, 403)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateApiKeyRequest): Promise<CreatedApiKeyResponse> {
    return this.apiKeys.create(ctx, body);
  }

  @Get(':id')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'getApiKey',
    summary: 'Get an API key',
    description: 'One API key of the workspace (Admins), without the key.',
  })
  @ApiOkResponse({ description: 'The API key', type: ApiKeyResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ApiKeyResponse> {
    return this.apiKeys.get(ctx, id);
  }

  @Delete(':id')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description:
      'Revokes the key (Admins; users only): every instance refuses it (401) from the next request on. The key stays listed with `status: Revoked`; revoking it again changes nothing.',
  })
  @ApiOkResponse({ description: 'Revoked; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async revoke(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.apiKeys.revoke(ctx, id);
  }
}
