import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DataSourceOptions } from 'typeorm';
import { migrations } from '../migrations';
import { SnakeNamingStrategy } from './platform/database/snake-naming.strategy';
import { entities } from './app.entities';

/**
 * One set of options for both databases: a PostgreSQL server when `databaseUrl` is given,
 * otherwise the embedded PostgreSQL instance, reached through PGlite's node-postgres adapter with a
 * pool of one (it has one session). Same driver, entities, migrations and SQL either way. Part of
 * the composition root: the app and the worker hand the result to `PlatformModule.forRoot`; the
 * TypeORM CLI (ormconfig.ts), the tests' global setup and the benches use it directly.
 */
export function dataSourceOptions(target: {
  databaseUrl?: string;
  pglite?: PGlite;
  /** Connections of the server pool (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
}): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each' as const,
    // Failed queries are reported by ProblemFilter; TypeORM's own log would print parameters (hashes, emails).
    logging: false,
  };
  if (target.databaseUrl) {
    const poolSize = target.poolSize ?? 10;
    return {
      ...common,
      url: target.databaseUrl,
      poolSize,
      extra: { max: poolSize, connectionTimeoutMillis: 10000 },
    };
  }
  if (!target.pglite) throw new Error('Neither DATABASE_URL nor an embedded database was given');
  return {
    ...common,
    poolSize: 1,
    extra: { ...createPgConfig(target.pglite), max: 1, connectionTimeoutMillis: 10000 },
  };
}
