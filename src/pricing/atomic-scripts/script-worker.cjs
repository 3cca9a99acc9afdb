'use strict';
/**
 * One worker thread of the atomic-script pool (ScriptSandbox in script-sandbox.ts). Plain CommonJS, not TypeScript, so
 * the same file runs from src/ under jest and from dist/ in production (nest-cli.json copies it).
 *
 * Each workspace gets its own QuickJS WebAssembly instance (from the module compiled once per
 * worker), with its own memory whose `maximum` is the real limit: no workspace can take memory
 * from another. An interpreter (a runtime and a context in it) runs with its built-ins frozen; a
 * price request's evaluation reuses the one kept for the workspace's current scripts only when the
 * previous evaluation left nothing behind (no new global, no pending job, no limit reached),
 * otherwise it starts afresh: nothing a script leaves behind survives into the next evaluation.
 * A compile check runs in an interpreter of its own. The runtime has a heap and a stack limit, and an
 * interrupt per run (`runMs`) and per evaluation (`budgetMs`). Built-ins that run long in C are not interruptible: the pool terminates this
 * thread at its deadline, which is the limit that holds.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { newQuickJSWASMModuleFromVariant, newVariant } = require('quickjs-emscripten-core');
const releaseSync = require('@jitl/quickjs-wasmfile-release-sync').default;

const limits = workerData.limits;
const maxMessages = 20;
const maxMessageLength = 1000;
/** The longest answer a script may give (JSON characters): Shopify Functions' output is bounded too. */
const maxOutputChars = 65536;
/** Errors are cut to this before they leave the worker (the log gets them once per request). */
const maxErrorChars = 500;
const limitErrors = /interrupted|out of memory|stack overflow|string too long|too long/i;

/**
 * The sandbox's own code, evaluated once per context: it freezes every built-in object (those
 * reachable from `globalThis` and the hidden ones: iterator, generator and typed-array
 * prototypes) and fixes every existing global, then answers `{ add, run, globals }`,
 * which only the host holds: `add(code)` compiles a script as the body of `function (input)`
 * (the function and its prototype frozen too), `run(i, json)` runs script i on a JSON input and
 * answers JSON, `globals()` counts the global object's own keys. So the only place an evaluation
 * can leave something behind is a new global or a pending job, and the host checks both after each
 * evaluation (see `price`). Errors are cut inside the sandbox, so a 3 MB message never crosses into
 * the host whole.
 */
const prelude = `(() => {
  const fns = [];
  const cut = (e) => {
    let text;
    try { text = (e && e.name ? String(e.name) : 'Error') + ': ' + String(e && e.message !== undefined ? e.message : e); }
    catch { text = 'Error: (unprintable)'; }
    return text.length > ${maxErrorChars} ? text.slice(0, ${maxErrorChars}) + '…' : text;
  };
  const hidden = [
    Object.getPrototypeOf(function* () {}),
    Object.getPrototypeOf(async function () {}),
    Object.getPrototypeOf(async function* () {}),
    Object.getPrototypeOf([][Symbol.iterator]()),
    Object.getPrototypeOf(''[Symbol.iterator]()),
    Object.getPrototypeOf(new Map()[Symbol.iterator]()),
    Object.getPrototypeOf(new Set()[Symbol.iterator]()),
    Object.getPrototypeOf(/x/[Symbol.matchAll]('')),
    Object.getPrototypeOf(Int8Array),
    Object.getOwnPropertyDescriptor(Function.prototype, 'caller')?.get,
  ];
  if (typeof Iterator === 'function') {
    hidden.push(Object.getPrototypeOf([].values().map((x) => x)));
    hidden.push(Object.getPrototypeOf(Iterator.from({ next: () => ({ done: true }) })));
  }
  const seen = new Set();
  const stack = [globalThis, ...hidden];
  while (stack.length) {
    const o = stack.pop();
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null || seen.has(o)) continue;
    seen.add(o);
    stack.push(Object.getPrototypeOf(o));
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (d) stack.push(d.value, d.get, d.set);
    }
  }
  for (const o of seen) if (o !== globalThis) Object.freeze(o);
  for (const key of Reflect.ownKeys(globalThis)) {
    const d = Object.getOwnPropertyDescriptor(globalThis, key);
    Object.defineProperty(globalThis, key, 'value' in d ? { writable: false, configurable: false } : { configurable: false });
  }
  const add = (code) => {
    try {
      const fn = new Function('input', code);
      Object.freeze(fn.prototype);
      fns.push(Object.freeze(fn));
      return fns.length - 1;
    } catch (e) { return cut(e); }
  };
  const run = (i, json) => {
    let out;
    try { out = fns[i](JSON.parse(json)); } catch (e) { return { error: cut(e) }; }
    let text;
    try { text = out === undefined ? 'null' : JSON.stringify(out); } catch (e) { return { error: cut(e) }; }
    if (text === undefined) text = 'null';
    if (text.length > ${maxOutputChars}) return { error: 'RangeError: the answer is longer than ${maxOutputChars} characters' };
    return { json: text };
  };
  const globals = () => Reflect.ownKeys(globalThis).length;
  return { add, run, globals };
})()`;

