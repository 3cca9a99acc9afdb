import { writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/app.database-options';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { serverUrl, templateDatabase, templatePath } from './test-env';

/**
 * Migrates one database for the whole run. Embedded: one in-memory PGlite, migrated and dumped;
 * every test file starts from that dump (under a second instead of a fresh initdb). Server: the
 * database named in TEST_DATABASE_URL is recreated and migrated; test files share it, each in
 * workspaces of its own; a copy of it, `<name>_template`, is the template of the databases some
 * files get for themselves (app.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (serverUrl) {
    const url = new URL(serverUrl);
    const name = url.pathname.slice(1);
    const admin = new URL(serverUrl);
    admin.pathname = '/postgres';
    const root = new DataSource({ type: 'postgres', url: admin.toString() });
    await root.initialize();
    await root.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await root.query(`CREATE DATABASE "${name}"`);
    await root.destroy();
    const ds = new DataSource(dataSourceOptions({ databaseUrl: serverUrl }));
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    await ds.destroy();
    const again = new DataSource({ type: 'postgres', url: admin.toString() });
    await again.initialize();
    const template = templateDatabase(serverUrl);
    await again.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await again.query(`CREATE DATABASE "${template}" TEMPLATE "${name}"`);
    await again.destroy();
    return;
  }
  const pglite = await startEmbeddedPostgres();
  const ds = new DataSource(dataSourceOptions({ pglite }));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(templatePath(), Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
