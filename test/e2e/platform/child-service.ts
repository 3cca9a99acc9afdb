import { ChildProcess, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = process.cwd();

function* tsFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* tsFiles(path);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) yield path;
  }
}

/**
 * The service as JavaScript in a temporary directory: each file transpiled on its own (the
 * project compiles with isolatedModules, so this equals the build without type checking, in a
 * few seconds instead of a full `nest build`).
 */
export function transpileService(): string {
  const out = mkdtempSync(join(tmpdir(), 'trade-crm-service-'));
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2023,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    useDefineForClassFields: false,
    esModuleInterop: true,
  };
  for (const dir of ['src', 'migrations']) {
    for (const file of tsFiles(join(root, dir))) {
      const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
        compilerOptions: options,
        fileName: file,
      });
      const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, outputText);
    }
  }
  symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  return out;
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
      if (child.exitCode !== null) throw new Error(`The service exited on start:\n${service.output}`);
      try {
        if ((await fetch(`${service.baseUrl}/health/live`)).ok) return service;
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

  /** kill -9: no shutdown hook, no graceful close of connections or the database. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((r) => this.process.once('exit', r));
    this.process.kill(signal);
    await exited;
  }
}
