import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  Matches,
  MinLength,
  validateSync,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === 'true'
    ? true
    : value === 'false'
      ? false
      : value === undefined || value === ''
        ? undefined
        : value;
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** Every setting of the service, read from environment variables and validated once at start-up. */
export class Env {
  @IsIn(['development', 'production', 'test']) NODE_ENV: 'development' | 'production' | 'test' =
    'development';
  @Transform(toInt) @IsInt() @Min(1) @Max(65535) PORT = 3000;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false })
  DATABASE_URL?: string;
  /** Connections of this instance's pool on the server database (instances × this < max_connections). */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000) DATABASE_POOL_SIZE = 10;
  /**
   * Named prepared statements (planned once per connection). Off behind a pooler in transaction
   * mode, which cannot keep them (PgBouncer before 1.21).
   */
  @Transform(toBool) @IsBoolean() DATABASE_PREPARED_STATEMENTS = true;
  /**
   * A direct connection (not through a pooler in transaction mode) for LISTEN; default: LISTEN on
   * every pooled connection.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false })
  DATABASE_LISTEN_URL?: string;
  /**
   * Hot standbys of DATABASE_URL's server (comma-separated URLs, same database), for the reads
   * that tolerate a little staleness (docs/scaling.md, "Read replicas"); empty: every read on
   * DATABASE_URL.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(postgres(ql)?:\/\/[^\s,]+)(,postgres(ql)?:\/\/[^\s,]+)*$/)
  DATABASE_READ_URLS?: string;
  /** A standby further behind the primary than this is skipped until it catches up. */
  @Transform(toInt) @IsInt() @Min(10) @Max(3600000) DATABASE_READ_MAX_LAG_MS = 1000;
  @IsString() DATA_DIR = './data';
  /** The embedded database (no DATABASE_URL) flushes each commit to disk with fsync. */
  @Transform(toBool) @IsBoolean() EMBEDDED_FSYNC = true;
  @Transform(toBool) @IsBoolean() MIGRATIONS_RUN = true;
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32) JWT_SECRET?: string;
  @Transform(toInt) @IsInt() @Min(60) @Max(86400) JWT_TTL_SECONDS = 900;
  @Transform(toInt) @IsInt() @Min(3600) REFRESH_TTL_SECONDS = 30 * 24 * 3600;
  /** A used refresh token presented again within this many seconds answers the same new pair (0: never). */
  @Transform(toInt) @IsInt() @Min(0) @Max(60) REFRESH_REUSE_GRACE_SECONDS = 10;
  @Transform(emptyToUndefined) @IsOptional() @IsString() BOOTSTRAP_ADMIN_EMAIL?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(8) BOOTSTRAP_ADMIN_PASSWORD?: string;
  @IsString() BOOTSTRAP_WORKSPACE_NAME = 'Default';
  @Transform(toInt) @IsInt() @Min(1) LOGIN_RATE_LIMIT = 10;
  @Transform(toInt) @IsInt() @Min(1) LOGIN_RATE_WINDOW_SECONDS = 60;
  /** Requests per RATE_LIMIT_WINDOW_SECONDS of one API key, user or client login in one workspace,
   * and of a whole workspace; beyond: 429 (docs/security.md, "Rate limits"). */
  @Transform(toInt) @IsInt() @Min(1) @Max(100000000) RATE_LIMIT_PER_API_KEY = 6000;
  @Transform(toInt) @IsInt() @Min(1) @Max(100000000) RATE_LIMIT_PER_USER = 3000;
  @Transform(toInt) @IsInt() @Min(1) @Max(100000000) RATE_LIMIT_PER_CLIENT = 600;
  @Transform(toInt) @IsInt() @Min(1) @Max(100000000) RATE_LIMIT_PER_WORKSPACE = 30000;
  @Transform(toInt) @IsInt() @Min(1) @Max(3600) RATE_LIMIT_WINDOW_SECONDS = 60;
  /** How often each instance adds its counts to the shared ones and reads theirs back. */
  @Transform(toInt) @IsInt() @Min(10) @Max(5000) RATE_LIMIT_FLUSH_MS = 200;
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) PUBLIC_BASE_URL?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(\*|https?:\/\/[^,\s/]+(\s*,\s*https?:\/\/[^,\s/]+)*)$/)
  CORS_ORIGINS?: string;
  /** Default: `files` under DATA_DIR. */
  @Transform(emptyToUndefined) @IsOptional() @IsString() STORAGE_DIR?: string;
  @Transform(toInt) @IsInt() @Min(0) UPLOAD_QUOTA_BYTES_PER_WORKSPACE = 1024 * 1024 * 1024;
  /** Heavy operations (exports, reports, uploads) one workspace may run at once; beyond: 429. */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000) HEAVY_OPERATIONS_PER_WORKSPACE = 2;
  /** Heavy operations the whole process runs at once; beyond: 503. */
  @Transform(toInt) @IsInt() @Min(1) @Max(10000) HEAVY_OPERATIONS_PER_PROCESS = 8;
  /** A heavy operation whose connection moves no byte for this long is cut (its slot freed). */
  @Transform(toInt) @IsInt() @Min(1) @Max(3600) HEAVY_OPERATIONS_STALL_SECONDS = 30;
  /** Workspaces one user may own; creating one more is a 409. */
  @Transform(toInt) @IsInt() @Min(1) @Max(100000) MAX_WORKSPACES_PER_USER = 10;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) S3_ENDPOINT?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_BUCKET?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_REGION?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) KVK_API_URL?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() KVK_API_KEY?: string;
  /** An OpenAI-compatible chat completions API (`{url}/chat/completions`) for AI translations. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  TRANSLATION_API_URL?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() TRANSLATION_MODEL?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() TRANSLATION_API_KEY?: string;
  @Transform(toBool) @IsBoolean() WEBHOOKS_ALLOW_PRIVATE_TARGETS = false;
  @Transform(toBool) @IsBoolean() WEBHOOKS_WORKER = true;
  @Transform(toInt) @IsInt() @Min(10) @Max(3600000) WEBHOOKS_POLL_INTERVAL_MS = 5000;
  @Transform(toInt) @IsInt() @Min(10) @Max(120000) WEBHOOKS_TIMEOUT_MS = 10000;
  /** Waits before each retry (ms); the delivery fails after the last. Default: about a day. */
  @Matches(/^\d{1,9}(,\d{1,9}){0,29}$/)
  WEBHOOKS_RETRY_SCHEDULE_MS = '5000,60000,300000,1800000,7200000,18000000,36000000,36000000';
  @Transform(toInt) @IsInt() @Min(1) WEBHOOKS_DISABLE_AFTER_MS = 24 * 3600 * 1000;
  /** Delivered and failed deliveries (with their attempts) are pruned this long after their last attempt. */
  @Transform(toInt) @IsInt() @Min(1) @Max(3650) WEBHOOKS_RETENTION_DAYS = 30;
  /** After SIGTERM/SIGINT: how long readiness answers 503 while requests are still served. */
  @Transform(toInt) @IsInt() @Min(0) @Max(600000) SHUTDOWN_DELAY_MS = 0;
  /** After the delay: how long requests in flight, workers and the database get to finish and close. */
  @Transform(toInt) @IsInt() @Min(100) @Max(600000) SHUTDOWN_TIMEOUT_MS = 8000;
  /** false: no `/metrics` and nothing recorded per request. */
  @Transform(toBool) @IsBoolean() METRICS_ENABLED = true;
  /** When set, `/metrics` is served on this port only (not on PORT). */
  @Transform(toInt) @IsOptional() @IsInt() @Min(1) @Max(65535) METRICS_PORT?: number;
  /** When set, a scrape of `/metrics` must send `Authorization: Bearer <METRICS_TOKEN>`. */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16) METRICS_TOKEN?: string;
  /** Worker threads that run atomic scripts (started on first use; docs/security.md, "Atomic script sandbox"). */
  @Transform(toInt) @IsInt() @Min(1) @Max(16) SCRIPTS_WORKERS = 2;
  /** Wall clock of one evaluation (a price request's lines × scripts, or a compile check); its worker is terminated past it. */
  @Transform(toInt) @IsInt() @Min(10) @Max(60000) SCRIPTS_TIME_MS = 500;
  /** Wall clock of one script on one line (an interrupt inside the interpreter). */
  @Transform(toInt) @IsInt() @Min(1) @Max(60000) SCRIPTS_RUN_TIME_MS = 50;
  /** WebAssembly memory of one evaluation (its maximum; the interpreter itself takes 16 MB). */
  @Transform(toInt) @IsInt() @Min(20) @Max(1024) SCRIPTS_MEMORY_MB = 32;
  /** Evaluations of one workspace that may wait for a worker; beyond, prices answer 503 with Retry-After. */
  @Transform(toInt) @IsInt() @Min(1) @Max(10000) SCRIPTS_QUEUE = 100;
  /** After a workspace's scripts were terminated, its prices fail closed without running them this long. */
  @Transform(toInt) @IsInt() @Min(0) @Max(3600000) SCRIPTS_COOLDOWN_MS = 5000;
  /** Script runs (priced lines × active scripts) one request may ask for; beyond, its lines fail closed. */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000000) SCRIPTS_MAX_RUNS = 10000;
  /** false: this process runs no import jobs (another instance or `npm run start:worker` does; docs/imports.md). */
  @Transform(toBool) @IsBoolean() IMPORTS_WORKER = true;
  /** How often an idle import worker looks for queued jobs (a job created by this process wakes it at once). */
  @Transform(toInt) @IsInt() @Min(10) @Max(3600000) IMPORTS_POLL_INTERVAL_MS = 2000;
  /**
   * How long a worker's claim of a job lasts without a committed batch (each batch renews it): a
   * job whose worker died is claimed again by another once it ends.
   */
  @Transform(toInt) @IsInt() @Min(1000) @Max(3600000) IMPORTS_LEASE_MS = 60000;
  /** The largest import file (bytes); a bigger upload is a 413 and nothing is stored. */
  @Transform(toInt) @IsInt() @Min(1024) @Max(10 * 1024 * 1024 * 1024) IMPORT_MAX_FILE_BYTES =
    200 * 1024 * 1024;
  /** Import jobs of one workspace that may be queued or running at once; one more is a 429. */
  @Transform(toInt) @IsInt() @Min(1) @Max(100) IMPORT_JOBS_PER_WORKSPACE = 2;
  /** Rows applied per committed batch (each batch commits with the job's checkpoint). */
  @Transform(toInt) @IsInt() @Min(1) @Max(10000) IMPORT_BATCH_ROWS = 500;
  /**
   * The most data rows one import job takes; a longer file fails the job before any row is written.
   * A job keeps every key of its file in memory (about 170 bytes of heap per row): raise it with the
   * heap (`--max-old-space-size`, 192 MB in start:prod).
   */
  @Transform(toInt) @IsInt() @Min(1) @Max(10000000) IMPORT_MAX_ROWS = 200000;
}