const cut = (text) => (text.length > maxErrorChars ? `${text.slice(0, maxErrorChars)}…` : text);

let wasmModule;
/**
 * Per workspace (least recently used dropped): its WebAssembly instance, with its own memory whose
 * `maximum` bounds everything the workspace's evaluations can hold, and the interpreter kept for
 * its current scripts (`kept`).
 */
const instances = new Map();
const maxInstances = 4;
/** A kept interpreter is replaced after this many evaluations (what garbage it holds stays bounded). */
const maxEvaluationsPerInterpreter = 1000;

/**
 * The workspace's entry: its WebAssembly instance, kept between its evaluations (a new instance
 * costs milliseconds and 16 MB of fresh memory); dropped when anything in it failed.
 */
async function entryOf(workspaceId) {
  let entry = instances.get(workspaceId);
  if (entry) instances.delete(workspaceId);
  else {
    const wasmMemory = new WebAssembly.Memory({ initial: 256, maximum: limits.memoryPages });
    entry = {
      quickjs: await newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmModule, wasmMemory })),
      kept: undefined,
    };
  }
  instances.set(workspaceId, entry);
  while (instances.size > maxInstances) {
    const oldest = instances.keys().next().value;
    forget(oldest);
  }
  return entry;
}

/** Drops a workspace's instance (and the interpreter kept in it). */
function forget(workspaceId) {
  const entry = instances.get(workspaceId);
  instances.delete(workspaceId);
  if (entry && entry.kept) entry.kept.sandbox.dispose();
}

/**
 * A new interpreter in the workspace's instance: a runtime (its own heap, limits and atoms) and a
 * context whose built-ins the prelude has frozen. Should disposing fail, the instance is dropped.
 */
