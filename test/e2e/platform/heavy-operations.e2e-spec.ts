import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Env } from '../../../src/config/env';
import { HeavyOperations } from '../../../src/platform/http/heavy-operations';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** When the answer's headers arrived (ms since the epoch). */
  at: number;
}

/**
 * A GET on `agent`'s keep-alive connections. With `hold`, a 200's body is not read before `hold`
 * resolves (the server then waits for the client: its heavy-operation slot stays taken).
 */
function get(
  base: string,
  agent: http.Agent,
  path: string,
  token?: string,
  hold?: Promise<unknown>,
  onHeaders?: () => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}${path}`,
      { agent, headers: token ? { Authorization: `Bearer ${token}` } : {} },
      (res) => {
        const at = Date.now();
        onHeaders?.();
        const chunks: Buffer[] = [];
        const read = () => {
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), at }),
          );
          res.on('error', reject);
        };
        if (hold && res.statusCode === 200) void hold.then(read);
        else read();
      },
    );
    req.on('error', reject);
  });
}

/** The export's lines without the first (its time differs per export). */
const dataLines = (body: Buffer) => body.toString().trimEnd().split('\n').slice(1);

describe('Heavy operations: exports and reports under concurrency', () => {
  let t: TestApp;
  let base: string;
  let big: WorkspaceFixture;
  let small: WorkspaceFixture[];
  let reference: string[];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const accounts = 250;

  beforeAll(async () => {
    t = await startApp({ MAX_WORKSPACES_PER_USER: '3' });
    base = await t.listen();
    big = await t.workspace('Big');
    small = await Promise.all([1, 2, 3, 4, 5].map((i) => t.workspace(`Small ${i}`)));
    // Several pages of 100 rows in one table, through the API; 2 MB in all, more than the
    // connection's buffers hold, so an export whose client does not read keeps its slot.
    for (let i = 0; i < accounts; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          big.owner.post('/core-api/accounts', {
            displayName: `Account ${String(i + j).padStart(4, '0')}`,
            description: `${i + j} ${'x'.repeat(8000)}`,
          }),
        ),
      );
    const first = await get(base, agent, '/core-api/analytics/export', big.owner.token);
    expect(first.status).toBe(200);
    reference = dataLines(first.body);
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('exports every row once across page boundaries, the same bytes each time', async () => {
    const rows = reference.map((l) => JSON.parse(l) as { resource: string; data: { id: string } });
    const mine = rows.filter((r) => r.resource === 'accounts');
    expect(mine).toHaveLength(accounts);
    expect(new Set(mine.map((r) => r.data.id)).size).toBe(accounts);
    const [{ count }] = (await t.app
      .get(DataSource)
      .query('SELECT count(*)::int AS count FROM accounts WHERE workspace_id = $1', [big.id])) as Array<{
      count: number;
    }>;
    expect(count).toBe(accounts);
    const again = await get(base, agent, '/core-api/analytics/export', big.owner.token);
    expect(dataLines(again.body)).toEqual(reference);
  });

  it('answers 300 concurrent exports on keep-alive connections with whole bodies or 429/503 + Retry-After, while /health/live answers', async () => {
    const callers: Caller[] = [big.owner, ...small.map((w) => w.owner)];
    const expected = new Map<string, string[]>([[big.owner.token, reference]]);
    for (const w of small)
      expected.set(
        w.owner.token,
        dataLines((await get(base, agent, '/core-api/analytics/export', w.owner.token)).body),
      );
    // The health checker's own connection, open before the storm (as an orchestrator's probe
    // would not queue behind the 300 connections the exports open).
    const prober = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(base, prober, '/health/live')).status).toBe(200);
    const heavy = t.app.get(HeavyOperations);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    // Bodies of 200s are read once all 300 have their answer's headers: until then the big
    // workspace's first two exports (2 MB each) wait for their client and keep their slots.
    let answered = 0;
    const exports = Array.from({ length: 300 }, (_, i) => {
      const caller = callers[i % callers.length];
      const counted = () => ++answered === 300 && open();
      return get(base, agent, '/core-api/analytics/export', caller.token, gate, counted).then((answer) => ({
        answer,
        token: caller.token,
      }));
    });
    let done = false;
    const all = Promise.all(exports).finally(() => (done = true));

    // Liveness while they run: probes one after another until every export has answered.
    const probes: Array<{ status: number; ms: number; running: number }> = [];
    const probe = async () => {
      const started = Date.now();
      const res = await get(base, prober, '/health/live');
      probes.push({ status: res.status, ms: Date.now() - started, running: heavy.inFlight });
    };
    while (!done) await probe();

    const results = await all;
    const statuses = new Map<number, number>();
    for (const { answer, token } of results) {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 200) {
        expect(dataLines(answer.body)).toEqual(expected.get(token));
      } else {
        expect([429, 503]).toContain(answer.status);
        expect(answer.headers['retry-after']).toMatch(/^\d+$/);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    }
    // The big workspace's first two hold their slots until the gate opens: the rest of its 50 are 429s.
    expect(statuses.get(200)).toBeGreaterThanOrEqual(2);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(40);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 429]));
    expect([...statuses.keys()].every((s) => [200, 429, 503].includes(s))).toBe(true);
    // The Dockerfile's health check gives up after 5 s.
    expect(probes[0].running).toBeGreaterThan(0);
    for (const p of probes) {
      expect(p.status).toBe(200);
      expect(p.ms).toBeLessThan(5000);
    }
    expect(heavy.inFlight).toBe(0);
    expect((await get(base, agent, '/health/live')).status).toBe(200);
    prober.destroy();
  }, 120_000);

  it('gives 429 to a workspace at its limit while another workspace still gets 200', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const started: Array<() => void> = [];
    const headers = [0, 1].map(() => new Promise<void>((r) => started.push(r)));
    const held = [0, 1].map((i) =>
      get(base, agent, '/core-api/analytics/export', big.owner.token, gate, started[i]),
    );
    await Promise.all(headers);
    const third = await get(base, agent, '/core-api/analytics/export', big.owner.token);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(JSON.parse(third.body.toString())).toMatchObject({ status: 429, title: 'Too Many Requests' });
    const report = await get(base, agent, '/core-api/reports/deals', big.owner.token);
    expect(report.status).toBe(429);
    const theirs = await get(base, agent, '/core-api/reports/deals', small[0].owner.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.subarray(0, 2).toString()).toBe('PK');
    open();
    for (const answer of await Promise.all(held)) expect(dataLines(answer.body)).toEqual(reference);
    expect(
      (await get(base, agent, '/core-api/reports/productcategories/hierarchy', big.owner.token)).status,
    ).toBe(200);
  });

  it('documents 429 and 503 with Retry-After on every heavy operation', async () => {
    const doc = (await t.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    const heavy = [
      ['/core-api/analytics/export', 'get'],
      ['/core-api/reports/deals', 'get'],
      ['/core-api/reports/productcategories/hierarchy', 'get'],
      ['/core-api/catalog/brands/{id}/image', 'post'],
      ['/core-api/catalog/products/{id}/images', 'post'],
      ['/core-api/workspaces/image', 'post'],
    ];
    for (const [path, method] of heavy) {
      const responses = doc.paths[path][method].responses;
      expect(responses['429'].headers).toHaveProperty('Retry-After');
      expect(responses['503'].headers).toHaveProperty('Retry-After');
    }
  });

  it('refuses a workspace beyond MAX_WORKSPACES_PER_USER with 409, also under concurrent creates', async () => {
    const owner = (await t.workspace('Cap')).owner; // owns 1 of 3
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) => owner.post('/core-api/workspaces', { name: `Extra ${i}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.detail).toMatch(/MAX_WORKSPACES_PER_USER/);
    expect(refused.body.detail).toMatch(/\b3\b/);
    const mine = await owner.get('/core-api/workspaces');
    expect(mine.body.total).toBe(3);
    // Deleting one makes room again.
    const extra = answers.find((a) => a.status === 200)!.body.id as string;
    const switched = await owner.post('/core-api/auth/switch-workspace', { workspaceId: extra });
    const inExtra = new Caller(t.app, switched.body.accessToken, owner.userId, extra, owner.username);
    expect((await inExtra.delete('/core-api/workspaces')).status).toBe(200);
    expect((await owner.post('/core-api/workspaces', { name: 'Again' })).status).toBe(200);
  });
});

