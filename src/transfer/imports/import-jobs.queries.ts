import type { Queryable, WorkspaceSql } from '../../platform/database/db';
import type {
  ImportErrorEntry,
  ImportFormat,
  ImportKind,
  ImportMode,
  ImportPlanEntry,
  ImportPreset,
} from './import-job.entity';

/** A job as a worker claimed it. */
export interface ClaimedImportJob {
  id: string;
  workspace_id: string;
  kind: ImportKind;
  mode: ImportMode;
  format: ImportFormat;
  file_key: string | null;
  /** The uploaded file's size in bytes (bigint as text). */
  file_size: string;
  mapping: Record<string, string | null> | null;
  create_missing_categories: boolean;
  preset: ImportPreset | null;
  created_by_id: string | null;
  request_id: string | null;
  rows_total: number | null;
  checkpoint: number;
  error_count: number;
  plan_count: number;
  claim_token: string;
  attempts: number;
}

/**
 * Claims the oldest queued job, or a running one whose lease has ended (its worker died), in one
 * statement (`FOR UPDATE SKIP LOCKED`: two workers never claim one job): a new claim token, a
 * lease of `leaseMs`, one more attempt. Jobs of any workspace (ix_import_jobs_due).
 */
export async function claimImportJob(db: Queryable, leaseMs: number): Promise<ClaimedImportJob | null> {
  const rows = (await db.query(
    `WITH claimed AS (
     UPDATE import_jobs j
        SET status = 'Running', claim_token = gen_random_uuid(), attempts = j.attempts + 1,
            lease_until = now() + make_interval(secs => $1::double precision / 1000),
            started_at = coalesce(j.started_at, now()), modified_at = now(), version = j.version + 1
      WHERE (j.id, j.workspace_id) = (
            SELECT q.id, q.workspace_id FROM import_jobs q
             WHERE q.status = 'Queued' OR (q.status = 'Running' AND q.lease_until < now())
             ORDER BY q.created_at
             LIMIT 1
               FOR UPDATE SKIP LOCKED)
      RETURNING j.id, j.workspace_id, j.kind, j.mode, j.format, j.file_key, j.file_size, j.mapping, j.create_missing_categories, j.preset,
                j.created_by_id, j.request_id, j.rows_total, j.checkpoint, j.error_count,
                jsonb_array_length(j.plan) AS plan_count, j.claim_token, j.attempts)
     SELECT * FROM claimed`,
    [leaseMs],
  )) as ClaimedImportJob[];
  return rows[0] ?? null;
}

/** Serialises the creates of a workspace's jobs (the per-workspace limit is counted under it). */
export async function lockImportQueue(on: WorkspaceSql): Promise<void> {
  await on.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`import_jobs:${on.workspaceId}`]);
}