function interpreter(workspaceId, quickjs) {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.heapBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  let deadline = Number.POSITIVE_INFINITY;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const vm = runtime.newContext();
  const host = vm.unwrapResult(vm.evalCode(prelude, 'prelude.js'));
  const add = vm.getProp(host, 'add');
  const run = vm.getProp(host, 'run');
  const globals = vm.getProp(host, 'globals');
  host.dispose();
  /** Calls a sandbox function with string/number arguments until `until`; answers the dumped value or an error. */
  const call = (fn, args, until) => {
    const handles = args.map((a) => (typeof a === 'number' ? vm.newNumber(a) : vm.newString(a)));
    deadline = until;
    try {
      const result = vm.callFunction(fn, vm.undefined, ...handles);
      if (result.error) {
        const dumped = vm.dump(result.error);
        result.error.dispose();
        const text =
          typeof dumped === 'object' && dumped !== null
            ? `${dumped.name ?? 'Error'}: ${dumped.message ?? ''}`
            : String(dumped);
        return { error: cut(text), limit: limitErrors.test(text) };
      }
      const value = vm.dump(result.value);
      result.value.dispose();
      return { value };
    } finally {
      deadline = Number.POSITIVE_INFINITY;
      for (const h of handles) h.dispose();
    }
  };
  const globalCount = () => call(globals, [], Number.POSITIVE_INFINITY).value;
  const baseline = globalCount();
  return {
    compile: (code, until) => {
      const r = call(add, [code], until);
      if ('error' in r) return r;
      return typeof r.value === 'number' ? { index: r.value } : { error: cut(String(r.value)) };
    },
    run: (index, input, until) => {
      const r = call(run, [index, input], until);
      if ('error' in r) return r;
      const v = r.value;
      if (v && typeof v.error === 'string') return { error: cut(v.error), limit: limitErrors.test(v.error) };
      try {
        return { value: JSON.parse(v.json) };
      } catch {
        return { error: 'The script returned a value that is not JSON.' };
      }
    },
    /** Whether an evaluation left nothing behind: no new global, no pending job (a promise's reaction). */
    clean: () => !runtime.hasPendingJob() && globalCount() === baseline,
    dispose: () => {
      try {
        add.dispose();
        run.dispose();
        globals.dispose();
        vm.dispose();
        runtime.dispose();
      } catch {
        instances.delete(workspaceId);
      }
    },
  };
}

/** A compile check: the parser's message, or null (in an interpreter of its own, disposed after). */
async function check(workspaceId, code) {
  const entry = await entryOf(workspaceId);
  const sandbox = interpreter(workspaceId, entry.quickjs);
  try {
    const r = sandbox.compile(code, Date.now() + limits.budgetMs);
    return { error: 'error' in r ? r.error : null };
  } finally {
    sandbox.dispose();
  }
}

/**
 * One price request: each line through the scripts in order (a script sees what the earlier ones
 * decided). A line fails closed at its first script that throws, runs past a limit or answers
 * something malformed; a script past a limit is not run again for the later lines (they fail too);
 * lines not reached within the evaluation's budget fail.
 *
 * The interpreter with the workspace's scripts compiled is kept for its next evaluation of the
 * same scripts (a new runtime and context cost about 0.4 ms, compiling the scripts more), and
 * reused only while nothing was left behind: after an evaluation that added a global, left a
 * pending job, ran past a limit or failed, it is disposed and the next one starts afresh. With the
 * built-ins, the compiled functions and the existing globals frozen, that is all an evaluation can
 * change (script-sandbox.spec.ts tries the ways around it).
 */
async function price(workspaceId, codes, inputs) {
  const started = Date.now();
  const budgetEnd = started + limits.budgetMs;
  const key = JSON.stringify(codes);
  let entry;
  let kept;
  try {
    entry = await entryOf(workspaceId);
    kept = entry.kept;
    entry.kept = undefined;
    if (kept && kept.key !== key) {
      kept.sandbox.dispose();
      kept = undefined;
    }
    if (!kept) {
      const sandbox = interpreter(workspaceId, entry.quickjs);
      kept = { key, sandbox, compiled: undefined, evaluations: 0 };
    }
  } catch (e) {
    forget(workspaceId);
    return { failed: cut(`The interpreter did not start: ${e.message}`) };
  }
  const sandbox = kept.sandbox;
  const reused = kept.compiled !== undefined;
  let reusable = false;
  try {
    if (!kept.compiled) kept.compiled = codes.map((code) => sandbox.compile(code, budgetEnd));
    const outcome = evaluate(sandbox, kept.compiled, inputs, budgetEnd);
    kept.evaluations++;
    reusable =
      !outcome.limitHit &&
      !kept.compiled.some((c) => 'error' in c && c.limit) &&
      kept.evaluations < maxEvaluationsPerInterpreter &&
      sandbox.clean();
    return { lines: outcome.lines, reused };
  } catch (e) {
    // The instance itself failed (its memory could not grow, an abort): it is dropped, and nothing more runs in it.
    forget(workspaceId);
    return { failed: cut(`The interpreter failed: ${e.message}`) };
  } finally {
    if (reusable && instances.get(workspaceId) === entry) entry.kept = kept;
    else sandbox.dispose();
  }
}

