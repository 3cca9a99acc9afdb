import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { SalesOrderResponse } from './orders/sales-order.dto';
import { SalesSettingsResponse } from './settings/sales-settings.dto';

/**
 * The activities sales records (webhook topics): `SalesOrderOrderingStatusUpdated` when an order is
 * completed or canceled, `SalesOrderLinesUpdated` / `SalesOrderTotalsUpdated` when its lines change.
 */
export const salesActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'SalesOrder',
    noun: 'a sales order',
    properties: responseProperties(SalesOrderResponse),
  },
  {
    entityType: 'SalesSettings',
    noun: 'the sales settings',
    changes: ['updated'],
    properties: responseProperties(SalesSettingsResponse, ['lastOrderNumber', 'nextOrderNumber']),
  },
];
