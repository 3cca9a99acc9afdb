import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/app.database-options';

/**
 * The TypeORM CLI's data source (`npm run migration:*`). It needs a PostgreSQL server:
 * DATABASE_URL, defaulting to the local one.
 */
export default new DataSource(
  dataSourceOptions({ databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }),
);
