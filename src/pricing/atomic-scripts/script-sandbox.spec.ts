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
