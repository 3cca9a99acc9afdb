import type { Queryable } from '../../platform/database/db';

/** Expired windows deleted per clean-up, so one clean-up stays short. */
const CLEANUP_BATCH = 5000;

/** One key's count in its window after an attempt, and the time left in that window. */
export interface AttemptCount {
  key: string;
  points: number;
  ms_left: number;
}

/**
 * Counts one attempt in each key's window, in one statement, and answers each count with the time
 * left in its window. A window opens at the first attempt and lasts `windowSeconds`; an attempt
 * after it closes opens a new one. Keys are taken in order, so concurrent counts never deadlock.
 * Time is the database's, the same for every instance.
 */
export async function countAttempts(
  db: Queryable,
  keys: string[],
  windowSeconds: number,
): Promise<AttemptCount[]> {
  return (await db.query(
    `INSERT INTO login_attempts AS a (key, points, expires_at)
     SELECT k, 1, now() + make_interval(secs => $2) FROM unnest($1::varchar[]) AS k ORDER BY k
     ON CONFLICT (key) DO UPDATE SET
       points = CASE WHEN a.expires_at <= now() THEN 1 ELSE a.points + 1 END,
       expires_at = CASE WHEN a.expires_at <= now() THEN EXCLUDED.expires_at ELSE a.expires_at END
     RETURNING key, points, ceil(extract(epoch FROM a.expires_at - now()) * 1000)::float8 AS ms_left`,
    [keys, windowSeconds],
  )) as AttemptCount[];
}

/** Deletes a bounded batch of expired windows (rows another clean-up holds are skipped). */
export async function deleteExpiredAttempts(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM login_attempts WHERE key IN (
       SELECT key FROM login_attempts WHERE expires_at < now() LIMIT ${CLEANUP_BATCH} FOR UPDATE SKIP LOCKED)`,
  );
}
