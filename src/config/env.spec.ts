import { describe, expect, it } from '@jest/globals';
import { InvalidEnvironmentError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the defaults of api-conventions §1', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      MIGRATIONS_RUN: true,
      JWT_TTL_SECONDS: 900,
      BOOTSTRAP_WORKSPACE_NAME: 'Default',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('converts numbers and booleans', () => {
    expect(loadEnv({ PORT: '8080', MIGRATIONS_RUN: 'false' })).toMatchObject({
      PORT: 8080,
      MIGRATIONS_RUN: false,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'METRICS_TOKEN or METRICS_PORT'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
  ])('stops with one line naming the variable for %j', (source, variable) => {
    let error: unknown;
    try {
      loadEnv(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('says what the variable accepts and what it got', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be an integer 1–65535, got "abc"',
    );
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, .*, got "loud"/);
  });

  it('bounds the atomic-script sandbox', () => {
    expect(loadEnv({})).toMatchObject({
      SCRIPTS_WORKERS: 2,
      SCRIPTS_TIME_MS: 500,
      SCRIPTS_RUN_TIME_MS: 50,
      SCRIPTS_MEMORY_MB: 32,
      SCRIPTS_QUEUE: 100,
      SCRIPTS_COOLDOWN_MS: 5000,
      SCRIPTS_MAX_RUNS: 10000,
    });
    expect(() => loadEnv({ SCRIPTS_WORKERS: '0' })).toThrow(
      /SCRIPTS_WORKERS must be an integer 1–16, got "0"/,
    );
    expect(() => loadEnv({ SCRIPTS_MEMORY_MB: '16' })).toThrow(
      /SCRIPTS_MEMORY_MB must be an integer 20–1024/,
    );
    expect(() => loadEnv({ SCRIPTS_TIME_MS: '100', SCRIPTS_RUN_TIME_MS: '200' })).toThrow(
      /SCRIPTS_RUN_TIME_MS must be .*at most SCRIPTS_TIME_MS, got "200"/,
    );
  });
});
