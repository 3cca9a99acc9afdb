import type { WorkspaceSql } from '../database/db';

/**
 * Takes the workspace's upload lock until the transaction ends: one reservation at a time, so
 * concurrent uploads cannot overrun the quota together.
 */
export async function lockUploadQuota(on: WorkspaceSql): Promise<void> {
  await on.query('SELECT pg_advisory_xact_lock(7305002, hashtext($1))', [on.workspaceId]);
}

/** The bytes the workspace's stored files take (a bigint, as text). */
export async function usedBytes(on: WorkspaceSql): Promise<string> {
  const [{ used }] = await on.query<{ used: string }>(
    'SELECT coalesce(sum(bytes), 0)::bigint AS used FROM stored_files WHERE workspace_id = $1',
    [on.workspaceId],
  );
  return used;
}

/** Records one stored file of the workspace. */
export async function insertStoredFile(
  on: WorkspaceSql,
  key: string,
  url: string,
  bytes: number,
): Promise<void> {
  await on.query('INSERT INTO stored_files (key, workspace_id, url, bytes) VALUES ($1, $2, $3, $4)', [
    key,
    on.workspaceId,
    url,
    bytes,
  ]);
}

/** The workspace's stored files named by key or URL. */
export function storedFilesNamed(
  on: WorkspaceSql,
  urlsOrKeys: string[],
): Promise<Array<{ key: string; url: string }>> {
  return on.query<{ key: string; url: string }>(
    'SELECT key, url FROM stored_files WHERE workspace_id = $1 AND (key = ANY($2) OR url = ANY($2))',
    [on.workspaceId, urlsOrKeys],
  );
}

/** Whether `key` is a stored file of the workspace. */
export async function isStoredFile(on: WorkspaceSql, key: string): Promise<boolean> {
  const rows = await on.query('SELECT 1 AS found FROM stored_files WHERE workspace_id = $1 AND key = $2', [
    on.workspaceId,
    key,
  ]);
  return rows.length > 0;
}

/** Keys of every stored file of the workspace. */
export async function storedFileKeys(on: WorkspaceSql): Promise<string[]> {
  const rows = await on.query<{ key: string }>('SELECT key FROM stored_files WHERE workspace_id = $1', [
    on.workspaceId,
  ]);
  return rows.map((r) => r.key);
}

/** Drops the rows of the workspace's files `keys`. */
export async function deleteStoredFiles(on: WorkspaceSql, keys: string[]): Promise<void> {
  await on.query('DELETE FROM stored_files WHERE workspace_id = $1 AND key = ANY($2)', [
    on.workspaceId,
    keys,
  ]);
}

/** A column that may name a file (a registered `FileReference`: identifiers checked). */
interface ReferencingColumn {
  table: string;
  column: string;
  array?: boolean;
  workspaceColumn?: string;
}

/**
 * Whether any of `references` (registered, identifier-checked columns) of the workspace names
 * `url`: one statement, an EXISTS per column.
 */
export async function isFileReferenced(
  on: WorkspaceSql,
  references: readonly ReferencingColumn[],
  url: string,
): Promise<boolean> {
  if (!references.length) return false;
  const checks = references.map(
    (r) =>
      `EXISTS (SELECT 1 FROM "${r.table}" WHERE "${r.workspaceColumn ?? 'workspace_id'}" = $1 AND ` +
      (r.array ? `$2 = ANY("${r.column}")` : `"${r.column}" = $2`) +
      ')',
  );
  const [row] = await on.query<{ used: boolean }>(`SELECT ${checks.join(' OR ')} AS used`, [
    on.workspaceId,
    url,
  ]);
  return row.used;
}
