import type { Queryable } from '../platform/database/db';

/** The cheapest statement the database must answer: throws when it does not. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
