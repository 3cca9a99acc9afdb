import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { migrations } from '../../migrations';
import { ChildService, freePort, recreateDatabase, transpileService } from '../e2e/platform/child-service';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { Instance, reportLogged } from './instance';

/**
 * Two service processes on one server database (TEST_DATABASE_URL, a database of its own named
 * `<it>_two`), the test talking to both. With SCALE_OUT_POOLER_URL (`postgres://user@host:port`,
 * a PgBouncer in front of the same server) the instances reach the database through the pooler:
 * in transaction mode (the default) with named prepared statements off and LISTEN on a direct
 * connection; with SCALE_OUT_POOLER_MODE=session, as they are.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const poolerUrl = process.env.SCALE_OUT_POOLER_URL;
const poolerMode = process.env.SCALE_OUT_POOLER_MODE ?? 'transaction';
const adminPassword = 'scale-out-admin-password';
const rateLimit = 3;
/** Requests per API key per window (an hour: no window ends during the test, see below). */
const keyBudget = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long after now (ms) a request could still be answered from the state before a change:
 * `check` (true once the change shows) is sent every 10 ms, without waiting for answers (at most
 * 4 in flight, so the probes do not load the instance), until one shows the change; the answer is
 * the send time of the last attempt that did not. Requests
 * sent later all saw the change, however long the answers took on a busy machine. Fails when
 * nothing shows the change for `limitMs` * 10.
 */
