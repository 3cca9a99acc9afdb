import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';

/**
 * Drops and creates the database `url` names (a plain identifier), through the server's `postgres`
 * database, configured as docs/operations.md recommends (no parallel query: on this 2-core machine
 * starting two parallel workers cost a search 20–30 ms).
 */
export async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`bench database name "${name}" must be a plain identifier`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    // As docs/operations.md recommends for the service's database ("PostgreSQL settings").
    await client.query(`ALTER DATABASE ${name} SET max_parallel_workers_per_gather = 0`);
  } finally {
    await client.end();
  }
}

/**
 * Gives the planner the seeded tables' statistics and clears their dead rows. A deployed server's
 * autovacuum does both after large writes by itself; this machine's PostgreSQL runs with
 * autovacuum off (its CI configuration): without statistics a search over 100,000 freshly seeded
 * products was planned as a scan of the workspace (0.5 s, seconds under load) instead of its GIN
 * indexes (40 ms), and the seed's bulk write of display contents rewrites every product row (the
 * contents' search vector kept on it), which left 100,000 dead rows for every scan to skip.
 */
export async function analyzeDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** The node options `npm run start:prod` starts the service with (heap bound, --liftoff-only), so a bench measures that. */
export function productionNodeArgs(): string[] {
  // Compiled to dist/bench/lib/: the package is three folders up.
  const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts['start:prod'].split(/\s+/).filter((arg) => arg.startsWith('--'));
}
