import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ChildService, CrashBed } from './child-service';
import { eventually } from '../../support/webhook-receiver';

/** What one request got: the status of its answer, or the error code of its connection. */
type Outcome = number | string;

/** One HTTP request over `agent` (kept-alive connections, as a load balancer or a client pool uses them). */
function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  token: string,
  body?: object,
): Promise<{ outcome: Outcome; json?: unknown; connection?: string }> {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      `${base}${path}`,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ outcome: e.code ?? e.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            outcome: res.statusCode!,
            json: text ? (JSON.parse(text) as unknown) : undefined,
            connection: res.headers.connection,
          });
        });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ outcome: e.code ?? e.message }));
    req.end(payload);
  });
}

const exited = (service: ChildService) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (service.process.exitCode !== null || service.process.signalCode !== null)
      resolve({ code: service.process.exitCode, signal: service.process.signalCode });
    else service.process.once('exit', (code, signal) => resolve({ code, signal }));
  });

/**
 * The state PostgreSQL records in its control file (`global/pg_control`, the `state` field after
 * the 8-byte system identifier and two 4-byte version numbers): 1 = shut down cleanly, 6 = in
 * production (the process died with the database open: the next start runs crash recovery).
 */
const controlFileState = (bed: CrashBed) =>
  readFileSync(join(bed.dataDir, 'pgdata', 'global', 'pg_control')).readInt32LE(16);

/** A first start (initdb, migrations) on a busy 2-core machine can take a minute. */
const startMs = 180_000;

