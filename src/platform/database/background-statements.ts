import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Queryable } from './queryable';

/**
 * Where the service's own periodic statements run (the rate limits' flush): on the data source's
 * pool, beside TypeORM's query logger. They belong to no request, so what observes a request's
 * statements (the statement-count tests, a query log read per request) does not see them land in
 * the middle of one. The same pool and connections as every other statement (on the embedded
 * database its one session).
 */
export function backgroundStatements(dataSource: DataSource): Queryable {
  return {
    query: async (text, params) => {
      const pool = (dataSource.driver as PostgresDriver).master as Pool;
      return (await pool.query(text, params ? [...params] : undefined)).rows;
    },
  };
}
