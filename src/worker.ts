import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { dataSourceOptions } from './app.database-options';
import { loadEnvOrExit } from './config/env';
import { PlatformModule } from './platform/platform.module';
import { createLogger, PinoNestLogger } from './platform/http/request-logger';
import { TransferModule } from './transfer/transfer.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * `node dist/src/worker.js` (`npm run start:worker`): the webhook delivery worker and the import
 * worker (docs/imports.md) alone, without the HTTP API, for the scale-out configuration — API instances with `WEBHOOKS_WORKER=false`
 * write the outbox, worker processes send it (any number of them: they claim rows with
 * `FOR UPDATE SKIP LOCKED`). Same configuration as the service; it needs `DATABASE_URL` (the
 * embedded database belongs to one process). It leaves migrations to the API instances unless
 * `MIGRATIONS_RUN=true` is set explicitly. SIGTERM/SIGINT stop it after the round under way, with exit status 0.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit({ servesHttp: false });
  if (!env.DATABASE_URL) {
    process.stderr.write(
      'The webhook worker process needs DATABASE_URL (a PostgreSQL server shared with the API instances).\n',
    );
    process.exit(1);
  }
  env.WEBHOOKS_WORKER = true;
  env.IMPORTS_WORKER = true;
  env.MIGRATIONS_RUN = process.env.MIGRATIONS_RUN === 'true';
  // Its work reads and writes on the primary (it serves no caller's reads): no standby pools or polls.
  env.DATABASE_READ_URLS = undefined;

  const database = dataSourceOptions({ databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  @Module({ imports: [PlatformModule.forRoot({ env, database }), WebhooksModule, TransferModule] })
  class WorkerModule {}

  const app = await NestFactory.createApplicationContext(WorkerModule, {
    logger: new PinoNestLogger(createLogger(env.LOG_LEVEL)),
    abortOnError: false,
  });
  await app.init();
  const stop = () => {
    // Past SHUTDOWN_TIMEOUT_MS the round under way is abandoned: its claims expire and another
    // worker sends those deliveries again (at least once).
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS).unref();
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdout.write('Webhook delivery worker started (no HTTP API)\n');
}

void main();
