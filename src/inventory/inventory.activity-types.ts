import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities inventory records (webhook topics). Orders moving stock record `StockQuantityUpdated`. */
export const inventoryActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'Location', noun: 'a location' },
  { entityType: 'Stock', noun: 'a stock' },
];
