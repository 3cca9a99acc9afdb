import type { Queryable } from '../database/queryable';

/** Old windows deleted per clean-up, so one clean-up stays short. */
const CLEANUP_BATCH = 5000;

/** One key's share of a flush: what this instance counted since its last flush. */
export interface CountDelta {
  key: string;
  windowStart: number;
  count: number;
}

/** A key's count in its window after the flush: every instance's requests together. */
export interface SharedCount {
  key: string;
  window_start: string;
  count: number;
}

/**
 * Adds each key's local count to its shared count, in one statement, and answers the sums. Keys
 * are taken in order, so instances flushing the same keys at once never deadlock.
 */
export async function addCounts(db: Queryable, deltas: readonly CountDelta[]): Promise<SharedCount[]> {
  return (await db.query(
    `INSERT INTO rate_limit_counts AS c (key, window_start, count)
     SELECT k, w, n FROM unnest($1::varchar[], $2::bigint[], $3::int[]) AS d(k, w, n) ORDER BY k, w
     ON CONFLICT (key, window_start) DO UPDATE SET count = c.count + EXCLUDED.count
     RETURNING key, window_start::text AS window_start, count`,
    [deltas.map((d) => d.key), deltas.map((d) => d.windowStart), deltas.map((d) => d.count)],
  )) as SharedCount[];
}

/** Deletes a bounded batch of windows that started before `before` (ms since the epoch). */
export async function deleteOldCounts(db: Queryable, before: number): Promise<void> {
  await db.query(
    `DELETE FROM rate_limit_counts WHERE (key, window_start) IN (
       SELECT key, window_start FROM rate_limit_counts WHERE window_start < $1
        LIMIT ${CLEANUP_BATCH} FOR UPDATE SKIP LOCKED)`,
    [before],
  );
}