/** What each variable accepts, in the words of the error that names it. */
export const acceptedForms: Record<keyof Env, string> = {
  NODE_ENV: 'one of development, production, test',
  PORT: 'an integer 1–65535',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  DATABASE_POOL_SIZE: 'an integer 1–1000',
  DATABASE_PREPARED_STATEMENTS: 'true or false',
  DATABASE_LISTEN_URL: 'a postgres:// or postgresql:// URL',
  DATABASE_READ_URLS: 'a comma-separated list of postgres:// or postgresql:// URLs',
  DATABASE_READ_MAX_LAG_MS: 'an integer 10–3600000 (milliseconds)',
  DATA_DIR: 'a directory path',
  EMBEDDED_FSYNC: 'true or false',
  MIGRATIONS_RUN: 'true or false',
  JWT_SECRET: 'a string of at least 32 characters',
  JWT_TTL_SECONDS: 'an integer 60–86400',
  REFRESH_TTL_SECONDS: 'an integer of at least 3600',
  REFRESH_REUSE_GRACE_SECONDS: 'an integer 0–60',
  BOOTSTRAP_ADMIN_EMAIL: 'an email address',
  BOOTSTRAP_ADMIN_PASSWORD: 'a string of at least 8 characters',
  BOOTSTRAP_WORKSPACE_NAME: 'a name',
  LOGIN_RATE_LIMIT: 'an integer of at least 1',
  LOGIN_RATE_WINDOW_SECONDS: 'an integer of at least 1',
  RATE_LIMIT_PER_API_KEY: 'an integer 1–100000000 (requests per window)',
  RATE_LIMIT_PER_USER: 'an integer 1–100000000 (requests per window)',
  RATE_LIMIT_PER_CLIENT: 'an integer 1–100000000 (requests per window)',
  RATE_LIMIT_PER_WORKSPACE: 'an integer 1–100000000 (requests per window)',
  RATE_LIMIT_WINDOW_SECONDS: 'an integer 1–3600 (seconds)',
  RATE_LIMIT_FLUSH_MS: 'an integer 10–5000 (milliseconds)',
  LOG_LEVEL: 'one of fatal, error, warn, info, debug, trace, silent',
  PUBLIC_BASE_URL: 'an http(s) URL',
  CORS_ORIGINS: '* or a comma-separated list of origins such as https://admin.example.com',
  STORAGE_DIR: 'a directory path',
  UPLOAD_QUOTA_BYTES_PER_WORKSPACE: 'a whole number of bytes, 0 or more',
  HEAVY_OPERATIONS_PER_WORKSPACE: 'an integer 1–1000',
  HEAVY_OPERATIONS_PER_PROCESS: 'an integer 1–10000',
  HEAVY_OPERATIONS_STALL_SECONDS: 'an integer 1–3600 (seconds)',
  MAX_WORKSPACES_PER_USER: 'an integer 1–100000',
  S3_ENDPOINT: 'an http(s) URL',
  S3_BUCKET: 'a bucket name',
  S3_REGION: 'a region name',
  S3_ACCESS_KEY_ID: 'an access key id',
  S3_SECRET_ACCESS_KEY: 'a secret access key',
  KVK_API_URL: 'an http(s) URL',
  KVK_API_KEY: 'an API key',
  TRANSLATION_API_URL: 'an http(s) URL such as https://api.openai.com/v1',
  TRANSLATION_MODEL: 'a model name',
  TRANSLATION_API_KEY: 'an API key',
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true or false',
  WEBHOOKS_WORKER: 'true or false',
  WEBHOOKS_POLL_INTERVAL_MS: 'an integer 10–3600000 (milliseconds)',
  WEBHOOKS_TIMEOUT_MS: 'an integer 10–120000 (milliseconds)',
  WEBHOOKS_RETRY_SCHEDULE_MS: 'a comma-separated list of up to 30 waits in milliseconds, e.g. 5000,60000',
  WEBHOOKS_DISABLE_AFTER_MS: 'an integer of at least 1 (milliseconds)',
  WEBHOOKS_RETENTION_DAYS: 'an integer 1–3650 (days)',
  SHUTDOWN_DELAY_MS: 'an integer 0–600000 (milliseconds)',
  SHUTDOWN_TIMEOUT_MS: 'an integer 100–600000 (milliseconds)',
  METRICS_ENABLED: 'true or false',
  METRICS_PORT: 'an integer 1–65535, different from PORT',
  METRICS_TOKEN: 'a string of at least 16 characters',
  SCRIPTS_WORKERS: 'an integer 1–16',
  SCRIPTS_TIME_MS: 'an integer 10–60000 (milliseconds)',
  SCRIPTS_RUN_TIME_MS: 'an integer 1–60000 (milliseconds), at most SCRIPTS_TIME_MS',
  SCRIPTS_MEMORY_MB: 'an integer 20–1024 (megabytes)',
  SCRIPTS_QUEUE: 'an integer 1–10000',
  SCRIPTS_COOLDOWN_MS: 'an integer 0–3600000 (milliseconds)',
  SCRIPTS_MAX_RUNS: 'an integer 1–1000000',
  IMPORTS_WORKER: 'true or false',
  IMPORTS_POLL_INTERVAL_MS: 'an integer 10–3600000 (milliseconds)',
  IMPORTS_LEASE_MS: 'an integer 1000–3600000 (milliseconds)',
  IMPORT_MAX_FILE_BYTES: 'a whole number of bytes, 1024 to 10737418240',
  IMPORT_JOBS_PER_WORKSPACE: 'an integer 1–100',
  IMPORT_BATCH_ROWS: 'an integer 1–10000',
  IMPORT_MAX_ROWS: 'an integer 1–10000000',
};

