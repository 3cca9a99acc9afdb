/**
 * The sales door: what the demo seed calls to place orders.
 * Other contexts import this file or `sales.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { SalesOrdersService } from './orders/sales-orders.service';
export { SalesSettingsService } from './settings/sales-settings.service';
