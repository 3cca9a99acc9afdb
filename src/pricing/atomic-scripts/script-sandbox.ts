import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { Env } from '../../config/env';
import { serviceUnavailable } from '../../platform/http/problem';
import workerFile from './script-worker-file.cjs';

/** Limits of the sandbox that are not settings (the settings: SCRIPTS_* in src/config/env.ts). */
export const scriptLimits = {
  /** QuickJS's own heap accounting per evaluation (the WebAssembly memory maximum is the hard one). */
  heapBytes: 8 * 1024 * 1024,
  stackBytes: 256 * 1024,
  /** A worker still busy this long after its evaluation's deadline is terminated. */
  killGraceMs: 100,
  /** The worker's own JavaScript heap (the scripts' memory is WebAssembly memory, outside it). */
  workerHeapMb: 32,
} as const;

/** What the scripts decided for one line; `failure`: the line could not be priced by its rules (fail closed). */
export interface LineOutcome {
  customerPrice?: number | null;
  shouldRequestPrice?: boolean;
  messages: string[];
  /** The first script (its index) that failed for this line, and why (at most ~500 characters). */
  failure?: { script: number; error: string };
}

/** A price evaluation: every line's outcome, or why none could be computed (then every line fails closed). */
export type Evaluation =
  { ok: true; lines: LineOutcome[] } | { ok: false; reason: string; retryAfterSeconds: number };

type Job = { kind: 'check'; code: string } | { kind: 'price'; codes: string[]; inputs: unknown[] };
type Answer =
  | { error: string | null }
  | { lines: LineOutcome[]; reused?: boolean }
  | { failed: string; killed?: boolean; retryAfterSeconds?: number };

interface Pending {
  workspaceId: string;
  job: Job;
  resolve: (answer: Answer) => void;
}

interface Slot {
  worker?: Worker;
  ready?: Promise<Worker>;
  running?: Pending;
}

/**
 * The atomic-script sandbox: a small pool of worker threads (SCRIPTS_WORKERS), started on first
 * use, each evaluating in a QuickJS interpreter with frozen built-ins (kept for the workspace's next
 * evaluation of the same scripts only when this one left nothing behind), inside a WebAssembly
 * instance of the workspace's own (script-worker.cjs).
 * The event loop only posts messages. What holds, whatever a script does:
 * - time: an evaluation has SCRIPTS_TIME_MS of wall clock (interrupts inside the interpreter); a
 *   worker still busy `killGraceMs` later (a built-in running in C) is terminated and replaced;
 * - workspaces: at most one worker busy per workspace, workspaces served in turn, at most
 *   SCRIPTS_QUEUE evaluations waiting per workspace (beyond: 503 with Retry-After), and a
 *   workspace whose evaluation was terminated is not evaluated again for SCRIPTS_COOLDOWN_MS;
 * - memory: each workspace's WebAssembly memory has a maximum (SCRIPTS_MEMORY_MB), the worker's
 *   heap a resource limit; nothing a script leaves behind survives its evaluation.
 * `stats.reused` counts evaluations that ran in a kept interpreter.
 */
@Injectable()
export class ScriptSandbox implements OnModuleDestroy {
  private readonly logger = new Logger('AtomicScripts');
  private readonly slots: Slot[];
  /** Waiting evaluations per workspace, in the order workspaces are served (round robin). */
  private readonly queues = new Map<string, Pending[]>();
  private readonly busy = new Set<string>();
  private readonly coolingUntil = new Map<string, number>();
  private closed = false;
  /** Counters, for tests and the bench. */
  readonly stats = { evaluations: 0, terminated: 0, reused: 0 };

  constructor(private readonly env: Env) {
    this.slots = Array.from({ length: env.SCRIPTS_WORKERS }, () => ({}));
  }

  /** Whether an evaluation of this workspace is running now. */
  isRunning(workspaceId: string): boolean {
    return this.busy.has(workspaceId);
  }

