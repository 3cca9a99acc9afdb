import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Env, loadEnv } from '../../src/config/env';

/** Where the migrated embedded database template is dumped by the global setup. */
export const templatePath = join(tmpdir(), 'trade-crm-e2e-template.tar.gz');

/** TEST_DATABASE_URL runs the e2e suite on a PostgreSQL server; unset, on embedded PostgreSQL. */
export const serverUrl = process.env.TEST_DATABASE_URL || undefined;

export function testEnv(overrides: Record<string, string> = {}): Env {
  const dir = join(tmpdir(), `trade-crm-e2e-${process.pid}`);
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: serverUrl ?? '',
    DATA_DIR: dir,
    STORAGE_DIR: join(dir, 'files'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOGIN_RATE_LIMIT: '10000',
    PUBLIC_BASE_URL: 'http://localhost',
    MIGRATIONS_RUN: 'false',
    ...overrides,
  });
}
