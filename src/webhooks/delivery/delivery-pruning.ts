import type { DataSource } from 'typeorm';
import { deleteSettledDeliveries, tryLockPruning } from './deliveries.queries';

/** Settled deliveries deleted per transaction. */
export const pruneBatch = 1000;

/**
 * Deletes settled (Delivered, Failed) deliveries whose last attempt is older than `retentionDays`,
 * with their attempts, `pruneBatch` rows per transaction. Each batch takes a transaction-level
 * advisory lock first: when another instance holds it, that instance is pruning and this one
 * stops; so does a worker that is `stopped()`. Returns how many deliveries it deleted.
 */
export async function pruneSettledDeliveries(
  dataSource: DataSource,
  retentionDays: number,
  stopped: () => boolean,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await dataSource.transaction(async (m) => {
      if (!(await tryLockPruning(m))) return -1;
      return deleteSettledDeliveries(m, retentionDays, pruneBatch);
    });
    if (deleted < 0) break;
    total += deleted;
    if (deleted < pruneBatch || stopped()) break;
  }
  return total;
}
