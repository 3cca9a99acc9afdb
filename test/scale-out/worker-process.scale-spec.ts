import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildService, freePort, recreateDatabase, transpileService } from '../e2e/platform/child-service';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

/**
 * The scale-out configuration of webhooks: an API instance with WEBHOOKS_WORKER=false writes the
 * outbox, a worker process (`src/worker.ts`, no HTTP API) on the same server database sends it.
 * Database `<TEST_DATABASE_URL>_worker`.
 */
const adminPassword = 'worker-process-admin-password';

describe('API instance without a worker, and a worker process', () => {
  let dist: string;
  let databaseUrl: string;
  let api: ChildService;
  let worker: ChildService | undefined;
  let receiver: WebhookReceiver;
  let token: string;
  let workerEnv: Record<string, string>;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.json() as Promise<{ id: string }>;
  };

  beforeAll(async () => {
    dist = transpileService();
    receiver = await new WebhookReceiver().start();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `${url.pathname}_worker`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
    const common = {
      NODE_ENV: 'development',
      DATA_DIR: '/nonexistent',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'worker-process-test-secret-0123456789-worker-process',
      LOG_LEVEL: 'error',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_POLL_INTERVAL_MS: '50',
    };
    api = await ChildService.startOnFreePort(dist, {
      ...common,
      PORT: String(await freePort()),
      BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      WEBHOOKS_WORKER: 'false',
    });
    workerEnv = { ...common, PORT: String(await freePort()) };
    const login = await fetch(`${api.baseUrl}/core-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    token = ((await login.json()) as { accessToken: string }).accessToken;
  }, 180_000);

  afterAll(async () => {
    await worker?.kill();
    await api?.kill();
    await receiver?.close();
    if (databaseUrl) await recreateDatabase(databaseUrl, true);
  });

  it('sends what the API wrote only while a worker process runs, once; SIGTERM stops it with exit 0', async () => {
    await call('POST', '/core-api/webhooks', { url: `${receiver.url}/worker`, topics: ['AccountCreated'] });
    await call('POST', '/core-api/accounts', { displayName: 'Written while no worker runs' });
    // The API instance sends nothing itself.
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.at('/worker')).toHaveLength(0);

    worker = await ChildService.startWorker(dist, workerEnv);
    await eventually(() => receiver.at('/worker').length >= 1, 15_000, 'the first delivery');
    await call('POST', '/core-api/accounts', { displayName: 'Written while the worker runs' });
    await eventually(() => receiver.at('/worker').length >= 2, 15_000, 'the second delivery');
    await new Promise((r) => setTimeout(r, 500));
    const ids = receiver.at('/worker').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);

    expect(await worker.stop('SIGTERM')).toBe(0);
    worker = undefined;
  });

  it('refuses to start without a server database', async () => {
    await expect(ChildService.startWorker(dist, { ...workerEnv, DATABASE_URL: '' }, 30_000)).rejects.toThrow(
      /needs DATABASE_URL/,
    );
  });
});
