import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Client } from 'pg';
import ts from 'typescript';
import { PGlite } from '@electric-sql/pglite';
import { embeddedExtensions } from '../../../src/platform/database/embedded-postgres';
import { contractFor, registerOrigin } from '../../support/contract';

const root = process.cwd();

/** The service's TypeScript sources, and the plain CommonJS files beside them. */
function* tsFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* tsFiles(path);
    else if ((name.endsWith('.ts') && !name.endsWith('.spec.ts')) || name.endsWith('.cjs')) yield path;
  }
}

const transpileOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2023,
  emitDecoratorMetadata: true,
  experimentalDecorators: true,
  useDefineForClassFields: false,
  esModuleInterop: true,
};

/**
 * The service as JavaScript in a temporary directory: each file transpiled on its own (the
 * project compiles with isolatedModules, so this equals the build without type checking, in a
 * few seconds instead of a full `nest build`). One directory per content of the sources (and
 * node_modules they run with), made by the first test that asks and shared by every later one, in
 * this run and the next: read-only for its users, never removed by them.
 */
export function transpileService(): string {
  const files = ['src', 'migrations'].flatMap((dir) => [...tsFiles(join(root, dir))]).sort();
  const hash = createHash('sha256').update(JSON.stringify(transpileOptions));
  hash.update(realpathSync(join(root, 'node_modules')));
  for (const file of files) hash.update(`\0${relative(root, file)}\0`).update(readFileSync(file));
  const prefix = 'trade-crm-service-';
  const shared = join(tmpdir(), `${prefix}${hash.digest('hex').slice(0, 16)}`);
  try {
    if (statSync(shared).isDirectory()) return shared;
  } catch {
    /* not made yet */
  }
  const out = mkdtempSync(join(tmpdir(), `${prefix}build-`));
  for (const file of files) {
    if (file.endsWith('.cjs')) {
      // Plain JavaScript the build copies as it is (nest-cli.json assets: the script worker).
      const target = join(out, relative(root, file));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, readFileSync(file));
      continue;
    }
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: transpileOptions,
      fileName: file,
    });
    const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  try {
    // Atomic: the shared directory is whole once it exists.
    renameSync(out, shared);
  } catch {
    // Another process made it meanwhile: the same content.
    rmSync(out, { recursive: true, force: true });
  }
  // Copies of older sources, made more than a day ago.
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    try {
      if (name.startsWith(prefix) && path !== shared && statSync(path).mtimeMs < Date.now() - 86_400_000)
        rmSync(path, { recursive: true, force: true });
    } catch {
      /* removed by another process meanwhile */
    }
  }
  return shared;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The child could not listen: another process has its port. */
class PortTakenError extends Error {
  constructor(port: string) {
    super(`Port ${port} is taken`);
  }
}

/** One run of the service as its own process, listening on `port`. */
export class ChildService {
  private output = '';

  private constructor(
    readonly process: ChildProcess,
    readonly baseUrl: string,
  ) {
    process.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    process.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
  }

