import type { DataSource } from 'typeorm';

/** The advisory lock key under which an instance migrates (the bootstrap admin uses 7305001). */
const MIGRATIONS_LOCK = 7305000;

/**
 * Runs the pending migrations once when several instances start together on one database: each
 * takes a transaction-level advisory lock on a connection of its own and holds it while the
 * migrations run on another; the others wait, then find nothing pending. A transaction-level lock
 * (not a session lock) so it works through a pooler in transaction mode too, where the open
 * transaction keeps the one server connection. The embedded database has one session and one
 * process (its data directory is locked): it migrates directly.
 */
export async function runMigrationsOnce(dataSource: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = dataSource.createQueryRunner();
  try {
    await lock.startTransaction();
    await lock.query('SELECT pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
    await lock.commitTransaction();
  } catch (e) {
    if (lock.isTransactionActive) await lock.rollbackTransaction();
    throw e;
  } finally {
    await lock.release();
  }
}
