import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildService, CrashBed } from '../platform/child-service';
import { eventually, WebhookReceiver } from '../../support/webhook-receiver';

/**
 * The service killed (-9) while a delivery is on the wire: the claim had committed (the attempt
 * counted, the row leased), the answer was never recorded. The next process sends it again once
 * the lease ends: at least once, nothing lost.
 */
describe('Webhook delivery across kill -9 of the worker', () => {
  let bed: CrashBed;
  let service: ChildService | undefined;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    bed = await CrashBed.create('webhook_crash', {
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_TIMEOUT_MS: '1000',
      WEBHOOKS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_RETRY_SCHEDULE_MS: '100,100',
    });
  }, 120_000); // transpiling the service takes long on a busy machine

  afterAll(async () => {
    await receiver?.close();
    await bed?.dispose();
  });

  it('re-sends the delivery that was on the wire when the process died', async () => {
    service = await bed.start();
    const base = service.baseUrl;
    const accessToken = await bed.adminToken();
    const call = (b: string, method: string, path: string, body?: object) =>
      fetch(`${b}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: body ? JSON.stringify(body) : undefined,
      });

    receiver.reply('/crash', 'hang');
    const hook = (await (
      await call(base, 'POST', '/core-api/webhooks', {
        url: `${receiver.url}/crash`,
        topics: ['AccountCreated'],
      })
    ).json()) as { id: string };
    expect((await call(base, 'POST', '/core-api/accounts', { displayName: 'Crash Corp' })).status).toBe(200);
    // The worker has claimed it and waits for the (hanging) receiver: kill it now.
    await eventually(() => receiver.at('/crash').length === 1, 10_000, 'the first attempt');
    await service.kill();

    service = await bed.start();
    const again = await eventually(() => receiver.at('/crash').length >= 2 && receiver.at('/crash'), 30_000);
    expect(again[1].headers['webhook-id']).toBe(again[0].headers['webhook-id']);
    expect(again[1].body).toBe(again[0].body);
    const log = await eventually(async () => {
      const res = await call(service!.baseUrl, 'GET', `/core-api/webhooks/${hook.id}/deliveries`);
      const page = (await res.json()) as { data: Array<{ status: string; attempts: number }> };
      return page.data[0]?.status === 'Delivered' && page.data[0];
    });
    expect(log.attempts).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/crash')).toHaveLength(2);
  });
});