describe('Graceful shutdown on SIGTERM', () => {
  let bed: CrashBed;

  // LOG_LEVEL info: the tests follow the shutdown's steps in the service's log.
  beforeAll(async () => {
    bed = await CrashBed.create('shutdown', {
      LOGIN_RATE_LIMIT: '1000',
      SHUTDOWN_DELAY_MS: '4000',
      LOG_LEVEL: 'info',
    });
  }, 180_000);

  afterAll(async () => {
    await bed.dispose();
  });

  it('under load: readiness 503 first, then every request answered 2xx or 503 (none reset), exit 0, nothing lost', async () => {
    const service = await bed.start(startMs);
    const base = service.baseUrl;
    const token = await bed.adminToken();
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    const created = new Set<string>();
    let signalled = false;
    let refused = 0;
    let n = 0;
    let term: Promise<void> | undefined;
    const gone = exited(service);
    // 8 clients write and read back to back until the service stops accepting connections.
    await Promise.all(
      Array.from({ length: 8 }, async (_, client) => {
        for (;;) {
          const i = n++;
          const r =
            i % 2 === 0
              ? await send(agent, base, 'POST', '/core-api/accounts', token, {
                  displayName: `Shutdown account ${client}-${i}`,
                })
              : await send(agent, base, 'GET', '/core-api/accounts?Take=5', token);
          if (r.outcome === 'ECONNREFUSED') {
            // Nothing was sent: the listening socket is closed (a load balancer tries another instance).
            refused++;
            if (signalled) return;
            continue;
          }
          outcomes.push(r.outcome);
          if (r.outcome === 200 && i % 2 === 0) created.add((r.json as { id: string }).id);
          if (outcomes.length === 60) {
            signalled = true;
            service.process.kill('SIGTERM');
            term = (async () => {
              // Within SHUTDOWN_DELAY_MS: not ready any more, everything else still served.
              await service.waitForOutput('SIGTERM: not ready any more');
              const probe = new Agent({ keepAlive: false });
              expect((await send(probe, base, 'GET', '/health/ready', token)).outcome).toBe(503);
              expect((await send(probe, base, 'GET', '/health/live', token)).outcome).toBe(200);
              expect((await send(probe, base, 'GET', '/core-api/accounts?Take=1', token)).outcome).toBe(200);
            })();
          }
        }
      }),
    );
    await term;
    agent.destroy();
    expect(await gone).toEqual({ code: 0, signal: null });
    const unexpected = outcomes.filter((o) => o !== 200 && o !== 503);
    expect(unexpected).toEqual([]);
    expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(0);
    if (!bed.databaseUrl) expect(controlFileState(bed)).toBe(1);

    const again = await bed.start(startMs);
    const page = (await (
      await fetch(`${again.baseUrl}/core-api/accounts?Take=1000&Query=Shutdown%20account`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: Array<{ id: string }>; total: number };
    for (const id of created) expect(page.data.map((d) => d.id)).toContain(id);
    await again.kill('SIGTERM');
    expect(again.process.exitCode).toBe(0);
  }, 420_000);

  it('answers 503 with Connection: close, as a problem, to a request on an open connection after SIGTERM', async () => {
    const service = await bed.start(startMs);
    const base = service.baseUrl;
    const token = await bed.adminToken();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(agent, base, 'GET', '/health/ready', token)).outcome).toBe(200);
    const gone = exited(service);
    service.process.kill('SIGTERM');
    // Readiness turns 503 at once; the kept-alive connection stays open.
    await service.waitForOutput('SIGTERM: not ready any more');
    const ready = await send(agent, base, 'GET', '/health/ready', token);
    expect(ready.outcome).toBe(503);
    expect(ready.connection).not.toBe('close');
    // Past SHUTDOWN_DELAY_MS, within the 500 ms an idle connection is kept while closing.
    await service.waitForOutput('Closing: new connections are refused');
    const last = await send(agent, base, 'GET', '/core-api/accounts?Take=1', token);
    expect(last.outcome).toBe(503);
    expect(last.connection).toBe('close');
    expect(last.json).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(await gone).toEqual({ code: 0, signal: null });
    agent.destroy();
  }, 240_000);

  it('lets the webhook worker finish the delivery under way: sent once, recorded as delivered', async () => {
    let answered = 0;
    const receiver: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          answered++;
          res.writeHead(200).end('ok');
        }, 1500),
      );
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hooked = await CrashBed.create('shutdown_worker', {
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_TIMEOUT_MS: '5000',
      WEBHOOKS_POLL_INTERVAL_MS: '100',
    });
    try {
      const service = await hooked.start(startMs);
      const token = await hooked.adminToken();
      const agent = new Agent({ keepAlive: false });
      const hook = (await send(agent, service.baseUrl, 'POST', '/core-api/webhooks', token, {
        url: receiverUrl,
        topics: ['AccountCreated'],
      })) as { json: { id: string } };
      await send(agent, service.baseUrl, 'POST', '/core-api/accounts', token, {
        displayName: 'Webhook Corp',
      });
      let received = 0;
      receiver.on('request', () => received++);
      await eventually(() => received === 1, 10_000, 'the delivery on the wire');
      const gone = exited(service);
      service.process.kill('SIGTERM');
      expect(await gone).toEqual({ code: 0, signal: null });
      expect(answered).toBe(1);

      const again = await hooked.start(startMs);
      const log = (
        await send(agent, again.baseUrl, 'GET', `/core-api/webhooks/${hook.json.id}/deliveries`, token)
      ).json as { data: Array<{ status: string; attempts: number }> };
      expect(log.data).toMatchObject([{ status: 'Delivered', attempts: 1 }]);
      expect(received).toBe(1);
    } finally {
      await hooked.dispose();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 480_000);

  it('(control) after kill -9 the embedded database is left open: its next start recovers it', async () => {
    const embedded = await CrashBed.create('shutdown_control', { DATABASE_URL: '' });
    try {
      await (await embedded.start(startMs)).kill('SIGKILL');
      expect(controlFileState(embedded)).toBe(6);
      await (await embedded.start(startMs)).kill('SIGTERM');
      expect(controlFileState(embedded)).toBe(1);
    } finally {
      await embedded.dispose();
    }
  }, 480_000);
});
