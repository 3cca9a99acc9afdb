/**
 * The sales door: the order service the storefront and the demo seed place orders through, and the
 * order DTOs the storefront's answers reuse.
 * Other contexts import this file or `sales.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { SalesOrdersService } from './orders/sales-orders.service';
export { SalesSettingsService } from './settings/sales-settings.service';

// What the storefront wing uses
export {
  type DeliveryMethod,
  type OrderingStatus,
  SalesOrderResponse,
  OrderAddressResponse,
  OrderHeaderFields,
  OrderTotalsResponse,
  deliveryMethods,
  maxOrderLines,
  orderingStatuses,
} from './orders/sales-order.dto';
export { OrderLineItemBody } from './orders/sales-order-line.dto';
export { addressOf } from './orders/sales-order-mappers';
export { SalesStatisticsModule } from './statistics/sales-statistics.module';
