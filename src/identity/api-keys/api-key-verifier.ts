import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiKeyVerifier } from '../../platform/auth/api-key-authentication';
import type { Principal } from '../../platform/auth/principal';
import { workspaceSqlOn } from '../../platform/database/db';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import { apiKeyPrefix, parseApiKey, secretMatches } from './api-key-secret';
import { type ApiKeyGrant, findApiKeyGrant, touchApiKey } from './api-keys.queries';

/** Notified by the triggers of the ApiKeysAndRateLimits migration, with the workspace id. */
export const API_KEYS_CHANGED = 'api_keys_changed';

/**
 * The keys the guard checked, per workspace and key id (null: no such key), kept exact by `api_keys_changed`: a
 * revocation, a new expiry or a deleted workspace drops the workspace's entries on every instance
 * before the next request is checked (see ChangeListener for how exact).
 */
@Injectable()
export class ApiKeyCache extends ListenedCache<ApiKeyGrant | null> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(API_KEYS_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }
}

/** How long this instance waits before recording the same key's use again. */
const touchEveryMs = 60_000;

/**
 * Checks a presented API key for the guard: well-formed, its row in its workspace, the secret's
 * hash equal (constant time), not revoked, not expired. Its use is recorded (`lastUsedAt`) at most
 * once a minute per key, in the background.
 */
@Injectable()
export class ApiKeyVerification implements ApiKeyVerifier {
  readonly prefix = apiKeyPrefix;
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly cache: ApiKeyCache,
    private readonly dataSource: DataSource,
  ) {}

  async verify(key: string): Promise<Principal | undefined> {
    const parts = parseApiKey(key);
    if (!parts) return undefined;
    const on = workspaceSqlOn(this.dataSource.manager, parts.workspaceId);
    // Keyed by workspace and id: a key's id written with another workspace names no row.
    const grant = await this.cache.through(
      `${parts.workspaceId}:${parts.id}`,
      parts.workspaceId,
      async () => (await findApiKeyGrant(on, parts.id)) ?? null,
    );
    if (!grant || grant.revoked_at || !secretMatches(parts.secret, grant.secret_hash)) return undefined;
    const now = Date.now();
    if (grant.expires_at && new Date(grant.expires_at).getTime() <= now) return undefined;
    this.touch(parts.id, parts.workspaceId, now);
    return {
      workspaceId: parts.workspaceId,
      actor: { id: parts.id, type: 'ApiKey' },
      role: grant.role,
    };
  }

  private touch(id: string, workspaceId: string, now: number): void {
    if ((this.touchedAt.get(id) ?? 0) > now - touchEveryMs) return;
    if (this.touchedAt.size >= 10_000) this.touchedAt.clear();
    this.touchedAt.set(id, now);
    void touchApiKey(workspaceSqlOn(this.dataSource.manager, workspaceId), id).catch(() =>
      this.touchedAt.delete(id),
    );
  }
}
