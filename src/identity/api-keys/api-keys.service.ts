import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Brackets, type SelectQueryBuilder } from 'typeorm';
import { Db } from '../../platform/database/db';
import { listParams, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { forbidden, invalidField } from '../../platform/http/problem';
import { respond, scopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  type ApiKeyListQuery,
  type ApiKeyResponse,
  type ApiKeyStatus,
  type CreateApiKeyRequest,
  type CreatedApiKeyResponse,
} from './api-key.dto';
import { ApiKeyEntity } from './api-key.entity';
import { apiKeyHint, newApiKey } from './api-key-secret';

const statusOf = (e: ApiKeyEntity, now = Date.now()): ApiKeyStatus =>
  e.revokedAt ? 'Revoked' : e.expiresAt && e.expiresAt.getTime() <= now ? 'Expired' : 'Active';

export const toApiKeyResponse = (e: ApiKeyEntity): ApiKeyResponse => ({
  ...scopedFields(e),
  name: e.name,
  role: e.role,
  status: statusOf(e),
  hint: apiKeyHint(e.id),
  expiresAt: e.expiresAt?.toISOString() ?? null,
  revokedAt: e.revokedAt?.toISOString() ?? null,
  lastUsedAt: e.lastUsedAt?.toISOString() ?? null,
  createdBy: e.createdBy,
});

/** What the ApiKey activities record of a key (never the key or its hash). */
const apiKeySnapshot = (r: ApiKeyResponse) => ({
  name: r.name,
  role: r.role,
  expiresAt: r.expiresAt,
  externalReference: r.externalReference,
});

/** The SQL condition of each status, at the database's clock. */
const statusConditions: Record<ApiKeyStatus, string> = {
  Active: 'k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())',
  Expired: 'k.revoked_at IS NULL AND k.expires_at <= now()',
  Revoked: 'k.revoked_at IS NOT NULL',
};

/**
 * API keys of a workspace (docs/security.md, "API keys"): Admins list them; users who are Admins
 * create and revoke them (a key never makes or ends keys, so no key can mint one with powers its
 * own holder lacks). The key is answered once, at creation; only its SHA-256 is stored.
 */
@Injectable()
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  async list(ctx: RequestContext, q: ApiKeyListQuery): Promise<Page<ApiKeyResponse>> {
    const qb = this.db.repo(ctx, ApiKeyEntity, 'API key').qb('k');
    filterByIds(qb, q);
    if (q.statuses?.length) whereStatusIn(qb, q.statuses);
    const page = await paginate(qb, listParams(q), {
      sort: { CreatedAt: 'k.created_at', Name: 'lower(k.name)' },
      search: ['k.name'],
    });
    return { data: page.data.map((e) => toApiKeyResponse(e)), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ApiKeyResponse> {
    return respond(await this.db.repo(ctx, ApiKeyEntity, 'API key').get(id), toApiKeyResponse);
  }

  async create(ctx: RequestContext, body: CreateApiKeyRequest): Promise<CreatedApiKeyResponse> {
    const userId = onlyUsers(ctx);
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw invalidField('expiresAt', 'expiresAt must be in the future');
    const id = randomUUID();
    const { key, hash } = newApiKey(id, ctx.workspaceId);
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(ApiKeyEntity, 'API key').insert({
        id,
        name: body.name,
        role: body.role,
        secretHash: hash,
        expiresAt,
        revokedAt: null,
        lastUsedAt: null,
        createdBy: userId,
        externalReference: body.externalReference ?? null,
      });
      const answer = toApiKeyResponse(saved);
      await tx.activities.created('ApiKey', id, apiKeySnapshot(answer));
      return respond(saved, (e) => ({ ...toApiKeyResponse(e), key }));
    });
  }

  /**
   * Revokes the key: refused from the next request on, on every instance. Revoking a revoked key
   * changes nothing and records nothing.
   */
  async revoke(ctx: RequestContext, id: string): Promise<void> {
    onlyUsers(ctx);
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ApiKeyEntity, 'API key');
      const entity = await repo.getForWrite(id);
      if (entity.revokedAt) return;
      entity.revokedAt = new Date();
      const saved = await repo.save(entity);
      await tx.activities.event('ApiKey', id, 'ApiKeyRevoked', {
        oldValue: apiKeySnapshot(toApiKeyResponse(saved)),
      });
    });
  }
}

/** Keys are made and revoked by people: an API key (even an Admin's) cannot. */
function onlyUsers(ctx: RequestContext): string {
  if (ctx.actor.type !== 'User' || !ctx.actor.id)
    throw forbidden('API keys are created and revoked by users who are Admins, not by API keys.');
  return ctx.actor.id;
}

function whereStatusIn(qb: SelectQueryBuilder<ApiKeyEntity>, statuses: ApiKeyStatus[]): void {
  qb.andWhere(
    new Brackets((or) => {
      for (const status of new Set(statuses)) or.orWhere(`(${statusConditions[status]})`);
    }),
  );
}
