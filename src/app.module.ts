import type { PGlite } from '@electric-sql/pglite';
import { DynamicModule, Module } from '@nestjs/common';
import { dataSourceOptions } from './app.database-options';
import type { Env } from './config/env';
import { ActivityModule } from './activity/activity.module';
import { CatalogModule } from './catalog/catalog.module';
import { ContentModule } from './content/content.module';
import { CrmModule } from './crm/crm.module';
import { HealthModule } from './health/health.module';
import { I18nModule } from './i18n/i18n.module';
import { IdentityModule } from './identity/identity.module';
import { InventoryModule } from './inventory/inventory.module';
import { MasterdataModule } from './masterdata/masterdata.module';
import { PlatformModule } from './platform/platform.module';
import { PricingModule } from './pricing/pricing.module';
import { StorefrontModule } from './storefront/storefront.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { SalesModule } from './sales/sales.module';
import { TransferModule } from './transfer/transfer.module';
import { SalesStatisticsModule } from './sales/sales.api';
import { StorefrontOrdersModule } from './storefront/storefront.api';

/**
 * The composition root: wires the contexts, and hands the platform what it must not import itself
 * (every context's entities, in the data source's options). Sub-path controllers register before
 * `{id}` routes (see api-conventions §8).
 */
@Module({})
export class AppModule {
  static forRoot(env: Env, pglite?: PGlite): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          env,
          pglite,
          database: dataSourceOptions({
            databaseUrl: env.DATABASE_URL,
            pglite,
            poolSize: env.DATABASE_POOL_SIZE,
          }),
        }),
        HealthModule,
        IdentityModule,
        I18nModule,
        CatalogModule,
        CrmModule,
        MasterdataModule,
        ActivityModule,
        PricingModule,
        StorefrontModule,
        ContentModule,
        WebhooksModule,
        InventoryModule,
        SalesModule,
        // after the core sales orders, before their figures: the order of the OpenAPI document
        StorefrontOrdersModule,
        SalesStatisticsModule,
        TransferModule,
      ],
    };
  }
}
