import type { Queryable, WorkspaceSql } from '../database/db';

/** How long an answer is kept and replayed. */
export const retentionHours = 24;

/** Whose key it is, within the workspace of `on`: the caller, the operation and the key itself. */
export interface IdempotencyScope {
  callerType: string;
  callerId: string;
  method: string;
  route: string;
  key: string;
}

/** The answer stored for a key, as a replay needs it. */
export interface StoredAnswer {
  requestHash: string;
  responseBody: unknown;
  responseEtag: string | null;
}

const scopeSql =
  'workspace_id = $1 AND caller_type = $2 AND caller_id = $3 AND method = $4 AND route = $5 AND key = $6';
const scopeParams = (on: WorkspaceSql, s: IdempotencyScope) => [
  on.workspaceId,
  s.callerType,
  s.callerId,
  s.method,
  s.route,
  s.key,
];

/** The unexpired answer stored for the key, if any. */
export async function findAnswer(on: WorkspaceSql, scope: IdempotencyScope): Promise<StoredAnswer | null> {
  const rows = await on.query<StoredAnswer>(
    `SELECT request_hash AS "requestHash", response_body AS "responseBody", response_etag AS "responseEtag"
       FROM idempotency_keys
      WHERE ${scopeSql} AND created_at > now() - interval '${retentionHours} hours'`,
    scopeParams(on, scope),
  );
  return rows[0] ?? null;
}

/**
 * Claims the key (after dropping its expired row): true when this request inserted it, false when
 * a row is there already. A concurrent claim of the same key waits on the primary key until the
 * claiming transaction ends.
 */
export async function claimKey(
  on: WorkspaceSql,
  scope: IdempotencyScope,
  requestHash: string,
  status: number,
): Promise<boolean> {
  const params = scopeParams(on, scope);
  await on.query(
    `DELETE FROM idempotency_keys WHERE ${scopeSql} AND created_at <= now() - interval '${retentionHours} hours'`,
    params,
  );
  const inserted = await on.query(
    `INSERT INTO idempotency_keys
       (workspace_id, caller_type, caller_id, method, route, key, request_hash, response_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING RETURNING key`,
    [...params, requestHash, status],
  );
  return inserted.length > 0;
}

/** Drops the key's row (an answer that must not be kept). */
export async function forgetKey(on: WorkspaceSql, scope: IdempotencyScope): Promise<void> {
  await on.query(`DELETE FROM idempotency_keys WHERE ${scopeSql}`, scopeParams(on, scope));
}

/** Writes the answer (JSON text) and its ETag into the key's row. */
export async function writeAnswer(
  on: WorkspaceSql,
  scope: IdempotencyScope,
  json: string,
  etag: string | null,
): Promise<void> {
  await on.query(
    `UPDATE idempotency_keys SET response_body = $7::jsonb, response_etag = $8 WHERE ${scopeSql}`,
    [...scopeParams(on, scope), json, etag],
  );
}

/** Stores the key with its answer at once (a create that ran no transaction); a row there wins. */
export async function insertAnswer(
  on: WorkspaceSql,
  scope: IdempotencyScope,
  requestHash: string,
  status: number,
  json: string,
  etag: string | null,
): Promise<void> {
  await on.query(
    `INSERT INTO idempotency_keys
       (workspace_id, caller_type, caller_id, method, route, key, request_hash, response_status,
        response_body, response_etag)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
     ON CONFLICT DO NOTHING`,
    [...scopeParams(on, scope), requestHash, status, json, etag],
  );
}

/** Deletes the expired keys of every workspace and caller (indexed by created_at). */
export async function purgeExpiredKeys(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE created_at <= now() - interval '${retentionHours} hours'`,
  );
}