function evaluate(sandbox, compiled, inputs, budgetEnd) {
  const exhausted = new Map();
  const lines = [];
  for (const line of inputs) {
    const outcome = { messages: [] };
    const input = { ...line };
    for (let i = 0; i < compiled.length; i++) {
      const c = compiled[i];
      let failure;
      if ('error' in c) failure = { script: i, error: `does not compile: ${c.error}` };
      else if (exhausted.has(i)) failure = { script: i, error: exhausted.get(i) };
      else if (Date.now() >= budgetEnd)
        failure = { script: i, error: `not run: the request's ${limits.budgetMs} ms were used up` };
      else {
        const run = sandbox.run(
          c.index,
          JSON.stringify({ ...input, messages: [...outcome.messages] }),
          Math.min(Date.now() + limits.runMs, budgetEnd),
        );
        const decided = 'error' in run ? run : readOutcome(run.value);
        if ('error' in decided) {
          if (decided.limit)
            exhausted.set(i, `not run: it ran past a limit on an earlier line (${decided.error})`);
          failure = { script: i, error: decided.error };
        } else {
          const value = decided.value;
          if (value.customerPrice !== undefined)
            outcome.customerPrice = input.customerPrice = value.customerPrice;
          if (value.shouldRequestPrice !== undefined)
            outcome.shouldRequestPrice = input.shouldRequestPrice = value.shouldRequestPrice;
          outcome.messages.push(...value.messages.slice(0, maxMessages - outcome.messages.length));
        }
      }
      if (failure) {
        outcome.failure = failure;
        break;
      }
    }
    lines.push(outcome);
  }
  return { lines, limitHit: exhausted.size > 0 };
}

/** A script's answer, checked: undefined/null = no change; else an object of the documented members. */
function readOutcome(value) {
  if (value === null || value === undefined) return { value: { messages: [] } };
  if (typeof value !== 'object' || Array.isArray(value))
    return { error: 'The script must return an object or nothing.' };
  const out = { messages: [] };
  if (value.customerPrice !== undefined) {
    const p = value.customerPrice;
    if (p !== null && (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 1e14))
      return { error: 'customerPrice must be a number ≥ 0 or null.' };
    out.customerPrice = p;
  }
  if (value.shouldRequestPrice !== undefined) {
    if (typeof value.shouldRequestPrice !== 'boolean')
      return { error: 'shouldRequestPrice must be a boolean.' };
    out.shouldRequestPrice = value.shouldRequestPrice;
  }
  if (value.messages !== undefined) {
    if (!Array.isArray(value.messages) || value.messages.some((m) => typeof m !== 'string'))
      return { error: 'messages must be an array of strings.' };
    out.messages = value.messages.slice(0, maxMessages).map((m) => m.slice(0, maxMessageLength));
  }
  return { value: out };
}

(async () => {
  wasmModule = await WebAssembly.compile(
    readFileSync(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
  );
  // A first instance warms the emscripten glue, so the first evaluation's deadline is the script's.
  interpreter('', (await entryOf('')).quickjs).dispose();
  instances.clear();
  parentPort.on('message', async (job) => {
    let answer;
    try {
      answer =
        job.kind === 'check'
          ? await check(job.workspaceId, job.code)
          : await price(job.workspaceId, job.codes, job.inputs);
    } catch (e) {
      answer = { failed: cut(`The sandbox failed: ${e && e.message}`) };
    }
    parentPort.postMessage({ id: job.id, ...answer });
  });
  parentPort.postMessage({ ready: true });
})().catch((e) => {
  parentPort.postMessage({ startFailed: cut(String(e && e.message)) });
});
