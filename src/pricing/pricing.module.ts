import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CrmModule } from '../crm/crm.module';
import { ActivityTypes } from '../platform/activity/activity-types';
import { EntityTypes } from '../platform/database/entity-types';
import { pricingActivityTypes } from './pricing.activity-types';
import { WorkspaceInitializers } from '../platform/tenancy/workspace-initializers';
import { AtomicScriptEntity } from './atomic-scripts/atomic-script.entity';
import { AtomicScriptsCoreController } from './atomic-scripts/atomic-scripts.core.controller';
import { AtomicScriptsService } from './atomic-scripts/atomic-scripts.service';
import { PriceScripts } from './atomic-scripts/price-scripts';
import { ScriptSandbox } from './atomic-scripts/script-sandbox';
import { PriceOperationsService } from './prices/price-operations.service';
import { PriceTablesCache } from './prices/price-tables-cache';
import { PricesCoreController } from './prices/prices.core.controller';
import { PricingService } from './prices/pricing.service';
import { VatCodeEntity } from './vat-codes/vat-code.entity';
import { VatCodesCoreController } from './vat-codes/vat-codes.core.controller';
import { VatCodesService } from './vat-codes/vat-codes.service';

/**
 * Pricing: the price engine (product price → tier → account discount → atomic scripts, exact
 * decimals), VAT codes and atomic scripts (sandboxed JavaScript rules). Reads products and
 * accounts through the catalog's and CRM's exported services.
 */
@Module({
  imports: [CatalogModule, CrmModule],
  controllers: [VatCodesCoreController, AtomicScriptsCoreController, PricesCoreController],
  providers: [
    VatCodesService,
    ScriptSandbox,
    PriceScripts,
    AtomicScriptsService,
    PriceTablesCache,
    PricingService,
    PriceOperationsService,
  ],
  exports: [PricingService, PriceOperationsService, VatCodesService],
})
export class PricingModule {
  constructor(
    entityTypes: EntityTypes,
    initializers: WorkspaceInitializers,
    vatCodes: VatCodesService,
    activityTypes: ActivityTypes,
  ) {
    activityTypes.declare(...pricingActivityTypes);
    entityTypes.register(
      { type: 'VatCode', target: VatCodeEntity },
      { type: 'AtomicScript', target: AtomicScriptEntity },
    );
    initializers.register((tx) => vatCodes.seed(tx));
  }
}
