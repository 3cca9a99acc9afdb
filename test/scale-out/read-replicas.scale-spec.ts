import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ChildService, freePort, recreateDatabase, transpileService } from '../e2e/platform/child-service';
import { Instance, reportLogged } from './instance';

/**
 * Two service processes reading from a hot standby of the server (docs/scaling.md, "Read
 * replicas"). SCALE_OUT_STANDBY_URL (`postgres://user@host:port`) is a streaming standby of
 * TEST_DATABASE_URL's server and SCALE_OUT_STANDBY_DIR the directory `.ci/standby start` made for
 * it (the suite stops and starts it with `.ci/standby down|up`); without them the suite is
 * skipped. The database (`<it>_replicas`) is created on the primary after the standby exists:
 * streaming replicates it. With SCALE_OUT_POOLER_URL the instances reach the primary through the
 * pooler (transaction mode), as in two-instances.scale-spec.ts; the standby directly.
 *
 * A waits up to 30 s of lag before it leaves the standby, B 1.5 s: A shows what the write
 * positions alone decide while replay is paused, B that a lagging standby is left and taken back.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const standbyBase = process.env.SCALE_OUT_STANDBY_URL;
const standbyDir = process.env.SCALE_OUT_STANDBY_DIR;
const poolerUrl = process.env.SCALE_OUT_POOLER_URL;
const adminPassword = 'replicas-admin-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An instance, and what its readiness and metrics say of its standby. */
class ReplicaInstance extends Instance {
  /** The standbys as readiness shows them. */
  async standbys(): Promise<Array<{ name: string; state: string; lagMs?: number }>> {
    const res = await fetch(`${this.service.baseUrl}/health/ready`);
    const body = (await res.json()) as { details: { standbys?: { standbys: [] } } };
    return body.details.standbys?.standbys ?? [];
  }

  async standbyState(): Promise<string | undefined> {
    return (await this.standbys())[0]?.state;
  }

  /** Reads sent to the standby so far (`db_reads_routed` of /metrics). */
  async readsOnStandby(): Promise<number> {
    const text = await (await fetch(`${this.service.baseUrl}/metrics`)).text();
    const m = /^db_reads_routed\{target="standby"\} (\d+)/m.exec(text);
    return m ? Number(m[1]) : 0;
  }
}

/** Runs `check` until it passes (its expectations hold) or `timeoutMs` passed: then its last failure. */
async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await sleep(50);
    }
  }
}