describe('Heavy operations: uploads', () => {
  let t: TestApp;
  let base: string;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let storageDir: string;
  let spool: string;
  const savedTmp = process.env.TMPDIR;
  const MiB = 1024 * 1024;

  beforeAll(async () => {
    t = await startApp({ HEAVY_OPERATIONS_STALL_SECONDS: '3', HEAVY_OPERATIONS_PER_PROCESS: '3' });
    base = await t.listen();
    storageDir = t.app.get(Env).STORAGE_DIR!;
    ws = await t.workspace();
    other = await t.workspace('Other');
    // Uploads wait in temporary files under the system's temporary directory: this file's own.
    spool = mkdtempSync(join(tmpdir(), 'heavy-spool-'));
    process.env.TMPDIR = spool;
  });
  afterAll(async () => {
    process.env.TMPDIR = savedTmp;
    await t.close();
    rmSync(spool, { recursive: true, force: true });
  });

  const filesOf = (workspaceId: string): string[] => {
    try {
      return readdirSync(join(storageDir, 'private', workspaceId), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name);
    } catch {
      return [];
    }
  };
  const storedRows = async (workspaceId: string) =>
    (
      (await t.app
        .get(DataSource)
        .query('SELECT count(*)::int AS n FROM stored_files WHERE workspace_id = $1', [
          workspaceId,
        ])) as Array<{
        n: number;
      }>
    )[0].n;

  /**
   * A multipart upload of documents written as it is sent, from one reused 64 KiB buffer (the
   * test process is the service's: it must not hold the bytes itself). `sizes` per file; `stall`
   * stops sending after the first file's first chunk and keeps the connection open.
   */
  function upload(
    caller: Caller,
    sizes: number[],
    options: { stall?: boolean; path?: string } = {},
  ): { answer: Promise<Answer>; req: http.ClientRequest; sentHead: Promise<void> } {
    const boundary = 'heavy-boundary-0123456789';
    const req = http.request(`${base}/core-api/documents?path=${options.path ?? 'up'}&overwrite=true`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${caller.token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding': 'chunked',
      },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            at: Date.now(),
          }),
        );
      });
      req.on('error', reject);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = (b: Buffer | string) =>
      req.write(b) ? Promise.resolve() : new Promise<void>((r) => req.once('drain', r));
    let sent!: () => void;
    const sentHead = new Promise<void>((r) => (sent = r));
    void (async () => {
      try {
        for (const [i, size] of sizes.entries()) {
          await write(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="f${i}.txt"\r\n` +
              'Content-Type: text/plain\r\n\r\n',
          );
          for (let left = size; left > 0; left -= chunk.length) {
            await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
            if (options.stall) return sent();
          }
          await write('\r\n');
        }
        await write(`--${boundary}--\r\n`);
        req.end();
        sent();
      } catch {
        sent();
      }
    })();
    return { answer, req, sentHead };
  }

  it('streams a large upload: the heap does not grow by its size', async () => {
    const files = Array.from({ length: 20 }, () => 9 * MiB);
    global.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers);
    }, 5);
    const { answer } = upload(ws.owner, files);
    const res = await answer;
    clearInterval(sample);
    expect(res.status).toBe(200);
    expect(filesOf(ws.id)).toHaveLength(20);
    // 180 MiB went through; held in memory (as before) they raised heap + buffers by at least that.
    // What remains is garbage not yet collected (64 KiB chunks) and the stream buffers.
    expect(peak).toBeLessThan(60 * MiB);
    expect(readdirSync(spool)).toEqual([]);
  }, 60_000);

  it('refuses an over-size upload with 413 and leaves no file, no row and no temporary file', async () => {
    const rows = await storedRows(ws.id);
    const files = filesOf(ws.id).length;
    const res = await upload(ws.owner, [MiB, 10 * MiB + 1], { path: 'big' }).answer;
    expect(res.status).toBe(413);
    expect(await storedRows(ws.id)).toBe(rows);
    expect(filesOf(ws.id)).toHaveLength(files);
    expect((await ws.owner.get('/core-api/documents/structure?path=big')).status).toBe(404);
    await new Promise((r) => setImmediate(r));
    expect(readdirSync(spool)).toEqual([]);
  });

  it('cuts an export whose client stops reading, freeing its slot', async () => {
    const big = await t.workspace('Unread');
    // About 15 MB of export (the accounts and their activities): more than the connection's buffers.
    for (let i = 0; i < 250; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          big.owner.post('/core-api/accounts', { displayName: `U${i + j}`, description: 'y'.repeat(30_000) }),
        ),
      );
    const heavy = t.app.get(HeavyOperations);
    const until = (done: () => boolean) =>
      new Promise<void>((r) => {
        const check = () => (done() ? r() : setTimeout(check, 50));
        check();
      });
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.pause(); // reads nothing
    socket.write(
      `GET /core-api/analytics/export HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${big.owner.token}\r\n\r\n`,
    );
    await until(() => heavy.inFlight > 0);
    // After HEAVY_OPERATIONS_STALL_SECONDS with the written bytes not taken, the server cuts it.
    await until(() => heavy.inFlight === 0);
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    socket.resume();
    await new Promise((r) => socket.once('close', r));
    const whole = await get(base, new http.Agent(), '/core-api/analytics/export', big.owner.token);
    expect(whole.status).toBe(200);
    const got = Buffer.concat(received);
    expect(got.length).toBeLessThan(whole.body.length);
    expect(got.subarray(-5).toString()).not.toBe('0\r\n\r\n'); // no last chunk: cut, not complete
  }, 60_000);

  it('limits concurrent uploads per workspace (429) and per process (503); a stalled upload is cut and leaves nothing', async () => {
    const rows = await storedRows(ws.id);
    const files = filesOf(ws.id).length;
    const held = [upload(ws.owner, [MiB], { stall: true }), upload(ws.owner, [MiB], { stall: true })];
    const heavy = t.app.get(HeavyOperations);
    const serverHolds = (n: number) =>
      new Promise<void>((r) => {
        const check = () => (heavy.inFlight >= n ? r() : setTimeout(check, 10));
        check();
      });
    await Promise.all(held.map((h) => h.sentHead));
    // Sent is not yet taken: wait until the server holds both slots (a loaded machine lags).
    await serverHolds(2);
    // The two hold their slots until the server sees them stall.
    const closed = held.map((h) =>
      h.answer.then(
        () => 'answered',
        () => 'cut',
      ),
    );
    const third = await upload(ws.owner, [1000]).answer;
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    const otherHeld = upload(other.owner, [MiB], { stall: true });
    await otherHeld.sentHead;
    await serverHolds(3);
    const full = await upload(other.owner, [1000]).answer;
    // Per process: 3 (two of ws, one of other) — the fourth is a 503 even in another workspace.
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('5');
    // After HEAVY_OPERATIONS_STALL_SECONDS without a byte, the server cuts them.
    expect(await Promise.all(closed)).toEqual(['cut', 'cut']);
    await otherHeld.answer.catch(() => undefined);
    const after = await upload(ws.owner, [1000], { path: 'after' }).answer;
    expect(after.status).toBe(200);
    expect(await storedRows(ws.id)).toBe(rows + 1);
    expect(filesOf(ws.id)).toHaveLength(files + 1);
    await new Promise((r) => setImmediate(r));
    expect(readdirSync(spool)).toEqual([]);
  }, 30_000);
});
