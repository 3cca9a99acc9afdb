import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ChildService, freePort, transpileService } from './child-service';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const adminPassword = 'crash-test-admin-password';

/** A database of its own on the server (the child bootstraps its admin into an empty one). */
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

interface Attempt {
  key: string;
  body: { displayName: string };
  /** The id of the first answer the client saw, if it saw one before the kill. */
  seenId?: string;
  sent?: boolean;
}

describe('Idempotency-Key across kill -9 of the service', () => {
  let dist: string;
  let dataDir: string;
  let databaseUrl = '';
  let env: Record<string, string>;
  let service: ChildService | undefined;

  beforeAll(async () => {
    dist = transpileService();
    dataDir = mkdtempSync(join(tmpdir(), 'trade-crm-crash-'));
    if (serverUrl) {
      const url = new URL(serverUrl);
      url.pathname = `${url.pathname}_crash`;
      databaseUrl = url.toString();
      await recreateDatabase(databaseUrl);
    }
    env = {
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      LOGIN_RATE_LIMIT: '1000',
    };
  });

  afterAll(async () => {
    await service?.kill();
    if (databaseUrl) await recreateDatabase(databaseUrl, true);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  });

  it('gives every key exactly one entity and the first answer, and never a stuck key', async () => {
    service = await ChildService.start(dist, env);
    const login = await fetch(`${service.baseUrl}/core-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const create = (base: string, a: Attempt) =>
      fetch(`${base}/core-api/accounts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accessToken}`,
          'idempotency-key': a.key,
        },
        body: JSON.stringify(a.body),
      });

    const attempts: Attempt[] = Array.from({ length: 100 }, (_, i) => ({
      key: `crash-key-${i}`,
      body: { displayName: `Crash account ${i}` },
    }));
    // 20 clients create until 30 answers have arrived, then the process is killed mid-flight.
    const first = service;
    let next = 0;
    let answered = 0;
    let killing: Promise<void> | undefined;
    const unexpected: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (!killing && next < attempts.length) {
          const a = attempts[next++];
          a.sent = true;
          try {
            const res = await create(first.baseUrl, a);
            const body = (await res.json()) as { id: string };
            if (res.status !== 200) unexpected.push(`${a.key}: ${res.status} ${JSON.stringify(body)}`);
            else a.seenId = body.id;
            if (++answered >= 30) killing ??= first.kill();
          } catch {
            // The connection died with the process: the client does not know the outcome.
          }
        }
      }),
    );
    await killing;
    expect(unexpected).toEqual([]);
    const inFlight = attempts.filter((a) => a.sent && !a.seenId);
    expect(inFlight.length).toBeGreaterThan(0);

    service = await ChildService.start(dist, env);
    const second = service;
    const retried = new Map<string, { status: number; id: string; replayed: boolean }>();
    let at = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (at < attempts.length) {
          const a = attempts[at++];
          const res = await create(second.baseUrl, a);
          const body = (await res.json()) as { id: string };
          retried.set(a.key, {
            status: res.status,
            id: body.id,
            replayed: res.headers.get('idempotent-replayed') === 'true',
          });
        }
      }),
    );
    for (const a of attempts) {
      const r = retried.get(a.key)!;
      expect({ key: a.key, status: r.status }).toEqual({ key: a.key, status: 200 });
      if (a.seenId)
        expect({ key: a.key, id: r.id, replayed: r.replayed }).toEqual({
          key: a.key,
          id: a.seenId,
          replayed: true,
        });
      if (!a.sent) expect({ key: a.key, replayed: r.replayed }).toEqual({ key: a.key, replayed: false });
    }
    const list = await fetch(`${second.baseUrl}/core-api/accounts?Take=1000&Query=Crash%20account`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const page = (await list.json()) as { data: Array<{ id: string }>; total: number };
    expect(page.total).toBe(attempts.length);
    expect(new Set(page.data.map((d) => d.id))).toEqual(new Set([...retried.values()].map((r) => r.id)));
  }, 180_000);
});