const withClient = async <T>(url: string, work: (c: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

(standbyBase && standbyDir ? describe : describe.skip)('Reads on a hot standby', () => {
  let databaseUrl: string;
  let standbyUrl: string;
  let a: ReplicaInstance;
  let b: ReplicaInstance;
  let owner: string;
  let workspaceId: string;

  const standbyCtl = (command: 'down' | 'up') =>
    execFileSync('.ci/standby', [command, standbyDir!], { stdio: ['ignore', 'ignore', 'pipe'] });
  const onStandby = <T>(work: (c: Client) => Promise<T>) => withClient(standbyUrl, work);
  const productName = async (i: Instance, token: string, id: string, headers: Record<string, string> = {}) =>
    (await i.json<{ name: string }>('GET', `/commerce-api/catalog/products/${id}`, token, undefined, headers))
      .name;
  /** A product the standby has replayed. */
  const replicatedProduct = async (name: string) => {
    const product = await a.json<{ id: string }>('POST', '/core-api/catalog/products', owner, {
      name,
      pricing: { salesPrice: 100 },
    });
    await eventually(async () => {
      const rows = await onStandby((c) => c.query('SELECT 1 FROM products WHERE id = $1', [product.id]));
      expect(rows.rowCount).toBe(1);
    }, 10_000);
    return product.id;
  };
  const rename = (i: Instance, token: string, id: string, name: string) =>
    i.call('PUT', `/core-api/catalog/products/${id}`, token, { name, pricing: { salesPrice: 100 } });
  /** Runs `work` with replay paused on the standby (resumed afterwards, whatever happens). */
  const replayPaused = async (work: () => Promise<void>) => {
    await onStandby((c) => c.query('SELECT pg_wal_replay_pause()'));
    try {
      await work();
    } finally {
      await onStandby((c) => c.query('SELECT pg_wal_replay_resume()'));
    }
  };

  beforeAll(async () => {
    const dist = transpileService();
    const url = new URL(serverUrl);
    url.pathname = `${url.pathname}_replicas`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
    const standby = new URL(standbyBase!);
    standby.pathname = url.pathname;
    standbyUrl = standby.toString();
    let viaPooler: Record<string, string> = {};
    if (poolerUrl) {
      const pooled = new URL(poolerUrl);
      pooled.pathname = url.pathname;
      viaPooler = {
        DATABASE_URL: pooled.toString(),
        DATABASE_LISTEN_URL: databaseUrl,
        DATABASE_PREPARED_STATEMENTS: 'false',
      };
    }
    const env = async (maxLagMs: number): Promise<Record<string, string>> => ({
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATA_DIR: '/nonexistent',
      DATABASE_URL: databaseUrl,
      DATABASE_READ_URLS: standbyUrl,
      DATABASE_READ_MAX_LAG_MS: String(maxLagMs),
      JWT_SECRET: 'replicas-test-secret-0123456789-replicas-test-secret',
      LOG_LEVEL: 'error',
      BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      ...viaPooler,
    });
    const [envA, envB] = [await env(30_000), await env(1500)];
    // One after the other: the first migrates, the second finds the schema replicated.
    a = new ReplicaInstance('A', await ChildService.startOnFreePort(dist, envA));
    b = new ReplicaInstance('B', await ChildService.startOnFreePort(dist, envB));
    owner = await a.login('admin', adminPassword);
    workspaceId = (await a.json<{ data: Array<{ id: string }> }>('GET', '/core-api/workspaces', owner))
      .data[0].id;
    await eventually(async () => {
      expect(await a.standbyState()).toBe('up');
      expect(await b.standbyState()).toBe('up');
    }, 30_000);
  }, 180_000);

  afterAll(async () => {
    reportLogged([a, b]);
    await a?.service.kill();
    await b?.service.kill();
    if (databaseUrl) await recreateDatabase(databaseUrl, true);
  });

  it('serves a storefront read from the standby', async () => {
    const id = await replicatedProduct(`Standby-read ${Date.now()}`);
    const reader = await a.login('admin', adminPassword);
    const before = await a.readsOnStandby();
    for (let n = 0; n < 5; n++) await productName(a, reader, id);
    expect(await a.readsOnStandby()).toBeGreaterThan(before);
    // The standby's own view: the instance's connections there, the product read among their queries.
    const seen = await onStandby((c) =>
      c.query<{ application_name: string; query: string }>(
        `SELECT application_name, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      ),
    );
    expect(seen.rows).toContainEqual({
      application_name: 'trade-standby-reads',
      query: expect.stringMatching(/product/),
    });
  });

  it('answers the write’s position, which the same caller’s reads honour while replay is paused', async () => {
    const id = await replicatedProduct('Before');
    const writer = await a.login('admin', adminPassword);
    const other = await a.login('admin', adminPassword);
    expect(await productName(a, other, id)).toBe('Before');
    await replayPaused(async () => {
      const res = await rename(a, writer, id, 'After');
      expect(res.status).toBe(200);
      const readAfter = res.headers.get('x-read-after');
      expect(readAfter).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      // The writer sees its write: A remembers it, and B honours the position sent back.
      expect(await productName(a, writer, id)).toBe('After');
      expect(await productName(b, writer, id, { 'x-read-after': readAfter! })).toBe('After');
      // Another caller on A (30 s of lag allowed) reads the standby, which has not replayed it…
      expect(await productName(a, other, id)).toBe('Before');
      // …unless it sends the position: then the primary answers.
      expect(await productName(a, other, id, { 'x-read-after': readAfter! })).toBe('After');
      // B (1.5 s) leaves the standby once it is that far behind, and reads the primary.
      await eventually(async () => expect(await b.standbyState()).toBe('lagging'), 10_000);
      expect(await productName(b, other, id)).toBe('After');
    });
    await eventually(async () => {
      expect(await productName(a, other, id)).toBe('After');
      expect(await b.standbyState()).toBe('up');
    }, 10_000);
  });

  it('keeps the session, role and script caches right while the standby lags', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const username = `member-${suffix}`;
    const member = await a.json<{ id: string }>('POST', '/core-api/users', owner, {
      username,
      email: `${username}@example.test`,
      password: 'a-long-password',
      role: 'Admin',
    });
    const token = await a.login(username, 'a-long-password');
    const loggedOut = await a.login(username, 'a-long-password');
    const login = await a.json<{ id: string }>('POST', '/core-api/identities', owner, {
      username: `shopper-${suffix}`,
      email: `shopper-${suffix}@example.test`,
      password: 'a-long-password',
    });
    const account = await a.json<{ id: string }>('POST', '/core-api/accounts', owner, {
      displayName: `Shop ${suffix}`,
    });
    await a.json('POST', '/core-api/contacts', owner, {
      firstName: 'Replica',
      lastName: 'Shopper',
      clientLoginId: login.id,
      accounts: [{ accountId: account.id }],
    });
    const script = await a.json<{ id: string }>('POST', '/core-api/atomicscripts', owner, {
      name: `price ${suffix}`,
      trigger: 'PriceCalculation',
      code: 'return { customerPrice: 1000 };',
    });
    const productId = await replicatedProduct(`Scripted ${suffix}`);
    const shopper = await b.login(`shopper-${suffix}`, 'a-long-password', workspaceId);
    const price = async (i: Instance) =>
      (
        await i.json<{ customerPrice: number }>(
          'GET',
          `/commerce-api/catalog/products/price/${productId}`,
          shopper,
        )
      ).customerPrice;
    // Every cache filled on both instances, from a standby that has replayed everything.
    for (const i of [a, b]) {
      expect(await price(i)).toBe(1000);
      expect((await i.call('GET', '/core-api/users', token)).status).toBe(200);
      expect((await i.call('GET', '/core-api/users', loggedOut)).status).toBe(200);
    }
    await replayPaused(async () => {
      await a.json('PUT', `/core-api/atomicscripts/${script.id}`, owner, {
        name: `price ${suffix}`,
        trigger: 'PriceCalculation',
        code: 'return { customerPrice: 2000 };',
      });
      await a.json('PUT', `/core-api/users/${member.id}`, owner, {
        username,
        email: `${username}@example.test`,
        role: 'Viewer',
      });
      expect((await a.call('GET', `/core-api/auth/logout/${loggedOut}`)).status).toBe(200);
      await eventually(async () => {
        for (const i of [a, b]) {
          expect(await price(i)).toBe(2000);
          expect((await i.call('GET', '/core-api/users', loggedOut)).status).toBe(401);
          const made = {
            username: `refused-${Date.now()}`,
            email: `r${Date.now()}@example.test`,
            password: 'a-long-password',
          };
          expect((await i.call('POST', '/core-api/users', token, made)).status).toBe(403);
        }
      }, 2000);
      // Read many times over: nothing puts the standby's older answers back in a cache.
      for (let n = 0; n < 5; n++)
        for (const i of [a, b]) {
          expect(await price(i)).toBe(2000);
          expect((await i.call('GET', '/core-api/users', loggedOut)).status).toBe(401);
        }
    });
  });

  it('answers every read while the standby is stopped and started again under load, and uses it again', async () => {
    const id = await replicatedProduct(`Outage ${Date.now()}`);
    const readers = await Promise.all([a.login('admin', adminPassword), b.login('admin', adminPassword)]);
    const statuses = new Map<number, number>();
    let running = true;
    const load = async (i: Instance, token: string) => {
      while (running) {
        const res = await i.call('GET', `/commerce-api/catalog/products/${id}`, token);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const workers = [a, b].flatMap((i, n) => [load(i, readers[n]), load(i, readers[n]), load(i, readers[n])]);
    try {
      await sleep(500);
      standbyCtl('down');
      await eventually(async () => {
        expect(await a.standbyState()).toBe('down');
        expect(await b.standbyState()).toBe('down');
      }, 10_000);
      await sleep(1000);
      standbyCtl('up');
      await eventually(async () => {
        expect(await a.standbyState()).toBe('up');
        expect(await b.standbyState()).toBe('up');
      }, 30_000);
      const [onA, onB] = [await a.readsOnStandby(), await b.readsOnStandby()];
      await sleep(500);
      expect(await a.readsOnStandby()).toBeGreaterThan(onA);
      expect(await b.readsOnStandby()).toBeGreaterThan(onB);
    } finally {
      running = false;
      await Promise.all(workers);
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(50);
  });
});
