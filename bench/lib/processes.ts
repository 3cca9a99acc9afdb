import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nobody listens on right now (asked from the OS). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

let ticks: number | undefined;
function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/** A server under test: a child Node process listening on 127.0.0.1:port. */
export class ServerProcess {
  private output = '';

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  static start(
    name: string,
    script: string,
    port: number,
    env: Record<string, string>,
    nodeArgs: string[] = [],
  ): ServerProcess {
    const child = spawn(process.execPath, [...nodeArgs, script], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(name, child, port);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The last lines the process printed (for error messages). */
  get tail(): string {
    return this.output.split('\n').slice(-30).join('\n');
  }

  /** Polls `path` until it answers 200; fails with the process output if it dies or times out. */
  async waitReady(path: string, timeoutMs = 180_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null)
        throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${this.tail}`);
      try {
        const res = await fetch(this.url + path, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(
      `${this.name} did not become ready on ${path} within ${timeoutMs / 1000}s:\n${this.tail}`,
    );
  }

  /** Resident set size in MB, or undefined when it cannot be read. */
  rssMb(): number | undefined {
    const pid = this.child.pid;
    if (!pid || this.child.exitCode !== null) return undefined;
    try {
      const statusFile = `/proc/${pid}/status`;
      if (existsSync(statusFile)) {
        const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(statusFile, 'utf8'))?.[1];
        return kb ? Number(kb) / 1024 : undefined;
      }
      return (
        Number(
          execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
            .toString()
            .trim(),
        ) / 1024
      );
    } catch {
      return undefined;
    }
  }

  /** CPU time (user + system) the process has used so far, in ms; undefined off Linux. */
  cpuMs(): number | undefined {
    return this.child.pid === undefined ? undefined : ServerProcess.cpuMsOf(this.child.pid);
  }

  /** CPU time (user + system) of any process so far, in ms; undefined when it cannot be read. */
  static cpuMsOf(pid: number): number | undefined {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
    } catch {
      return undefined;
    }
  }

  /** Samples the RSS every `intervalMs` until the returned function is called; it returns the peak. */
  sampleRss(intervalMs = 250): () => number | undefined {
    let peak: number | undefined;
    const take = () => {
      const v = this.rssMb();
      if (v !== undefined) peak = Math.max(peak ?? 0, v);
    };
    take();
    const timer = setInterval(take, intervalMs);
    return () => {
      clearInterval(timer);
      take();
      return peak;
    };
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}

/** The bare server (bench/bare-server.ts) of the build under `distRoot`, on the bench's database, ready. */
export async function startBareServer(
  distRoot: string,
  config: { databaseUrl: string; jwtSecret: string },
  nodeArgs: string[],
): Promise<ServerProcess> {
  const bare = ServerProcess.start(
    'bare',
    join(distRoot, 'bench/bare-server.js'),
    await freePort(),
    { DATABASE_URL: config.databaseUrl, JWT_SECRET: config.jwtSecret },
    nodeArgs,
  );
  await bare.waitReady('/health/live');
  return bare;
}
