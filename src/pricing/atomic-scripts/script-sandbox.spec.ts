import { afterAll, describe, expect, it } from '@jest/globals';
import { loadEnv } from '../../config/env';
import { ScriptSandbox, type Evaluation } from './script-sandbox';

describe('ScriptSandbox (worker pool)', () => {
  const sandbox = new ScriptSandbox(
    loadEnv({ SCRIPTS_WORKERS: '2', SCRIPTS_TIME_MS: '1000', SCRIPTS_COOLDOWN_MS: '0' }),
  );
  afterAll(() => sandbox.onModuleDestroy());

  const lines = (evaluation: Evaluation) => {
    if (!evaluation.ok) throw new Error(evaluation.reason);
    return evaluation.lines;
  };
  const price = (code: string, inputs: object[] = [{ n: 21 }], workspace = 'w1') =>
    sandbox.price(workspace, [code], inputs);

  it('runs scripts in order over each line, one evaluation per request', async () => {
    const result = await sandbox.price(
      'w1',
      [
        'return { customerPrice: input.n * 2, messages: ["doubled"] };',
        'return { messages: [String(input.customerPrice)] };',
      ],
      [{ n: 21 }, { n: 1 }],
    );
    expect(lines(result)).toEqual([
      { customerPrice: 42, messages: ['doubled', '42'] },
      { customerPrice: 2, messages: ['doubled', '2'] },
    ]);
  });

  it('reports a syntax error at compile time with the parser’s message', async () => {
    expect(await sandbox.check('w1', 'return {')).toMatch(/^SyntaxError/);
    expect(await sandbox.check('w1', 'return 1;')).toBeNull();
  });

  it('fails a line closed at a loop, runaway memory, deep recursion, a throw or a malformed answer', async () => {
    for (const code of [
      'while (true) {}',
      'const a = []; for (;;) a.push(new Array(1e6).fill(1));',
      'globalThis.keep = []; for (;;) keep.push(new ArrayBuffer(1 << 20));',
      'let s = "x"; for (;;) s += s;',
      'function f() { return f(); } return f();',
      'throw new Error("boom");',
      'return { customerPrice: "free" };',
    ]) {
      const [line] = lines(await price(code));
      expect(line.failure).toEqual({ script: 0, error: expect.any(String) });
      expect(lines(await price('return { customerPrice: 1 };'))).toEqual([
        { customerPrice: 1, messages: [] },
      ]);
    }
  });

  it('terminates a built-in that runs in C past the deadline, and replaces the worker', async () => {
    const before = sandbox.stats.terminated;
    const result = await price("var s = 'x'.repeat(32768); Array(100000).fill(s).sort();", [{}], 'w2');
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/deadline/) });
    expect(sandbox.stats.terminated).toBe(before + 1);
    expect(lines(await price('return { customerPrice: 3 };', [{}], 'w2'))).toEqual([
      { customerPrice: 3, messages: [] },
    ]);
  });

  it('keeps nothing between evaluations', async () => {
    const code = 'globalThis.n = (globalThis.n || 0) + 1; return { messages: [String(n)] };';
    expect(lines(await price(code))[0].messages).toEqual(['1']);
    expect(lines(await price(code))[0].messages).toEqual(['1']);
  });

  it('reuses the interpreter of unchanged scripts, and a changed script gets a new one', async () => {
    const before = sandbox.stats.reused;
    const code = 'return { customerPrice: input.n + 1 };';
    expect(lines(await price(code, [{ n: 1 }], 'reuse'))).toEqual([{ customerPrice: 2, messages: [] }]);
    expect(lines(await price(code, [{ n: 2 }], 'reuse'))).toEqual([{ customerPrice: 3, messages: [] }]);
    expect(lines(await price(code, [{ n: 3 }], 'reuse'))).toEqual([{ customerPrice: 4, messages: [] }]);
    expect(sandbox.stats.reused - before).toBe(2);
    const changed = 'return { customerPrice: input.n * 10 };';
    expect(lines(await price(changed, [{ n: 3 }], 'reuse'))).toEqual([{ customerPrice: 30, messages: [] }]);
    expect(sandbox.stats.reused - before).toBe(2);
  });

  // Each attack reads what an earlier evaluation might have left, then tries to leave something:
  // the second evaluation of the same (unchanged, so possibly reused) script must read what the first read.
  const leftBehind: Record<string, string> = {
    'a property of globalThis': 'const seen = String(globalThis.leak); globalThis.leak = 1;',
    'an implicit global': 'const seen = typeof leakImplicit; leakImplicit = 1;',
    'a symbol-keyed, hidden global':
      "const k = Symbol.for('leak'); const seen = String(globalThis[k]); Object.defineProperty(globalThis, k, { value: 1 });",
    'a global through this':
      'const g = (function () { return this; })(); const seen = String(g.leakThis); g.leakThis = 1;',
    'a replaced built-in global':
      'const seen = String(JSON.leak); try { JSON = { leak: 1, parse: JSON.parse, stringify: JSON.stringify }; } catch {}',
    'Array.prototype': 'const seen = String([].leak); try { Array.prototype.leak = 1; } catch {}',
    'Object.prototype': 'const seen = String(({}).leak); try { Object.prototype.leak = 1; } catch {}',
    'a built-in function': 'const seen = String(Math.max.leak); try { Math.max.leak = 1; } catch {}',
    'the array iterator prototype':
      'const p = Object.getPrototypeOf([][Symbol.iterator]()); const seen = String(p.leak); try { p.leak = 1; } catch {}',
    'the iterator prototype':
      'const p = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())); const seen = String(p.leak); try { p.leak = 1; } catch {}',
    'the iterator helper prototype':
      'const p = Object.getPrototypeOf([].values().map((x) => x)); const seen = String(p.leak); try { p.leak = 1; } catch {}',
    'the generator prototype':
      'const p = Object.getPrototypeOf(function* () {}).prototype; const seen = String(p.leak); try { p.leak = 1; } catch {}',
    'the typed array constructor':
      'const p = Object.getPrototypeOf(Int8Array); const seen = String(p.leak); try { p.leak = 1; } catch {}',
    'the compiled script itself':
      'const f = arguments.callee; const seen = String(f.leak); try { f.leak = 1; } catch {}',
    "the compiled script's prototype":
      'const p = arguments.callee.prototype; const seen = String(p.leak); try { p.leak = 1; } catch {}',
    'a global let through an indirect eval':
      "let seen; try { seen = (0, eval)('typeof leakLet'); (0, eval)('let leakLet = 1'); } catch (e) { seen = e.name; }",
    'a global var through an indirect eval':
      "const seen = (0, eval)('typeof leakVar'); (0, eval)('var leakVar = 1');",
    'a global let through a Function':
      "let seen; try { seen = typeof leakFn; Function('leakFn = 1')(); } catch (e) { seen = e.name; }",
    'a promise reaction':
      'const seen = String(globalThis.fromJob); Promise.resolve().then(() => { globalThis.fromJob = 1; });',
    'the host through the caller':
      'let seen; try { seen = typeof arguments.callee.caller; } catch (e) { seen = e.name; }',
  };
  it.each(Object.entries(leftBehind))(
    'keeps nothing left in %s for the next evaluation',
    async (_, attack) => {
      const code = `${attack} return { messages: [String(seen)] };`;
      const workspace = `leak-${Math.random()}`;
      const [first] = lines(await price(code, [{}], workspace));
      expect(first.failure).toBeUndefined();
      for (let i = 0; i < 3; i++) expect(lines(await price(code, [{}], workspace))[0]).toEqual(first);
      expect(first.messages[0]).not.toBe('1');
      expect(first.messages[0]).not.toBe('function');
    },
  );

  it('cuts an error of megabytes to 500 characters inside the sandbox', async () => {
    const [line] = lines(await price('throw new Error("x".repeat(3e6));'));
    expect(line.failure!.error.length).toBeLessThanOrEqual(501);
    expect(line.failure!.error).toMatch(/^Error: xxx/);
  });

  it('answers 503 with Retry-After beyond a workspace’s queue, and serves other workspaces meanwhile', async () => {
    const small = new ScriptSandbox(
      loadEnv({ SCRIPTS_WORKERS: '2', SCRIPTS_TIME_MS: '300', SCRIPTS_QUEUE: '1' }),
    );
    try {
      const sort = "var s = 'x'.repeat(32768); Array(100000).fill(s).sort();";
      const running = small.price('hostile', [sort], [{}]);
      const waiting = small.price('hostile', [sort], [{}]);
      await expect(small.price('hostile', [sort], [{}])).rejects.toMatchObject({
        status: 503,
        headers: { 'Retry-After': '1' },
      });
      // One worker at most per workspace: the other one serves another workspace at once.
      expect(lines(await small.price('honest', ['return { customerPrice: 1000 };'], [{}]))).toEqual([
        { customerPrice: 1000, messages: [] },
      ]);
      expect(small.isRunning('hostile')).toBe(true);
      expect(await running).toMatchObject({ ok: false, reason: expect.stringMatching(/deadline/) });
      // Terminated, then cooling down: the waiting evaluation is not run at all.
      expect(await waiting).toMatchObject({ ok: false, reason: expect.stringMatching(/cool-down/) });
      expect(small.stats.terminated).toBe(1);
      expect(await small.price('hostile', ['return 1;'], [{}])).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/cool-down/),
      });
    } finally {
      await small.onModuleDestroy();
    }
  });

  it('offers nothing of the host', async () => {
    const [line] = lines(
      await price(
        'return { messages: [typeof process, typeof require, typeof fetch, typeof setTimeout, typeof WebAssembly] };',
      ),
    );
    expect(line.messages).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });
});
