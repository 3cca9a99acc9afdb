import { randomBytes } from 'node:crypto';

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
};

/** Every knob of `npm run bench`, from environment variables (all optional). */
export interface BenchConfig {
  /** The PostgreSQL database the bench drops, creates and fills (never the app's own). */
  databaseUrl: string;
  /** Seconds of measured load per scenario, server and round. */
  duration: number;
  /** Seconds of unmeasured load before each measurement (JIT, plan caches, pools). */
  warmup: number;
  connections: number;
  /** Each scenario is measured in this many rounds, alternating full stack and bare (evens out a busy machine). */
  rounds: number;
  /** Client logins created for the identity scenarios. */
  identities: number;
  /** Products created for the catalog scenarios. */
  products: number;
  /**
   * Only the suites with these names are seeded and measured (comma-separated: identities, products, imports,
   * pricing, orders); empty = all.
   */
  suites: string[];
  /** Only scenarios whose name contains one of these (comma-separated); empty = all. */
  only: string[];
  /**
   * Also measure the lookup and page scenarios on two instances behind a round-robin and on one
   * instance without metrics, against one instance (BENCH_INSTANCES=0 skips it).
   */
  instances: boolean;
  /**
   * BENCH_SHOPPER_CATALOG=1: the shoppers' accounts see only a product catalog (that holds every
   * product the bench creates), so the storefront reads also check catalog links.
   */
  shopperCatalog: boolean;
  /** Write a CPU profile of the full-stack server and print where its time goes. */
  profile: boolean;
  jwtSecret: string;
  adminPassword: string;
}

export function benchConfig(): BenchConfig {
  return {
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/trade_bench',
    duration: int('BENCH_DURATION', 10),
    warmup: int('BENCH_WARMUP', 3),
    connections: int('BENCH_CONNECTIONS', 10),
    rounds: Math.max(1, int('BENCH_ROUNDS', 3)),
    identities: int('BENCH_IDENTITIES', 200),
    products: int('BENCH_PRODUCTS', 100_000),
    suites: (process.env.BENCH_SUITES ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    instances: process.env.BENCH_INSTANCES !== '0',
    profile: process.env.BENCH_PROFILE === '1',
    shopperCatalog: process.env.BENCH_SHOPPER_CATALOG === '1',
    jwtSecret: randomBytes(48).toString('base64url'),
    adminPassword: randomBytes(12).toString('base64url'),
  };
}

/** One line on stdout (eslint forbids console; the bench is a CLI). */
export const say = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

/**
 * Rate limits far above what a bench sends (thousands of requests per second as one user): the
 * limiter still runs and counts every request (its cost is in the figures), it just never refuses.
 */
export const benchRateLimits = {
  RATE_LIMIT_PER_API_KEY: '100000000',
  RATE_LIMIT_PER_USER: '100000000',
  RATE_LIMIT_PER_CLIENT: '100000000',
  RATE_LIMIT_PER_WORKSPACE: '100000000',
};

/**
 * What every built service a bench starts is given: production mode, its database (none: the
 * embedded one under DATA_DIR), the bench's JWT secret and admin password, rate limits it never
 * reaches, tokens that outlast a long seed, warnings only. Callers add their own settings.
 */
export function serviceEnv(
  config: BenchConfig,
  databaseUrl: string | undefined,
  dataDir: string,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    METRICS_TOKEN: 'bench-metrics-token-unused', // production needs a guarded /metrics
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET: config.jwtSecret,
    ...benchRateLimits,
    JWT_TTL_SECONDS: '86400', // seeding 100,000 products outlasts the default 15 minutes
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    BOOTSTRAP_ADMIN_PASSWORD: config.adminPassword,
  };
}
