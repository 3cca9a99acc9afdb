import { LocationEntity } from './locations/location.entity';
import { StockEntity } from './stocks/stock.entity';

/** Every entity of the inventory context (listed in src/app.entities.ts). */
export const inventoryEntities = [LocationEntity, StockEntity];