  /** The parser's message for code that does not compile; null when it does. */
  async check(workspaceId: string, code: string): Promise<string | null> {
    const answer = await this.enqueue(workspaceId, { kind: 'check', code });
    if ('error' in answer) return answer.error;
    if ('failed' in answer && answer.killed)
      return `The script could not be compiled within ${this.env.SCRIPTS_TIME_MS} ms.`;
    throw serviceUnavailable(`The script sandbox could not check the code: ${failedOf(answer)}`, 1);
  }

  /** Runs `codes` (in order) over each input. Throws a 503 Problem when the workspace's queue is full. */
  async price(workspaceId: string, codes: string[], inputs: unknown[]): Promise<Evaluation> {
    const cooling = this.cooling(workspaceId);
    if (cooling) return { ok: false, reason: cooling.failed, retryAfterSeconds: cooling.retryAfterSeconds };
    const answer = await this.enqueue(workspaceId, { kind: 'price', codes, inputs });
    if ('lines' in answer) {
      if (answer.reused) this.stats.reused++;
      return { ok: true, lines: answer.lines };
    }
    return {
      ok: false,
      reason: failedOf(answer),
      retryAfterSeconds: 'failed' in answer && answer.retryAfterSeconds ? answer.retryAfterSeconds : 1,
    };
  }

  /** While a workspace rests after a terminated evaluation: the answer its prices get without running. */
  private cooling(workspaceId: string): { failed: string; retryAfterSeconds: number } | undefined {
    const until = this.coolingUntil.get(workspaceId);
    if (until === undefined) return undefined;
    const left = until - Date.now();
    if (left <= 0) {
      this.coolingUntil.delete(workspaceId);
      return undefined;
    }
    return {
      failed: 'its scripts were stopped at their deadline moments ago (cool-down)',
      retryAfterSeconds: Math.ceil(left / 1000),
    };
  }

  private enqueue(workspaceId: string, job: Job): Promise<Answer> {
    if (this.closed) return Promise.resolve({ failed: 'the service is shutting down' });
    const queue = this.queues.get(workspaceId) ?? [];
    if (queue.length >= this.env.SCRIPTS_QUEUE)
      throw serviceUnavailable(
        `This workspace's atomic scripts are busy (${queue.length} evaluations waiting); retry shortly.`,
        Math.max(1, Math.ceil(this.env.SCRIPTS_TIME_MS / 1000)),
      );
    return new Promise<Answer>((resolve) => {
      queue.push({ workspaceId, job, resolve });
      this.queues.set(workspaceId, queue);
      this.pump();
    });
  }

  /** Hands waiting evaluations to idle workers: one per workspace at a time, workspaces in turn. */
  private pump(): void {
    for (const slot of this.slots) {
      if (slot.running) continue;
      const next = this.takeNext();
      if (!next) return;
      slot.running = next;
      void this.dispatch(slot, next);
    }
  }

  private takeNext(): Pending | undefined {
    for (const [workspaceId, queue] of this.queues) {
      if (this.busy.has(workspaceId)) continue;
      const next = queue.shift()!;
      // Served: to the back of the line (Map order), or out of it when nothing else waits.
      this.queues.delete(workspaceId);
      if (queue.length) this.queues.set(workspaceId, queue);
      this.busy.add(workspaceId);
      return next;
    }
    return undefined;
  }

