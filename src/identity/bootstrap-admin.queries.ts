import type { Queryable } from '../platform/database/db';

/** Serialises, until the transaction ends, the bootstraps of instances starting at once on one database. */
export async function lockBootstrap(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(7305001)');
}
