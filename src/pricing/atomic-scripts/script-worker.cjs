'use strict';
/**
 * One worker thread of the atomic-script pool (ScriptSandbox in script-sandbox.ts). Plain CommonJS, not TypeScript, so
 * the same file runs from src/ under jest and from dist/ in production (nest-cli.json copies it).
 *
 * Each workspace gets its own QuickJS WebAssembly instance (from the module compiled once per
 * worker), with its own memory whose `maximum` is the real limit: no workspace can take memory
 * from another. Each evaluation (a compile check, or one price request's lines × scripts) runs in
 * a fresh runtime and context in it, disposed afterwards: nothing a script leaves behind (globals,
 * buffers) survives into the next evaluation. The runtime has a heap and a stack limit, and an
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
 * The sandbox's own code: `__add(code)` compiles a script as the body of `function (input)`,
 * `__run(i, json)` runs script i on a JSON input and answers JSON. Errors are cut inside the
 * sandbox, so a 3 MB message never crosses into the host whole.
 */
const prelude = `
  const fns = [];
  const cut = (e) => {
    let text;
    try { text = (e && e.name ? String(e.name) : 'Error') + ': ' + String(e && e.message !== undefined ? e.message : e); }
    catch { text = 'Error: (unprintable)'; }
    return text.length > ${maxErrorChars} ? text.slice(0, ${maxErrorChars}) + '…' : text;
  };
  globalThis.__add = (code) => {
    try { fns.push(new Function('input', code)); return fns.length - 1; } catch (e) { return cut(e); }
  };
  globalThis.__run = (i, json) => {
    let out;
    try { out = fns[i](JSON.parse(json)); } catch (e) { return { error: cut(e) }; }
    let text;
    try { text = out === undefined ? 'null' : JSON.stringify(out); } catch (e) { return { error: cut(e) }; }
    if (text === undefined) text = 'null';
    if (text.length > ${maxOutputChars}) return { error: 'RangeError: the answer is longer than ${maxOutputChars} characters' };
    return { json: text };
  };
`;

const cut = (text) => (text.length > maxErrorChars ? `${text.slice(0, maxErrorChars)}…` : text);

let wasmModule;
/** WebAssembly instances kept per workspace (least recently used dropped), each with its own memory. */
const instances = new Map();
const maxInstances = 4;

/**
 * The workspace's WebAssembly instance: its own memory, whose `maximum` bounds everything the
 * workspace's evaluations can hold. Kept between its evaluations (a new instance costs
 * milliseconds and 16 MB of fresh memory); dropped when anything in it failed.
 */
async function instanceOf(workspaceId) {
  let instance = instances.get(workspaceId);
  if (instance) instances.delete(workspaceId);
  else {
    const wasmMemory = new WebAssembly.Memory({ initial: 256, maximum: limits.memoryPages });
    instance = await newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmModule, wasmMemory }));
  }
  instances.set(workspaceId, instance);
  while (instances.size > maxInstances) instances.delete(instances.keys().next().value);
  return instance;
}

/**
 * A fresh interpreter in the workspace's instance: a new runtime (its own heap, limits and atoms)
 * and context (its own globals), disposed after the evaluation, so nothing a script leaves behind
 * reaches the next one. Should disposing fail, the instance is dropped whole.
 */
async function interpreter(workspaceId) {
  const quickjs = await instanceOf(workspaceId);
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.heapBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  let deadline = Number.POSITIVE_INFINITY;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const vm = runtime.newContext();
  vm.unwrapResult(vm.evalCode(prelude, 'prelude.js')).dispose();
  const add = vm.getProp(vm.global, '__add');
  const run = vm.getProp(vm.global, '__run');
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
    dispose: () => {
      try {
        add.dispose();
        run.dispose();
        vm.dispose();
        runtime.dispose();
      } catch {
        instances.delete(workspaceId);
      }
    },
    drop: () => instances.delete(workspaceId),
  };
}

/** A compile check: the parser's message, or null. */
async function check(workspaceId, code) {
  const sandbox = await interpreter(workspaceId);
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
 */
async function price(workspaceId, codes, inputs) {
  const started = Date.now();
  const budgetEnd = started + limits.budgetMs;
  let sandbox;
  try {
    sandbox = await interpreter(workspaceId);
  } catch (e) {
    instances.delete(workspaceId);
    return { failed: cut(`The interpreter did not start: ${e.message}`) };
  }
  try {
    return evaluate(sandbox, codes, inputs, budgetEnd);
  } catch (e) {
    // The instance itself failed (its memory could not grow, an abort): it is dropped, and nothing more runs in it.
    sandbox.drop();
    return { failed: cut(`The interpreter failed: ${e.message}`) };
  } finally {
    sandbox.dispose();
  }
}

function evaluate(sandbox, codes, inputs, budgetEnd) {
  const compiled = codes.map((code) => sandbox.compile(code, budgetEnd));
  const exhausted = new Map();
  const lines = [];
  for (const line of inputs) {
    const outcome = { messages: [] };
    const input = { ...line };
    for (let i = 0; i < codes.length; i++) {
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
  return { lines };
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
  (await interpreter('')).dispose();
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