/** The workspace's jobs that are queued or running. */
export async function activeImportJobs(on: WorkspaceSql): Promise<number> {
  const rows = await on.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM import_jobs WHERE workspace_id = $1 AND status IN ('Queued', 'Running')`,
    [on.workspaceId],
  );
  return rows[0].n;
}

/**
 * Locks the job for a batch's transaction: true while it is still Running under this claim (a
 * cancel, or another worker that took over after the lease ended, makes it false: stop).
 */
export async function holdImportJob(on: WorkspaceSql, id: string, token: string): Promise<boolean> {
  const rows = await on.query(
    `SELECT 1 FROM import_jobs WHERE workspace_id = $1 AND id = $2 AND claim_token = $3 AND status = 'Running' FOR UPDATE`,
    [on.workspaceId, id, token],
  );
  return rows.length > 0;
}

/** What one batch adds to its job. */
export interface BatchProgress {
  checkpoint: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: ImportErrorEntry[];
  errorCount: number;
  plan: ImportPlanEntry[];
  leaseMs: number;
}

/** Commits a batch's progress with the job (in the batch's transaction) and renews the lease. */
export async function recordBatch(
  on: WorkspaceSql,
  id: string,
  token: string,
  p: BatchProgress,
): Promise<void> {
  await on.query(
    `UPDATE import_jobs
        SET checkpoint = $4, rows_processed = $4, created = created + $5, updated = updated + $6,
            unchanged = unchanged + $7, failed = failed + $8, errors = errors || $9::jsonb,
            error_count = error_count + $10, plan = plan || $11::jsonb,
            lease_until = now() + make_interval(secs => $12::double precision / 1000), modified_at = now(),
            version = version + 1
      WHERE workspace_id = $1 AND id = $2 AND claim_token = $3`,
    [
      on.workspaceId,
      id,
      token,
      p.checkpoint,
      p.created,
      p.updated,
      p.unchanged,
      p.failed,
      JSON.stringify(p.errors),
      p.errorCount,
      JSON.stringify(p.plan),
      p.leaseMs,
    ],
  );
}

/** Records what the worker learnt when it opened the file (how it was read, how many rows). */
export async function recordOpened(
  on: WorkspaceSql,
  id: string,
  token: string,
  detected: string,
  rowsTotal: number | null,
): Promise<void> {
  await on.query(
    `UPDATE import_jobs SET detected_format = $4, rows_total = coalesce($5, rows_total), modified_at = now(), version = version + 1
      WHERE workspace_id = $1 AND id = $2 AND claim_token = $3 AND status = 'Running'`,
    [on.workspaceId, id, token, detected, rowsTotal],
  );
}

/**
 * Ends a job it still runs: Succeeded, or Failed with why; the lease and the file go (the caller
 * deletes the stored file after). Returns the file's key when the job was ended by this call.
 */
export async function finishImportJob(
  on: WorkspaceSql,
  id: string,
  token: string,
  outcome: { status: 'Succeeded' | 'Failed'; failure: string | null },
): Promise<{ file_key: string | null } | null> {
  const rows = await on.query<{ file_key: string | null }>(
    `WITH ended AS (
     UPDATE import_jobs j
        SET status = $4, failure = $5, finished_at = now(), claim_token = NULL, lease_until = NULL,
            file_key = NULL, file_url = NULL, modified_at = now(), version = j.version + 1
       FROM (SELECT file_key FROM import_jobs WHERE workspace_id = $1 AND id = $2 FOR UPDATE) old
      WHERE j.workspace_id = $1 AND j.id = $2 AND j.claim_token = $3 AND j.status = 'Running'
      RETURNING old.file_key)
     SELECT file_key FROM ended`,
    [on.workspaceId, id, token, outcome.status, outcome.failure],
  );
  return rows[0] ?? null;
}

/** Cancels a queued or running job: a running one stops before its next batch. Returns its file key, or null when it had ended. */
export async function cancelImportJob(
  on: WorkspaceSql,
  id: string,
): Promise<{ file_key: string | null } | null> {
  const rows = await on.query<{ file_key: string | null }>(
    `WITH canceled AS (
     UPDATE import_jobs j
        SET status = 'Canceled', finished_at = now(), claim_token = NULL, lease_until = NULL,
            file_key = NULL, file_url = NULL, modified_at = now(), version = j.version + 1
       FROM (SELECT file_key FROM import_jobs WHERE workspace_id = $1 AND id = $2 FOR UPDATE) old
      WHERE j.workspace_id = $1 AND j.id = $2 AND j.status IN ('Queued', 'Running')
      RETURNING old.file_key)
     SELECT file_key FROM canceled`,
    [on.workspaceId, id],
  );
  return rows[0] ?? null;
}

/** Renews the lease of a job this worker still runs (while it reads the file without committing batches). */
export async function renewImportLease(
  on: WorkspaceSql,
  id: string,
  token: string,
  leaseMs: number,
): Promise<void> {
  await on.query(
    `UPDATE import_jobs SET lease_until = now() + make_interval(secs => $4::double precision / 1000)
      WHERE workspace_id = $1 AND id = $2 AND claim_token = $3 AND status = 'Running'`,
    [on.workspaceId, id, token, leaseMs],
  );
}

/**
 * Fresh planner statistics for `tables` (an import's kind names them: no user input). ANALYZE also
 * makes every connection plan its kept statements on these tables again.
 */
export async function analyzeTables(db: Queryable, tables: readonly string[]): Promise<void> {
  await db.query(`ANALYZE ${tables.map((t) => `"${t}"`).join(', ')}`);
}

/**
 * Takes a dry run that lost its worker back to its first row (it wrote nothing): no checkpoint,
 * counts, errors or plan, so the next pass reports every row once.
 */
export async function restartImportJob(on: WorkspaceSql, id: string, token: string): Promise<void> {
  await on.query(
    `UPDATE import_jobs
        SET checkpoint = 0, rows_processed = 0, created = 0, updated = 0, unchanged = 0, failed = 0,
            errors = '[]'::jsonb, error_count = 0, plan = '[]'::jsonb, modified_at = now(), version = version + 1
      WHERE workspace_id = $1 AND id = $2 AND claim_token = $3`,
    [on.workspaceId, id, token],
  );
}
