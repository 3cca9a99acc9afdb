import { Injectable } from '@nestjs/common';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type CustomizeVariantOptions,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

/** The WebAssembly global (Node's; the project's type libraries do not declare it). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => unknown };
  }
).WebAssembly;

/** Limits of one run of a script (and of compiling one). */
export const scriptLimits = {
  /** Wall time of one run; the interpreter is interrupted past it. */
  timeMs: 50,
  /**
   * Heap of a workspace's script runtime. Also what bounds the time of a native built-in that
   * does not check the interrupt (`new Array(1e6).fill(1)` runs until memory runs out: ~0.3 s).
   */
  memoryBytes: 8 * 1024 * 1024,
  stackBytes: 256 * 1024,
  /**
   * The WebAssembly memory of the interpreter (all runtimes) can never grow past this (64 KiB
   * pages: 256 MB), whatever QuickJS's own accounting says.
   */
  wasmPages: 4096,
} as const;

/**
 * What the sandbox offers a script: nothing of the host. `__add(code)` compiles a script as the
 * body of `function (input)`; `__run(i, json)` runs script i on a JSON input and answers JSON.
 * Values cross the boundary only as JSON strings.
 */
const prelude = `
  const fns = [];
  globalThis.__add = (code) => { fns.push(new Function('input', code)); return fns.length - 1; };
  globalThis.__run = (i, json) => { const out = fns[i](JSON.parse(json)); return out === undefined ? 'null' : JSON.stringify(out); };
`;

export type ScriptRun = { ok: true; value: unknown } | { ok: false; error: string; limit?: boolean };

/** Errors of a script that ran past a limit (rather than one that threw). */
const limitErrors = /interrupted|out of memory|stack overflow|string too long/i;

/**
 * A workspace's compiled scripts: one QuickJS runtime (its own heap, limits and globals; nothing
 * a script does reaches another workspace's runtime or the process) holding each script compiled
 * once. QuickJS recovers from its own limit errors (the failed run's objects are
 * freed); `broken` only when the WebAssembly instance itself failed: the owner drops it and
 * compiles again.
 */
export class CompiledScripts {
  private isBroken = false;
  /** Called once when the WebAssembly instance failed under this set. */
  onBroken?: () => void;

  get broken(): boolean {
    return this.isBroken;
  }

  set broken(value: boolean) {
    if (value && !this.isBroken) {
      this.isBroken = true;
      this.onBroken?.();
    }
  }
  private deadline = 0;
  private readonly runtime: QuickJSRuntime;
  private readonly vm: QuickJSContext;
  private readonly add: QuickJSHandle;
  private readonly runner: QuickJSHandle;
  /** Per script: its index in the sandbox, or the error that kept it from compiling. */
  readonly compiled: Array<{ index: number } | { error: string }>;

  constructor(module: QuickJSWASMModule, codes: readonly string[]) {
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(scriptLimits.memoryBytes);
    this.runtime.setMaxStackSize(scriptLimits.stackBytes);
    this.runtime.setInterruptHandler(() => Date.now() > this.deadline);
    this.vm = this.runtime.newContext();
    // The prelude is the sandbox's own code, not a script: the time limit is not its to keep (a
    // cold interpreter on a busy machine can take longer than a script may, and a save then failed).
    this.deadline = Number.POSITIVE_INFINITY;
    this.vm.unwrapResult(this.vm.evalCode(prelude, 'prelude.js')).dispose();
    this.add = this.vm.getProp(this.vm.global, '__add');
    this.runner = this.vm.getProp(this.vm.global, '__run');
    this.compiled = codes.map((code) => this.compile(code));
  }

  private arm(): void {
    this.deadline = Date.now() + scriptLimits.timeMs;
  }

  private compile(code: string): { index: number } | { error: string } {
    const source = this.vm.newString(code);
    this.arm();
    const result = this.call(this.add, [source]);
    source.dispose();
    return result.ok ? { index: result.value as number } : { error: result.error };
  }

  /** Runs compiled script `index` on `input` (JSON-serialisable) within the limits. */
  run(index: number, input: string): ScriptRun {
    const i = this.vm.newNumber(index);
    const json = this.vm.newString(input);
    this.arm();
    const result = this.call(this.runner, [i, json]);
    i.dispose();
    json.dispose();
    if (!result.ok) return result;
    try {
      return { ok: true, value: JSON.parse(result.value as string) as unknown };
    } catch {
      return { ok: false, error: 'The script returned a value that is not JSON.' };
    }
  }

  private call(fn: QuickJSHandle, args: QuickJSHandle[]): ScriptRun {
    let result: ReturnType<QuickJSContext['callFunction']>;
    try {
      result = this.vm.callFunction(fn, this.vm.undefined, ...args);
    } catch (e) {
      this.broken = true;
      return { ok: false, error: `The interpreter failed: ${(e as Error).message}`, limit: true };
    }
    if (result.error) {
      const dumped = this.vm.dump(result.error) as { name?: string; message?: string } | string;
      result.error.dispose();
      const error =
        typeof dumped === 'object' && dumped !== null
          ? `${dumped.name ?? 'Error'}: ${dumped.message ?? ''}`
          : String(dumped);
      return { ok: false, error, limit: limitErrors.test(error) };
    }
    const value = this.vm.dump(result.value) as unknown;
    result.value.dispose();
    return { ok: true, value };
  }

  dispose(): void {
    try {
      this.add.dispose();
      this.runner.dispose();
      this.vm.dispose();
      this.runtime.dispose();
    } catch {
      // A runtime that ran out of memory may not free cleanly; its WebAssembly instance is dropped whole.
    }
  }
}

/**
 * The QuickJS sandbox (quickjs-emscripten): JavaScript with no process, network, file system or
 * timers, a time limit per run and a memory limit per workspace runtime. One WebAssembly instance
 * per application, its memory capped (`wasmPages`), holds every runtime: a runtime cannot read
 * another's objects, and QuickJS's own accounting stops each at `memoryBytes`. Should the instance
 * itself fail (an abort), the next compile starts a new one and the old one's sets are dropped.
 */
@Injectable()
export class ScriptSandbox {
  private module?: Promise<QuickJSWASMModule>;

  private instance(): Promise<QuickJSWASMModule> {
    if (!this.module) {
      const wasmMemory = new wasm.Memory({ initial: 256, maximum: scriptLimits.wasmPages });
      const loading = newQuickJSWASMModuleFromVariant(
        newVariant(releaseSync, { wasmMemory } as CustomizeVariantOptions),
      );
      // A failed start is not kept: the next call tries again.
      loading.catch(() => this.module === loading && (this.module = undefined));
      this.module = loading;
    }
    return this.module;
  }

  async compile(codes: readonly string[]): Promise<CompiledScripts> {
    const module = await this.instance();
    const set = new CompiledScripts(module, codes);
    set.onBroken = () => {
      if (this.module) void this.module.then((m) => m === module && (this.module = undefined));
    };
    return set;
  }

  /** The parser's message for code that does not compile (or runs past the limits while compiling); null when it does. */
  async check(code: string): Promise<string | null> {
    const set = await this.compile([code]);
    try {
      const [result] = set.compiled;
      return 'error' in result ? result.error : null;
    } finally {
      set.dispose();
    }
  }
}