  private async dispatch(slot: Slot, pending: Pending): Promise<void> {
    // Evaluations that waited while the workspace's scripts were terminated are not run either.
    const cooling = pending.job.kind === 'price' ? this.cooling(pending.workspaceId) : undefined;
    if (cooling) return this.finish(slot, pending, cooling);
    let worker: Worker;
    try {
      worker = await this.workerOf(slot);
    } catch (e) {
      return this.finish(slot, pending, {
        failed: `the script workers did not start: ${(e as Error).message}`,
      });
    }
    this.stats.evaluations++;
    const id = this.stats.evaluations;
    let done = false;
    const settle = (answer: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      this.finish(slot, pending, answer);
    };
    const onMessage = (message: { id: number } & Answer) => {
      if (message.id === id) settle(message);
    };
    const onExit = () => {
      this.forget(slot, worker);
      settle({ failed: 'the script worker stopped (a resource limit)' });
    };
    const timer = setTimeout(() => {
      // A built-in running in C does not see the interrupt: the thread is terminated, and replaced on next use.
      this.stats.terminated++;
      this.forget(slot, worker);
      void worker.terminate();
      if (pending.job.kind === 'price') this.coolDown(pending.workspaceId);
      settle({
        failed: `its scripts ran past the ${this.env.SCRIPTS_TIME_MS} ms deadline and were stopped`,
        killed: true,
        retryAfterSeconds: Math.max(1, Math.ceil(this.env.SCRIPTS_COOLDOWN_MS / 1000)),
      });
    }, this.env.SCRIPTS_TIME_MS + scriptLimits.killGraceMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage({ id, workspaceId: pending.workspaceId, ...pending.job });
  }

  private coolDown(workspaceId: string): void {
    const now = Date.now();
    // Expired entries of workspaces that did not come back are pruned as others are added.
    if (this.coolingUntil.size >= 1000)
      for (const [id, until] of this.coolingUntil) if (until <= now) this.coolingUntil.delete(id);
    this.coolingUntil.set(workspaceId, now + this.env.SCRIPTS_COOLDOWN_MS);
  }

  private finish(slot: Slot, pending: Pending, answer: Answer): void {
    slot.running = undefined;
    this.busy.delete(pending.workspaceId);
    pending.resolve(answer);
    this.pump();
  }

  private forget(slot: Slot, worker: Worker): void {
    if (slot.worker === worker) {
      slot.worker = undefined;
      slot.ready = undefined;
    }
  }

  /** The slot's worker, started when first needed (ready once its interpreter module is compiled). */
  private workerOf(slot: Slot): Promise<Worker> {
    slot.ready ??= new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(workerFile, {
        workerData: {
          limits: {
            memoryPages: this.env.SCRIPTS_MEMORY_MB * 16,
            heapBytes: scriptLimits.heapBytes,
            stackBytes: scriptLimits.stackBytes,
            runMs: this.env.SCRIPTS_RUN_TIME_MS,
            budgetMs: this.env.SCRIPTS_TIME_MS,
          },
        },
        resourceLimits: {
          maxOldGenerationSizeMb: scriptLimits.workerHeapMb,
          maxYoungGenerationSizeMb: 8,
          stackSizeMb: 4,
        },
      });
      // The process may exit while a worker idles.
      worker.unref();
      slot.worker = worker;
      const failed = (reason: string) => {
        this.forget(slot, worker);
        void worker.terminate();
        reject(new Error(reason));
      };
      const onStart = (message: { ready?: true; startFailed?: string }) => {
        worker.off('message', onStart);
        if (message.ready) resolve(worker);
        else failed(message.startFailed ?? 'no answer');
      };
      worker.on('message', onStart);
      worker.once('error', (e) => {
        this.logger.error(`An atomic-script worker failed: ${e.message.slice(0, 500)}`);
        failed(e.message);
      });
      worker.once('exit', () => failed('it exited'));
    });
    // A worker that failed to start is not kept: the next evaluation starts another.
    slot.ready.catch(() => undefined);
    return slot.ready;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values())
      for (const p of queue) p.resolve({ failed: 'the service is shutting down' });
    this.queues.clear();
    await Promise.all(
      this.slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = undefined;
        slot.ready = undefined;
        if (worker) await worker.terminate();
      }),
    );
  }
}

const failedOf = (answer: Answer): string => ('failed' in answer ? answer.failed : 'no answer');