  static async start(dist: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ChildService> {
    const child = spawn(process.execPath, [join(dist, 'src/main.js')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ChildService(child, `http://127.0.0.1:${env.PORT}`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) {
        if (service.output.includes('EADDRINUSE')) throw new PortTakenError(env.PORT);
        throw new Error(`The service exited on start:\n${service.output}`);
      }
      try {
        // Live, and this child is the one listening (another test's child may have taken the port).
        if (
          service.output.includes(`Listening on http://localhost:${env.PORT} `) &&
          (await fetch(`${service.baseUrl}/health/live`)).ok
        ) {
          // Its answers are checked against the document it serves, as those of startApp() are.
          const document = await (await fetch(`${service.baseUrl}/openapi.json`)).text();
          registerOrigin(service.baseUrl, contractFor(document));
          return service;
        }
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The service did not start in ${timeoutMs} ms:\n${service.output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Starts the child on `env.PORT`; when another process took that port meanwhile (it was free when
   * it was picked, but ports of outgoing connections come from the same range), on a fresh one.
   * `env.PORT` is updated to the port the child listens on.
   */
  static async startOnFreePort(
    dist: string,
    env: Record<string, string>,
    timeoutMs?: number,
  ): Promise<ChildService> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ChildService.start(dist, env, timeoutMs);
      } catch (e) {
        if (!(e instanceof PortTakenError) || attempt === 5) throw e;
        env.PORT = String(await freePort());
      }
    }
  }

  /** What the process has written to stdout and stderr so far. */
  get log(): string {
    return this.output;
  }

  /** Resolves when the child's output (stdout and stderr) contains `text`. */
  async waitForOutput(text: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes(text)) {
      if (Date.now() > deadline) throw new Error(`The service did not print "${text}" in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * The webhook delivery worker alone (`src/worker.js`, no HTTP API): started once it says so.
   * `baseUrl` is empty: it listens on nothing.
   */
  static async startWorker(
    dist: string,
    env: Record<string, string>,
    timeoutMs = 60_000,
  ): Promise<ChildService> {
    const child = spawn(process.execPath, [join(dist, 'src/worker.js')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = new ChildService(child, '');
    const started = worker.waitForOutput('Webhook delivery worker started', timeoutMs);
    // 'close': after its output has been read, so the error shows what it said.
    const exited = new Promise<never>((_, reject) =>
      child.once('close', () => reject(new Error(`The worker exited on start:\n${worker.output}`))),
    );
    // Whichever settles second is of no interest (the worker's later exit, a moot time-out).
    started.catch(() => undefined);
    exited.catch(() => undefined);
    await Promise.race([started, exited]);
    return worker;
  }

  /** Sends `signal` and resolves with the exit code (null when a signal ended the process). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return this.process.exitCode;
    const exited = new Promise<number | null>((r) => this.process.once('exit', (code) => r(code)));
    this.process.kill(signal);
    return exited;
  }

  /** kill -9: no shutdown hook, no graceful close of connections or the database. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((r) => this.process.once('exit', r));
    this.process.kill(signal);
    await exited;
  }
}

/** A database of its own on the server (the child bootstraps its admin into an empty one); `drop` removes it. */
export async function recreateDatabase(url: string, drop = false): Promise<void> {
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
 * What a kill -9 test runs its child service on: the transpiled service, a data directory, on the
 * server database (TEST_DATABASE_URL) a database of its own, and the environment (`env` adds to
 * it). `start()` runs the child, again after a kill, on the same data; `dispose()` kills it and
 * removes everything.
 */
export class CrashBed {
  static readonly adminPassword = 'crash-test-admin-password';
  service?: ChildService;

  private constructor(
    readonly dist: string,
    readonly dataDir: string,
    readonly databaseUrl: string,
    readonly env: Record<string, string>,
  ) {}

  /** `name`: a short identifier of the test (the server database is `<test database>_<name>`). */
  static async create(name: string, env: Record<string, string> = {}): Promise<CrashBed> {
    const dist = transpileService();
    const dataDir = mkdtempSync(join(tmpdir(), `trade-crm-${name}-`));
    let databaseUrl = '';
    if (process.env.TEST_DATABASE_URL) {
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `${url.pathname}_${name}`;
      databaseUrl = url.toString();
      await recreateDatabase(databaseUrl);
    }
    return new CrashBed(dist, dataDir, databaseUrl, {
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: `crash-test-secret-${name}-0123456789-crash-test-secret`,
      LOG_LEVEL: 'silent',
      BOOTSTRAP_ADMIN_PASSWORD: CrashBed.adminPassword,
      // The load these suites send as one admin would otherwise meet the per-user rate limit.
      RATE_LIMIT_PER_USER: '10000000',
      RATE_LIMIT_PER_WORKSPACE: '10000000',
      ...env,
    });
  }

  /** Starts the child on the bed's port, or on a fresh one when another process took it meanwhile. */
  async start(timeoutMs?: number): Promise<ChildService> {
    this.service = await ChildService.startOnFreePort(this.dist, this.env, timeoutMs);
    return this.service;
  }

  /** An access token of the bootstrap admin from the running child. */
  async adminToken(): Promise<string> {
    const login = await fetch(`${this.service!.baseUrl}/core-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: CrashBed.adminPassword }),
    });
    if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
    return ((await login.json()) as { accessToken: string }).accessToken;
  }

  /** Seconds from spawn to a live health check, one entry per `start()`. */
  readonly startSeconds: number[] = [];

  /** `start()`, timed into `startSeconds`. */
  async timedStart(): Promise<ChildService> {
    const began = performance.now();
    const service = await this.start();
    this.startSeconds.push((performance.now() - began) / 1000);
    return service;
  }

  /**
   * Runs `work` with a query function on the bed's database from the test process: on the server
   * through a connection of its own; the embedded database is opened on the data directory, so only
   * while no child runs (PGlite is single-process), and opening it runs crash recovery as a
   * restart would.
   */
  async withDatabase<R>(
    work: (
      query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>,
    ) => Promise<R>,
  ): Promise<R> {
    if (this.databaseUrl) {
      const client = new Client({ connectionString: this.databaseUrl });
      await client.connect();
      try {
        return await work(async (sql, params) => (await client.query(sql, params)).rows);
      } finally {
        await client.end();
      }
    }
    const running = this.service?.process;
    if (running && running.exitCode === null && running.signalCode === null)
      throw new Error('The embedded database is in use by the child: kill it first');
    const db = await PGlite.create({ dataDir: join(this.dataDir, 'pgdata'), extensions: embeddedExtensions });
    try {
      return await work(async (sql, params) => (await db.query(sql, params)).rows as never);
    } finally {
      await db.close();
    }
  }

  async dispose(): Promise<void> {
    await this.service?.kill();
    if (this.databaseUrl) await recreateDatabase(this.databaseUrl, true);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
