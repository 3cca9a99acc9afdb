import { SalesOrderEntity, SalesOrderLineEntity } from './orders/sales-order.entity';
import { SalesSettingsEntity } from './settings/sales-settings.entity';

/** Every entity of the sales context (listed in src/app.entities.ts). */
export const salesEntities = [SalesSettingsEntity, SalesOrderEntity, SalesOrderLineEntity];
