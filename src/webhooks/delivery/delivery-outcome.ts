import type { Logger } from '@nestjs/common';
import type { Queryable } from '../../platform/database/db';
import { type ClaimedDelivery, type FailingWebhook, markFailing, recordAttempts } from './deliveries.queries';
import type { SendResult } from './sender';

/** A 4xx other than these means the receiver refuses this message: retrying would not help. */
const retryable4xx = new Set([408, 425, 429]);

/** The waits between attempts: `schedule[n-1]` after the n-th failed attempt, ±20% jitter. */
export function retryDelayMs(schedule: number[], attempts: number, random = Math.random): number | null {
  if (attempts > schedule.length) return null;
  return Math.round(schedule[attempts - 1] * (0.8 + 0.4 * random()));
}

/** What a round sent: the claimed deliveries, their answers and when each send started. */
export interface SentRound {
  claimed: ClaimedDelivery[];
  results: SendResult[];
  startedAt: Date[];
}

/**
 * Records a round (see `recordAttempts`: one statement), then, for webhooks that only failed in
 * the round, the failure state: the first failure's time is kept. Answers the webhooks that have
 * failed for longer than `disableAfterMs`, to be deactivated.
 */
export async function recordRound(
  db: Queryable,
  logger: Logger,
  { claimed, results, startedAt }: SentRound,
  policy: { schedule: number[]; disableAfterMs: number },
): Promise<FailingWebhook[]> {
  const outcome = claimed.map((d, i) => {
    const r = results[i];
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const refused =
      r.statusCode !== null && r.statusCode >= 400 && r.statusCode < 500 && !retryable4xx.has(r.statusCode);
    const delay = ok || refused ? null : retryDelayMs(policy.schedule, d.attempts - d.retry_base);
    return { d, r, ok, status: ok ? 'Delivered' : delay === null ? 'Failed' : 'Pending', delay };
  });
  const succeeded = new Set(outcome.filter((o) => o.ok).map((o) => o.d.webhook_id));
  for (const o of outcome)
    logger[o.ok ? 'debug' : 'warn'](
      {
        requestId: o.d.request_id,
        deliveryId: o.d.id,
        attempt: o.d.attempts,
        status: o.status,
        code: o.r.statusCode,
      },
      o.ok ? 'Webhook delivered' : 'Webhook delivery attempt failed',
    );
  await recordAttempts(db, {
    ids: outcome.map((o) => o.d.id),
    attempts: outcome.map((o) => o.d.attempts),
    statuses: outcome.map((o) => o.status),
    codes: outcome.map((o) => o.r.statusCode),
    durations: outcome.map((o) => o.r.durationMs),
    errors: outcome.map((o) => o.r.error?.slice(0, 500) ?? null),
    delays: outcome.map((o) => o.delay),
    errorClasses: outcome.map((o) => o.r.errorClass),
    excerpts: outcome.map((o) => o.r.excerpt),
    startedAt,
    succeeded: [...succeeded],
  });
  const failed = new Set(
    outcome.filter((o) => !o.ok && !succeeded.has(o.d.webhook_id)).map((o) => o.d.webhook_id),
  );
  if (failed.size === 0) return [];
  const failing = await markFailing(db, [...failed], policy.disableAfterMs);
  return failing.filter((w) => w.overdue);
}
