import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CrmModule } from '../crm/crm.module';
import { I18nModule } from '../i18n/i18n.module';
import { IdentityModule } from '../identity/identity.module';
import { InventoryModule } from '../inventory/inventory.module';
import { PricingModule } from '../pricing/pricing.module';
import { ActivityTypes } from '../platform/activity/activity-types';
import { EntityTypes } from '../platform/database/entity-types';
import { OrderCurrency } from './orders/order-currency';
import { OrderPricing } from './orders/order-pricing';
import { SalesOrderLineChangesService } from './orders/sales-order-line-changes.service';
import { SalesOrderReadsService } from './orders/sales-order-reads.service';
import { SalesOrderStock } from './orders/sales-order-stock';
import { SalesOrderLineResolver } from './orders/sales-order-lines';
import { SalesOrderEntity } from './orders/sales-order.entity';
import { salesActivityTypes } from './sales.activity-types';
import { SalesOrdersCoreController } from './orders/sales-orders.core.controller';
import { SalesOrdersService } from './orders/sales-orders.service';
import { SalesSettingsCoreController } from './settings/sales-settings.core.controller';
import { SalesSettingsService } from './settings/sales-settings.service';
import { SalesOrderStatisticsService } from './statistics/sales-order-statistics.service';

/**
 * Sales orders, their numbers and lines (the storefront places its orders through
 * `SalesOrdersService.place`; the figures are `SalesStatisticsModule`).
 */
@Module({
  imports: [IdentityModule, I18nModule, CatalogModule, CrmModule, InventoryModule, PricingModule],
  // salesorders/settings before salesorders/:id
  controllers: [SalesSettingsCoreController, SalesOrdersCoreController],
  providers: [
    SalesSettingsService,
    SalesOrdersService,
    SalesOrderReadsService,
    SalesOrderLineChangesService,
    SalesOrderLineResolver,
    SalesOrderStock,
    OrderPricing,
    OrderCurrency,
    SalesOrderStatisticsService,
  ],
  exports: [SalesOrdersService, SalesOrderStatisticsService],
})
export class SalesModule {
  constructor(entityTypes: EntityTypes, activityTypes: ActivityTypes) {
    activityTypes.declare(...salesActivityTypes);
    entityTypes.register({ type: 'SalesOrder', target: SalesOrderEntity });
  }
}
