import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CompiledScripts, ScriptSandbox, scriptLimits } from './script-sandbox';

describe('ScriptSandbox', () => {
  const sandbox = new ScriptSandbox();
  let set: CompiledScripts;
  const codes = [
    'return { double: input.n * 2 };',
    'while (true) {}',
    'const a = []; for (;;) a.push(new Array(1e6).fill(1));',
    'let s = "x"; for (;;) s += s;',
    'function f() { return f(); } return f();',
    'return { kinds: [typeof process, typeof require, typeof fetch, typeof setTimeout] };',
    'return {',
  ];

  beforeAll(async () => {
    set = await sandbox.compile(codes);
  });
  afterAll(() => set.dispose());

  const run = (i: number, input: object = { n: 21 }) => {
    const c = set.compiled[i];
    if ('error' in c) throw new Error(c.error);
    const started = Date.now();
    const result = set.run(c.index, JSON.stringify(input));
    return { result, ms: Date.now() - started };
  };

  it('runs a script on JSON input', () => {
    expect(run(0).result).toEqual({ ok: true, value: { double: 42 } });
  });

  it('reports a syntax error at compile time with the parser’s message', async () => {
    expect(set.compiled[6]).toEqual({ error: expect.stringMatching(/^SyntaxError/) });
    expect(await sandbox.check('return {')).toMatch(/^SyntaxError/);
    expect(await sandbox.check('return 1;')).toBeNull();
  });

  it('stops endless loops, runaway memory and deep recursion within the limits, and recovers', () => {
    for (const i of [1, 2, 3, 4]) {
      const { result, ms } = run(i);
      expect(result).toMatchObject({ ok: false, limit: true });
      // Interrupted after timeMs; a native built-in filling memory runs until the heap is full.
      expect(ms).toBeLessThan(i === 2 ? 2000 : scriptLimits.timeMs * 6);
      expect(run(0).result).toEqual({ ok: true, value: { double: 42 } });
    }
  });

  it('offers nothing of the host', () => {
    expect(run(5).result).toEqual({
      ok: true,
      value: { kinds: ['undefined', 'undefined', 'undefined', 'undefined'] },
    });
  });
});
