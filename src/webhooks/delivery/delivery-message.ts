import type { ClaimedDelivery } from './deliveries.queries';
import type { Outgoing } from './sender';
import { sign } from './signature';

/**
 * The body of a delivery: the activity as GET /core-api/activities answers it, with its type and
 * time; `data` also carries the delivery's `secret_data` (a shopper account's token) while it has one.
 */
export function bodyOf(d: ClaimedDelivery): string {
  const timestamp = new Date(d.timestamp).toISOString();
  return JSON.stringify({
    type: d.type,
    timestamp,
    data: {
      id: d.activity_id,
      workspace: d.workspace_id,
      entityId: d.entity_id,
      entityType: d.entity_type,
      type: d.type,
      timestamp,
      actor: { id: d.actor_id, type: d.actor_type },
      data: d.secret_data ? { ...(d.data as object), ...d.secret_data } : d.data,
    },
  });
}

/** The request that delivers `body`, signed with the webhook's secret at the current second. */
export function signedRequest(d: ClaimedDelivery, body: string): Outgoing {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    url: d.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'trade-crm-webhooks',
      'webhook-id': d.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(d.secret, d.id, timestamp, body),
    },
    body,
  };
}