async function staleMs(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  const attempts: Array<Promise<{ sent: number; fresh: boolean }>> = [];
  let seen = false;
  let inFlight = 0;
  while (!seen) {
    const sent = performance.now() - started;
    if (sent > limitMs * 10) throw new Error(`no change seen within ${limitMs * 10} ms`);
    if (inFlight < 4) {
      inFlight++;
      attempts.push(
        check().then((fresh) => {
          inFlight--;
          if (fresh) seen = true;
          return { sent, fresh };
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const results = await Promise.all(attempts);
  return Math.max(0, ...results.filter((r) => !r.fresh).map((r) => r.sent));
}

describe('Two instances on one database', () => {
  let dist: string;
  let databaseUrl: string;
  let a: Instance;
  let b: Instance;
  let receiver: WebhookReceiver;
  let owner: string;

  beforeAll(async () => {
    dist = transpileService();
    receiver = await new WebhookReceiver().start();
    const url = new URL(serverUrl);
    url.pathname = `${url.pathname}_two`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
    let viaPooler: Record<string, string> = {};
    if (poolerUrl) {
      const pooled = new URL(poolerUrl);
      pooled.pathname = url.pathname;
      viaPooler =
        poolerMode === 'session'
          ? { DATABASE_URL: pooled.toString() }
          : {
              DATABASE_URL: pooled.toString(),
              DATABASE_LISTEN_URL: databaseUrl,
              DATABASE_PREPARED_STATEMENTS: 'false',
            };
    }
    const env = async (): Promise<Record<string, string>> => ({
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATA_DIR: '/nonexistent',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'scale-out-test-secret-0123456789-scale-out-test-secret',
      LOG_LEVEL: 'error',
      BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      LOGIN_RATE_LIMIT: String(rateLimit),
      RATE_LIMIT_PER_API_KEY: String(keyBudget),
      RATE_LIMIT_WINDOW_SECONDS: '3600',
      WEBHOOKS_WORKER: 'true',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_POLL_INTERVAL_MS: '50',
      ...viaPooler,
    });
    // Both at once on the empty database: migrations and the bootstrap admin must happen once.
    const [envA, envB] = [await env(), await env()];
    const [sa, sb] = await Promise.all([
      ChildService.startOnFreePort(dist, envA),
      ChildService.startOnFreePort(dist, envB),
    ]);
    a = new Instance('A', sa);
    b = new Instance('B', sb);
    owner = await a.login('admin', adminPassword);
  }, 180_000);

  afterAll(async () => {
    reportLogged([a, b]);
    await a?.service.kill();
    await b?.service.kill();
    await receiver?.close();
    if (databaseUrl) await recreateDatabase(databaseUrl, true);
  });

  it('migrates once and bootstraps one admin when both start together on an empty database', async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const ran = await client.query('SELECT name, count(*)::int AS n FROM migrations GROUP BY name');
      expect(ran.rows).toHaveLength(migrations.length);
      expect(ran.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
      const admins = await client.query(`SELECT count(*)::int AS n FROM users`);
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  /** A new member of the admin's workspace, logged in on A, its session cached on B. */
  const member = async (role: string) => {
    const username = `member-${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`;
    const user = await a.json<{ id: string }>('POST', '/core-api/users', owner, {
      username,
      email: `${username}@example.test`,
      password: 'a-long-password',
      role,
    });
    const token = await a.login(username, 'a-long-password');
    expect((await b.call('GET', '/core-api/users', token)).status).toBe(200);
    expect((await b.call('GET', '/core-api/users', token)).status).toBe(200);
    return { id: user.id, username, token };
  };

  it('refuses on B within 100 ms a session logged out on A', async () => {
    const m = await member('Member');
    expect((await a.call('GET', `/core-api/auth/logout/${m.token}`)).status).toBe(200);
    const ms = await staleMs(
      async () => (await b.call('GET', '/core-api/users', m.token)).status === 401,
      100,
    );
    expect(ms).toBeLessThan(100);
  });

  it('refuses on B within 100 ms the previous access token of a session refreshed on A', async () => {
    const m = await member('Member');
    const pair = await a.json<{ accessToken: string; refreshToken: string }>(
      'POST',
      '/core-api/auth/login',
      undefined,
      { username: m.username, password: 'a-long-password' },
    );
    expect((await b.call('GET', '/core-api/users', pair.accessToken)).status).toBe(200); // cached on B
    const next = await a.json<{ accessToken: string }>('POST', '/core-api/auth/refresh', undefined, {
      refreshToken: pair.refreshToken,
    });
    const ms = await staleMs(
      async () => (await b.call('GET', '/core-api/users', pair.accessToken)).status === 401,
      100,
    );
    expect(ms).toBeLessThan(100);
    expect((await b.call('GET', '/core-api/users', next.accessToken)).status).toBe(200);
  });

  it('applies on B within 100 ms a demotion made on A', async () => {
    const m = await member('Admin');
    const made = (n: string) => ({ username: n, email: `${n}@example.test`, password: 'a-long-password' });
    expect((await b.call('POST', '/core-api/users', m.token, made(`by-admin-${Date.now()}`))).status).toBe(
      200,
    );
    await a.json('PUT', `/core-api/users/${m.id}`, owner, {
      username: m.username,
      email: `${m.username}@example.test`,
      role: 'Viewer',
    });
    let n = 0;
    const ms = await staleMs(
      async () =>
        (await b.call('POST', '/core-api/users', m.token, made(`refused-${n++}-${Date.now()}`))).status ===
        403,
      100,
    );
    expect(ms).toBeLessThan(100);
    expect((await b.call('GET', '/core-api/users', m.token)).status).toBe(200);
  });

  it('refuses on B within 100 ms a member removed on A', async () => {
    const m = await member('Member');
    await a.json('DELETE', `/core-api/users/${m.id}`, owner);
    const ms = await staleMs(
      async () => (await b.call('GET', '/core-api/users', m.token)).status === 401,
      100,
    );
    expect(ms).toBeLessThan(100);
  });

  it('prices a shopper on B within a second at a discount changed on A', async () => {
    const workspaceId = (await a.json<{ data: Array<{ id: string }> }>('GET', '/core-api/workspaces', owner))
      .data[0].id;
    const suffix = Math.random().toString(36).slice(2, 8);
    const account = await a.json<{ id: string }>('POST', '/core-api/accounts', owner, {
      displayName: `Shop ${suffix}`,
      commerceSettings: { discountPercentage: 10 },
    });
    const login = await a.json<{ id: string }>('POST', '/core-api/identities', owner, {
      username: `shopper-${suffix}`,
      email: `shopper-${suffix}@example.test`,
      password: 'a-long-password',
    });
    await a.json('POST', '/core-api/contacts', owner, {
      firstName: 'Scale',
      lastName: 'Shopper',
      clientLoginId: login.id,
      accounts: [{ accountId: account.id }],
    });
    const product = await a.json<{ id: string }>('POST', '/core-api/catalog/products', owner, {
      name: `Priced ${suffix}`,
      pricing: { salesPrice: 100 },
    });
    const token = (
      await b.json<{ accessToken: string }>('POST', '/core-api/auth/login', undefined, {
        username: `shopper-${suffix}`,
        password: 'a-long-password',
        workspaceId,
      })
    ).accessToken;
    const priceOnB = async () =>
      (
        await b.json<{ customerPrice: number }>(
          'GET',
          `/commerce-api/catalog/products/price/${product.id}`,
          token,
        )
      ).customerPrice;
    expect(await priceOnB()).toBe(90);
    expect(await priceOnB()).toBe(90); // kept on B
    await a.json('PUT', `/core-api/accounts/${account.id}`, owner, {
      displayName: `Shop ${suffix}`,
      commerceSettings: { discountPercentage: 25 },
    });
    const ms = await staleMs(async () => (await priceOnB()) === 75, 1000);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses on B within a second an API key revoked on A', async () => {
    const key = await a.json<{ id: string; key: string }>('POST', '/core-api/api-keys', owner, {
      name: 'Revoked on A',
      role: 'Viewer',
    });
    expect((await b.call('GET', '/core-api/accounts', key.key)).status).toBe(200);
    expect((await b.call('GET', '/core-api/accounts', key.key)).status).toBe(200);
    expect((await a.call('DELETE', `/core-api/api-keys/${key.id}`, owner)).status).toBe(200);
    const ms = await staleMs(
      async () => (await b.call('GET', '/core-api/accounts', key.key)).status === 401,
      1000,
    );
    expect(ms).toBeLessThan(1000);
  });

  it('counts an API key’s requests on both instances against one budget', async () => {
    // Windows are aligned to the epoch (one hour here): never start right before one ends.
    const msLeft = 3_600_000 - (Date.now() % 3_600_000);
    if (msLeft < 30_000) await sleep(msLeft + 100);
    const { id, key } = await a.json<{ id: string; key: string }>('POST', '/core-api/api-keys', owner, {
      name: 'Counted on both',
      role: 'Viewer',
    });
    const send = async (i: Instance) => (await i.call('GET', '/core-api/accounts', key)).status;
    // Each instance shares its counts every RATE_LIMIT_FLUSH_MS (200 ms) and reads the sum back.
    for (let k = 0; k < 6; k++) expect(await send(a)).toBe(200);
    await sleep(500);
    expect(await send(b)).toBe(200);
    await sleep(500);
    // B now knows A's 6 and its own 1: 3 more, then 429.
    const onB: number[] = [];
    for (let k = 0; k < 4; k++) onB.push(await send(b));
    expect(onB).toEqual([200, 200, 200, 429]);
    // A last saw 6 of them: at most the requests it admits before its next flush answers
    // (the documented bound), then 429 too.
    let admittedOnA = 0;
    const deadline = Date.now() + 2000;
    while ((await send(a)) === 200) {
      admittedOnA++;
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(50);
    }
    expect(admittedOnA).toBeLessThanOrEqual(5);
    await sleep(500);
    expect([await send(a), await send(b)]).toEqual([429, 429]);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const shared = await client.query('SELECT sum(count)::int AS n FROM rate_limit_counts WHERE key = $1', [
        `3600:k:${id}`,
      ]);
      expect(shared.rows[0].n).toBe(keyBudget + admittedOnA);
    } finally {
      await client.end();
    }
  });

  it('counts login attempts across both instances against one limit', async () => {
    const attempt = (i: Instance) =>
      i.call('POST', '/core-api/auth/login', undefined, {
        username: 'guessed-name',
        password: 'wrong-guess',
      });
    const statuses: number[] = [];
    for (let k = 0; k < rateLimit; k++) statuses.push((await attempt(k % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(rateLimit).fill(401));
    const overA = await attempt(a);
    const overB = await attempt(b);
    expect([overA.status, overB.status]).toEqual([429, 429]);
    expect(Number(overB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('hands out order numbers once, gapless, to orders placed on both at once', async () => {
    const product = await a.json<{ id: string }>('POST', '/core-api/catalog/products', owner, {
      name: 'Scale-out product',
      pricing: { salesPrice: 5 },
    });
    const place = (i: Instance, k: number) =>
      i.json<{ id: string; orderNumber: string }>('POST', '/commerce-api/salesorders', owner, {
        channel: 'scale-out',
        externalReference: `scale-${i.name}-${k}`,
        lines: [{ productId: product.id, quantity: 1 }],
      });
    const orders = await Promise.all(Array.from({ length: 40 }, (_, k) => place(k % 2 === 0 ? a : b, k)));
    const numbers = orders.map((o) => Number(o.orderNumber.replace(/\D/g, ''))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(40);
    expect(numbers[39] - numbers[0]).toBe(39);
  });

  it('delivers each webhook once with workers on both instances', async () => {
    await a.json('POST', '/core-api/webhooks', owner, {
      url: `${receiver.url}/once`,
      topics: ['AccountCreated'],
    });
    // B learns of the new webhook from its notification (its outbox keeps the workspace's topics),
    // within milliseconds as it learns of a logout: writes on B from then on are delivered.
    await new Promise((r) => setTimeout(r, 100));
    const count = 30;
    await Promise.all(
      Array.from({ length: count }, (_, k) =>
        (k % 2 === 0 ? a : b).json('POST', '/core-api/accounts', owner, { displayName: `Scale ${k}` }),
      ),
    );
    await eventually(() => receiver.at('/once').length >= count, 20_000, 'every delivery');
    // Longer than many poll intervals of both workers: nothing is sent a second time.
    await new Promise((r) => setTimeout(r, 1000));
    const ids = receiver.at('/once').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it('shows a change made on A on B’s next read', async () => {
    // Product and its price.
    const product = await a.json<{ id: string }>('POST', '/core-api/catalog/products', owner, {
      name: 'Before',
      sku: 'SCALE-1',
      pricing: { salesPrice: 10 },
    });
    const priceOn = async (i: Instance) =>
      (await i.json<{ customerPrice: number | null; messages: string[] }>(
        'GET',
        `/core-api/catalog/products/price/${product.id}?quantity=1`,
        owner,
      )) as { customerPrice: number | null; messages: string[] };
    expect((await priceOn(b)).customerPrice).toBe(10);
    await a.json('PUT', `/core-api/catalog/products/${product.id}`, owner, {
      name: 'After',
      sku: 'SCALE-1',
      pricing: { salesPrice: 12 },
    });
    expect(
      (await b.json<{ name: string }>('GET', `/core-api/catalog/products/${product.id}`, owner)).name,
    ).toBe('After');
    expect((await priceOn(b)).customerPrice).toBe(12);

    // An atomic script, compiled and kept per instance, like the scripts' version (PriceTablesCache).
    const messagesOnB = async () => (await priceOn(b)).messages;
    const script = await a.json<{ id: string }>('POST', '/core-api/atomicscripts', owner, {
      name: 'Note',
      trigger: 'PriceCalculation',
      code: 'return { messages: ["first"] };',
    });
    // B knows of the scripts (their version is kept with the VAT codes) once A's change is
    // notified: within 100 ms.
    const messagesOnBWithin = async (expected: string[]) =>
      expect(
        await staleMs(async () => JSON.stringify(await messagesOnB()) === JSON.stringify(expected), 100),
      ).toBeLessThan(100);
    await messagesOnBWithin(['first']);
    await a.json('PUT', `/core-api/atomicscripts/${script.id}`, owner, {
      name: 'Note',
      trigger: 'PriceCalculation',
      code: 'return { messages: ["second"] };',
    });
    await messagesOnBWithin(['second']);
    await a.json('DELETE', `/core-api/atomicscripts/${script.id}`, owner);
    await messagesOnBWithin([]);

    // VAT codes, workspace and sales settings.
    const vat = await a.json<{ data: Array<{ id: string; code: string }> }>(
      'GET',
      '/core-api/vatcodes',
      owner,
    );
    expect((await b.json<{ data: unknown[] }>('GET', '/core-api/vatcodes', owner)).data).toEqual(vat.data);
    await a.json('PUT', '/core-api/workspaces', owner, { name: 'Renamed on A' });
    const mine = await b.json<{ data: Array<{ name: string }> }>('GET', '/core-api/workspaces', owner);
    expect(mine.data.map((w) => w.name)).toEqual(['Renamed on A']);
    const settings = await a.json('GET', '/core-api/salesorders/settings', owner);
    await a.json('PUT', '/core-api/salesorders/settings', owner, { ...settings, orderNumberPrefix: 'B2B-' });
    expect((await b.json('GET', '/core-api/salesorders/settings', owner)).orderNumberPrefix).toBe('B2B-');
    // Many price answers on a busy machine: more than the default timeout.
  }, 180_000);
});
