import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ChildService, freePort, transpileService } from '../platform/child-service';
import { eventually, WebhookReceiver } from '../../support/webhook-receiver';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const adminPassword = 'webhook-crash-admin-password';

async function recreateDatabase(url: string, drop = false): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (!drop) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * The service killed (-9) while a delivery is on the wire: the claim had committed (the attempt
 * counted, the row leased), the answer was never recorded. The next process sends it again once
 * the lease ends: at least once, nothing lost.
 */
describe('Webhook delivery across kill -9 of the worker', () => {
  let dist: string;
  let dataDir: string;
  let databaseUrl = '';
  let env: Record<string, string>;
  let service: ChildService | undefined;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    dist = transpileService();
    dataDir = mkdtempSync(join(tmpdir(), 'trade-crm-webhook-crash-'));
    if (serverUrl) {
      const url = new URL(serverUrl);
      url.pathname = `${url.pathname}_webhook_crash`;
      databaseUrl = url.toString();
      await recreateDatabase(databaseUrl);
    }
    receiver = await new WebhookReceiver().start();
    env = {
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'webhook-crash-secret-webhook-crash-secret-0123',
      LOG_LEVEL: 'silent',
      BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_TIMEOUT_MS: '1000',
      WEBHOOKS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_RETRY_SCHEDULE_MS: '100,100',
    };
  });

  afterAll(async () => {
    await service?.kill();
    await receiver.close();
    if (databaseUrl) await recreateDatabase(databaseUrl, true);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  });

  it('re-sends the delivery that was on the wire when the process died', async () => {
    service = await ChildService.start(dist, env);
    const base = service.baseUrl;
    const login = await fetch(`${base}/core-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
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

    service = await ChildService.start(dist, env);
    const again = await eventually(() => receiver.at('/crash').length >= 2 && receiver.at('/crash'), 15_000);
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
