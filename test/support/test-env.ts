import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Env, loadEnv } from '../../src/config/env';

/**
 * Where the global setup dumps the migrated embedded database (one file per jest run, so parallel
 * runs do not share it; the setup passes it to the workers through the environment, the teardown
 * removes it). An uncompressed tar: every app start loads it, and unpacking a gzip cost each
 * start a fifth of its time.
 */
export const templatePath = (): string =>
  (process.env.E2E_TEMPLATE ??= join(tmpdir(), `trade-crm-e2e-template-${process.pid}.tar`));

/** TEST_DATABASE_URL runs the e2e suite on a PostgreSQL server; unset, on embedded PostgreSQL. */
export const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * On the server: a copy of the migrated database that nothing connects to, the template of the
 * databases a test file gets for itself (`CREATE DATABASE … TEMPLATE` needs an idle source).
 */
export const templateDatabase = (url: string): string => `${new URL(url).pathname.slice(1)}_template`;

export function testEnv(overrides: Record<string, string> = {}): Env {
  const dir = join(tmpdir(), `trade-crm-e2e-${process.pid}`);
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: serverUrl ?? '',
    DATA_DIR: dir,
    STORAGE_DIR: join(dir, 'files'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOGIN_RATE_LIMIT: '10000',
    // Suites send thousands of requests as one user: only the rate-limit tests set small budgets.
    RATE_LIMIT_PER_API_KEY: '10000000',
    RATE_LIMIT_PER_USER: '10000000',
    RATE_LIMIT_PER_CLIENT: '10000000',
    RATE_LIMIT_PER_WORKSPACE: '10000000',
    PUBLIC_BASE_URL: 'http://localhost',
    MIGRATIONS_RUN: 'false',
    // Test files share the server database: only the webhook tests run a delivery worker (they
    // pass WEBHOOKS_WORKER=true), so no other file's worker claims their deliveries.
    WEBHOOKS_WORKER: 'false',
    // Likewise only the import tests run an import worker (IMPORTS_WORKER=true).
    IMPORTS_WORKER: 'false',
    ...overrides,
  });
}
