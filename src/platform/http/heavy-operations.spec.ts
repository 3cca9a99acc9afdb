import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import type { Env } from '../../config/env';
import { HeavyOperations, pagedStream } from './heavy-operations';
import { Problem } from './problem';

const limits = (perWorkspace: number, perProcess: number) =>
  ({ HEAVY_OPERATIONS_PER_WORKSPACE: perWorkspace, HEAVY_OPERATIONS_PER_PROCESS: perProcess }) as Env;

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { status: (e as Problem).getStatus(), headers: (e as Problem).headers };
  }
  throw new Error('not refused');
};

describe('HeavyOperations', () => {
  it('refuses a workspace at its limit with 429 and a full process with 503, both with Retry-After', () => {
    const heavy = new HeavyOperations(limits(2, 3));
    const a1 = heavy.acquire('a');
    heavy.acquire('a');
    expect(refusal(() => heavy.acquire('a'))).toEqual({ status: 429, headers: { 'Retry-After': '5' } });
    heavy.acquire('b');
    expect(refusal(() => heavy.acquire('c'))).toEqual({ status: 503, headers: { 'Retry-After': '5' } });
    expect(heavy.inFlight).toBe(3);
    a1();
    a1(); // a second release gives nothing back twice
    expect(heavy.inFlight).toBe(2);
    expect(() => heavy.acquire('c')).not.toThrow();
    expect(refusal(() => heavy.acquire('a'))).toEqual({ status: 503, headers: { 'Retry-After': '5' } });
  });
});

describe('pagedStream', () => {
  const page = 'x'.repeat(100 * 1024);

  it('reads the next page only as the consumer takes them, and closes the pages when destroyed', async () => {
    let read = 0;
    let closed = false;
    const stream = pagedStream(
      (async function* () {
        try {
          for (let i = 0; i < 50; i++) {
            read++;
            yield page;
          }
        } finally {
          closed = true;
        }
      })(),
    );
    // A client that takes the first page and then stops reading.
    const stalled = new Writable({ highWaterMark: 1, write: () => undefined });
    stream.pipe(stalled);
    for (let i = 0; i < 20; i++) await nextTurn();
    // The page the client holds, one page (over the 64 KiB ahead) buffered, nothing more.
    expect(read).toBeGreaterThanOrEqual(1);
    expect(read).toBeLessThanOrEqual(3);
    const before = read;
    stream.destroy();
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(closed).toBe(true);
    expect(read).toBe(before);
  });

  it('passes every page through, skipping empty ones, to a slow consumer', async () => {
    const pages = ['a\n', '', 'b\n', 'c\n'];
    const received: string[] = [];
    await pipeline(
      pagedStream(
        (async function* () {
          yield* pages;
        })(),
      ),
      new Writable({
        highWaterMark: 1,
        write(chunk: Buffer, _encoding, callback) {
          received.push(chunk.toString());
          setTimeout(callback, 1);
        },
      }),
    );
    expect(received.join('')).toBe('a\nb\nc\n');
  });
});
