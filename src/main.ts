import 'reflect-metadata';
import { createApp } from './app.setup';
import { loadEnvOrExit } from './config/env';
import { DataDirLockedError } from './platform/database/data-dir-lock';
import { startEmbeddedPostgres } from './platform/database/embedded-postgres';
import { installGracefulShutdown } from './health/health.api';
import { BootstrapAdmin } from './identity/identity.api';
import { startBanner } from './start-banner';

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  let pglite;
  try {
    pglite = env.DATABASE_URL
      ? undefined
      : await startEmbeddedPostgres(env.DATA_DIR, undefined, {
          fsync: env.EMBEDDED_FSYNC,
          onUncleanShutdown: () =>
            process.stderr.write(
              `The embedded database in ${env.DATA_DIR} was not shut down cleanly (its process was killed or crashed): PostgreSQL recovers it from its write-ahead log now.\n`,
            ),
        });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      process.stderr.write(`${e.message} Stop it first, or set DATABASE_URL to use a PostgreSQL server.\n`);
      process.exit(1);
    }
    throw e;
  }
  const app = await createApp(env, pglite);
  installGracefulShutdown(app, env, pglite);
  await app.listen(env.PORT, '0.0.0.0');
  process.stdout.write(
    startBanner({
      port: env.PORT,
      database: env.DATABASE_URL ? 'PostgreSQL server' : `embedded PostgreSQL in ${env.DATA_DIR}`,
      adminLogin: app.get(BootstrapAdmin).takeLogin(),
    }),
  );
}

void main();