export class InvalidEnvironmentError extends Error {}

/**
 * Validates `source` (default process.env); a wrong value throws with one line naming the variable.
 * `servesHttp: false` (the worker process, which serves no `/metrics`) skips the checks of the API's listeners.
 */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  { servesHttp = true }: { servesHttp?: boolean } = {},
): Env {
  const known = Object.keys(new Env());
  const picked: Record<string, string | undefined> = {};
  for (const key of [
    ...known,
    'DATABASE_URL',
    'DATABASE_LISTEN_URL',
    'DATABASE_READ_URLS',
    'JWT_SECRET',
    'BOOTSTRAP_ADMIN_EMAIL',
    'BOOTSTRAP_ADMIN_PASSWORD',
    'PUBLIC_BASE_URL',
    'CORS_ORIGINS',
    'STORAGE_DIR',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'KVK_API_URL',
    'KVK_API_KEY',
    'TRANSLATION_API_URL',
    'TRANSLATION_MODEL',
    'TRANSLATION_API_KEY',
    'METRICS_PORT',
    'METRICS_TOKEN',
  ]) {
    if (source[key] !== undefined) picked[key] = source[key];
  }
  const env = plainToInstance(Env, picked, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const name = errors[0].property as keyof Env;
    const given = picked[name];
    throw new InvalidEnvironmentError(
      `Invalid configuration: ${name} must be ${acceptedForms[name]}, got ${given === undefined ? 'nothing' : JSON.stringify(given)}`,
    );
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new InvalidEnvironmentError(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production',
    );
  }
  if (env.SCRIPTS_RUN_TIME_MS > env.SCRIPTS_TIME_MS) {
    throw new InvalidEnvironmentError(
      `Invalid configuration: SCRIPTS_RUN_TIME_MS must be ${acceptedForms.SCRIPTS_RUN_TIME_MS}, got "${env.SCRIPTS_RUN_TIME_MS}"`,
    );
  }
  if (
    servesHttp &&
    env.NODE_ENV === 'production' &&
    env.METRICS_ENABLED &&
    env.METRICS_TOKEN === undefined &&
    env.METRICS_PORT === undefined
  ) {
    throw new InvalidEnvironmentError(
      'Invalid configuration: METRICS_TOKEN or METRICS_PORT is required when NODE_ENV=production (or METRICS_ENABLED=false): /metrics would be open to anyone who reaches PORT',
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new InvalidEnvironmentError(
      `Invalid configuration: METRICS_PORT must be ${acceptedForms.METRICS_PORT}, got "${env.METRICS_PORT}"`,
    );
  }
  return env;
}

/** The environment for a process's entry point: a wrong value ends the process with the one line that names it. */
export function loadEnvOrExit(options: { servesHttp?: boolean } = {}): Env {
  try {
    return loadEnv(process.env, options);
  } catch (e) {
    if (e instanceof InvalidEnvironmentError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}
