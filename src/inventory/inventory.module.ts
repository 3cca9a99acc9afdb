import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ActivityTypes } from '../platform/activity/activity-types';
import { EntityTypes } from '../platform/database/entity-types';
import { FileReferences } from '../platform/storage/uploads';
import { inventoryActivityTypes } from './inventory.activity-types';
import { LocationEntity } from './locations/location.entity';
import { LocationsCoreController } from './locations/locations.core.controller';
import { locationFileReferences, LocationsService } from './locations/locations.service';
import { StocksCoreController } from './stocks/stocks.core.controller';
import { StocksService } from './stocks/stocks.service';

/** Inventory: locations and the stock (a quantity per product and location) they hold. */
@Module({
  imports: [CatalogModule],
  controllers: [LocationsCoreController, StocksCoreController],
  providers: [LocationsService, StocksService],
  exports: [LocationsService, StocksService],
})
export class InventoryModule {
  constructor(entityTypes: EntityTypes, files: FileReferences, activityTypes: ActivityTypes) {
    activityTypes.declare(...inventoryActivityTypes);
    entityTypes.register({ type: 'Location', target: LocationEntity });
    files.register(...locationFileReferences);
  }
}
