import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { LocationResponse } from './locations/location.dto';

/** The activities inventory records (webhook topics). Orders moving stock record `StockQuantityUpdated`. */
export const inventoryActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'Location', noun: 'a location', properties: responseProperties(LocationResponse) },
  { entityType: 'Stock', noun: 'a stock', properties: ['quantity'] },
];
