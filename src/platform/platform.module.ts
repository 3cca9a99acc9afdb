import type { PGlite } from '@electric-sql/pglite';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { Env } from '../config/env';
import { ActivityObservers } from './activity/activity-recorder';
import { ActivityTypes } from './activity/activity-types';
import { ApiKeyAuthentication } from './auth/api-key-authentication';
import { AuthGuard } from './auth/auth.guard';
import { setDirectListenUrl } from './database/change-listener';
import { Db, STANDBYS } from './database/db';
import { setNamedStatements } from './database/lean-reads';
import { runMigrationsOnce } from './database/migrations-lock';
import { EntityTypes } from './database/entity-types';
import { Standbys } from './database/standbys';
import { ConstraintNames } from './http/constraint-names';
import { HeavyOperations } from './http/heavy-operations';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { ProblemFilter } from './http/problem.filter';
import { RateLimits } from './http/rate-limits';
import { ValidationPipe } from './http/validation.pipe';
import { BackgroundQueues } from './metrics/background-queues';
import { ServiceMetrics } from './metrics/service-metrics';
import { StorageModule } from './storage/storage.module';
import { WorkspaceInitializers } from './tenancy/workspace-initializers';

export interface PlatformOptions {
  env: Env;
  /**
   * The data source's options, every context's entities and the migrations included: built by the
   * composition root (src/app.database-options.ts), so the platform imports no context.
   */
  database: DataSourceOptions;
  /** The embedded database, when DATABASE_URL is not set. */
  pglite?: PGlite;
}

/** Injection token of the embedded database (`PGlite`), or null on a PostgreSQL server. */
export const EMBEDDED_DATABASE = Symbol('EMBEDDED_DATABASE');

/** The kernel every context uses: configuration, database, the guard, validation, errors, storage. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [StorageModule],
      providers: [
        { provide: Env, useValue: options.env },
        { provide: EMBEDDED_DATABASE, useValue: options.pglite ?? null },
        {
          provide: DataSource,
          useFactory: async () => {
            const { env } = options;
            const dataSource = new DataSource(options.database);
            await dataSource.initialize();
            setNamedStatements(dataSource, env.DATABASE_PREPARED_STATEMENTS);
            if (env.DATABASE_URL) setDirectListenUrl(dataSource, env.DATABASE_LISTEN_URL);
            if (env.MIGRATIONS_RUN) await runMigrationsOnce(dataSource, !!options.pglite);
            return dataSource;
          },
        },
        {
          provide: STANDBYS,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => {
            const { env } = options;
            const urls = env.DATABASE_URL
              ? (env.DATABASE_READ_URLS ?? '').split(',').filter((url) => url.length > 0)
              : [];
            return new Standbys(
              dataSource,
              urls,
              options.database,
              env.DATABASE_READ_MAX_LAG_MS,
              env.DATABASE_PREPARED_STATEMENTS,
            );
          },
        },
        Db,
        EntityTypes,
        ConstraintNames,
        ActivityObservers,
        WorkspaceInitializers,
        ActivityTypes,
        BackgroundQueues,
        ServiceMetrics,
        HeavyOperations,
        ApiKeyAuthentication,
        RateLimits,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_PIPE, useClass: ValidationPipe },
        { provide: APP_FILTER, useClass: ProblemFilter },
        IdempotencyInterceptor,
      ],
      exports: [
        Env,
        EMBEDDED_DATABASE,
        DataSource,
        STANDBYS,
        Db,
        EntityTypes,
        ConstraintNames,
        ActivityObservers,
        WorkspaceInitializers,
        ActivityTypes,
        BackgroundQueues,
        ServiceMetrics,
        HeavyOperations,
        ApiKeyAuthentication,
        RateLimits,
      ],
    };
  }
}
