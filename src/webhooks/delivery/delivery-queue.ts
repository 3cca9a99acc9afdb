import type { DataSource } from 'typeorm';
import type { QueueState } from '../../platform/metrics/background-queues';

/**
 * The delivery queue as `/metrics` reports it, across workspaces (counts only): the pending
 * deliveries of active webhooks — the rows the worker will claim — and the age of the oldest.
 * One statement over the partial index of pending rows (`ix_webhook_deliveries_due`), so its cost
 * follows the backlog, not the delivery log.
 */
export async function measureDeliveryQueue(dataSource: DataSource): Promise<QueueState> {
  const [row]: Array<{ depth: number; age: number | null }> = await dataSource.query(
    `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(d.created_at))::float8 AS age
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active
      WHERE d.status = 'Pending'`,
  );
  return { depth: row.depth, oldestAgeSeconds: Math.max(0, row.age ?? 0) };
}
