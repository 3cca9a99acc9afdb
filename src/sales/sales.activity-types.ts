import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/**
 * The activities sales records (webhook topics): `SalesOrderOrderingStatusUpdated` when an order is
 * completed or canceled, `SalesOrderLinesUpdated` / `SalesOrderTotalsUpdated` when its lines change.
 */
export const salesActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'SalesOrder', noun: 'a sales order' },
  { entityType: 'SalesSettings', noun: 'the sales settings', changes: ['updated'] },
];
