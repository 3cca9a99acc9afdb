import { describe, expect, it } from '@jest/globals';
import { JwtVerifier, rememberVerifiedTokens } from './verified-tokens';

function fakeVerifier(payloads: Record<string, object | Error>) {
  const calls: string[] = [];
  const verify: JwtVerifier = (token, _key, _options, done) => {
    calls.push(token);
    const p = payloads[token];
    if (p instanceof Error) done(p);
    else done(null, p);
  };
  return { verify, calls };
}

const run = (verify: JwtVerifier, token: string, key: object) =>
  new Promise<{ error: Error | null; payload?: unknown }>((resolve) =>
    verify(token, key, {}, (error, payload) => resolve({ error, payload })),
  );

describe('rememberVerifiedTokens', () => {
  const key = {};
  it('verifies a token once until it expires', async () => {
    let clock = 1_000_000;
    const { verify, calls } = fakeVerifier({ a: { sub: 'u', exp: 1_060 } });
    const remembered = rememberVerifiedTokens(verify, { now: () => clock });
    expect((await run(remembered, 'a', key)).payload).toEqual({ sub: 'u', exp: 1_060 });
    expect((await run(remembered, 'a', key)).payload).toEqual({ sub: 'u', exp: 1_060 });
    expect(calls).toEqual(['a']);
    clock = 1_060_000; // exp reached: verified again (and the verifier refuses it)
    await run(remembered, 'a', key);
    expect(calls).toEqual(['a', 'a']);
  });

  it('never remembers a failure, a token without exp or with nbf, or across keys', async () => {
    const { verify, calls } = fakeVerifier({
      bad: new Error('invalid signature'),
      noExp: { sub: 'u' },
      nbf: { sub: 'u', exp: 9e9, nbf: 1 },
      ok: { sub: 'u', exp: 9e9 },
    });
    const remembered = rememberVerifiedTokens(verify);
    for (const token of ['bad', 'bad', 'noExp', 'noExp', 'nbf', 'nbf']) await run(remembered, token, key);
    expect(calls).toEqual(['bad', 'bad', 'noExp', 'noExp', 'nbf', 'nbf']);
    expect((await run(remembered, 'bad', key)).error?.message).toBe('invalid signature');
    await run(remembered, 'ok', key);
    await run(remembered, 'ok', {}); // another key (another secret) verifies for itself
    expect(calls.filter((t) => t === 'ok')).toHaveLength(2);
  });

  it('keeps at most maxEntries tokens', async () => {
    const payloads = Object.fromEntries(['t1', 't2', 't3'].map((t) => [t, { exp: 9e9 }]));
    const { verify, calls } = fakeVerifier(payloads);
    const remembered = rememberVerifiedTokens(verify, { maxEntries: 2 });
    for (const t of ['t1', 't2', 't3', 't1']) await run(remembered, t, key);
    expect(calls).toEqual(['t1', 't2', 't3', 't1']); // t1 was evicted by t3
  });
});
