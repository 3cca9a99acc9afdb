import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { QueryFailedError } from 'typeorm';
import { redactingLoggerOptions } from './log-redaction';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().trim().split('\n'));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info', ...redactingLoggerOptions }, sink) };
}

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

describe('log redaction', () => {
  it('never writes a failed statement or its parameters, only the SQLSTATE', async () => {
    const { lines, logger } = capture();
    const error = new QueryFailedError(
      'INSERT INTO "users"("password_hash", "email") VALUES ($1, $2)',
      [hash, 'someone@example.test'],
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    );
    logger.error({ err: error, requestId: 'r1' }, 'Unhandled error');
    await new Promise((r) => setImmediate(r));
    const text = lines.join('\n');
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('someone@example.test');
    expect(text).not.toContain('password_hash');
    const line = JSON.parse(lines[0]);
    expect(line.err).toMatchObject({ type: 'QueryFailedError', sqlState: '22021' });
    expect(line.requestId).toBe('r1');
  });

  it('redacts secret members at any depth and secret-looking strings anywhere, messages included', async () => {
    const { lines, logger } = capture();
    logger.warn(
      {
        user: { password: 'hunter2', refreshToken: 'r-123' },
        headers: { authorization: `Bearer ${jwt}` },
        note: `got ${hash}`,
      },
      `token was ${jwt}`,
    );
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).not.toMatch(/hunter2|r-123|argon2|eyJ/);
    const line = JSON.parse(lines[0]);
    expect(line.user).toEqual({ password: '[redacted]', refreshToken: '[redacted]' });
    expect(line.headers.authorization).toBe('[redacted]');
    expect(line.note).toBe('got [redacted]');
    expect(line.msg).toBe('token was [redacted]');
  });
});
