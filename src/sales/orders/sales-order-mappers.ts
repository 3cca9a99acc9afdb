import { addressOf as postalAddressOf } from '../../platform/address';
import { scopedFields, withoutScopedFields } from '../../platform/http/resource';
import type { SalesOrderLineResponse } from './sales-order-line.dto';
import type { OrderAddressBody, SalesOrderResponse } from './sales-order.dto';
import type { OrderAddress, SalesOrderEntity, SalesOrderLineEntity } from './sales-order.entity';

const money = (v: string) => Number(v);

export const toLineResponse = (l: SalesOrderLineEntity): SalesOrderLineResponse => ({
  id: l.id,
  productId: l.productId,
  sku: l.sku,
  name: l.name,
  quantity: Number(l.quantity),
  unitPrice: Number(l.unitPrice),
  unitPriceOverridden: l.unitPriceOverridden,
  discountPercentage: Number(l.discountPercentage),
  vatRate: Number(l.vatRate),
  totalExclVat: money(l.totalExclVat),
  vatAmount: money(l.vatAmount),
  totalInclVat: money(l.totalInclVat),
});

export const toSalesOrderResponse = (
  o: SalesOrderEntity,
  lines: SalesOrderLineEntity[],
): SalesOrderResponse => ({
  ...scopedFields(o),
  orderNumber: o.orderNumber,
  orderedAt: o.orderedAt.toISOString(),
  orderingStatus: o.orderingStatus,
  statusModifiedAt: o.statusModifiedAt.toISOString(),
  deliveryMethod: o.deliveryMethod,
  channel: o.channel,
  description: o.description,
  tags: o.tags ?? [],
  currency: o.currency,
  debtorId: o.debtorId,
  orderedById: o.orderedById,
  clientLoginId: o.clientLoginId,
  pickupLocationId: o.pickupLocationId,
  stockLocationId: o.stockLocationId,
  billingAddress: o.billingAddress,
  shippingAddress: o.shippingAddress,
  totals: {
    totalExclVat: money(o.totalExclVat),
    totalVat: money(o.totalVat),
    totalInclVat: money(o.totalInclVat),
  },
  lines: lines.filter((l) => l.salesOrderId === o.id).map(toLineResponse),
});

/** What activities compare: the API shape without bookkeeping; lines by product and quantity. */
export const orderSnapshot = (r: SalesOrderResponse) => {
  const { lines, ...rest } = withoutScopedFields(r);
  return {
    ...rest,
    lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPrice: l.unitPrice })),
  };
};

/** An order's address as stored: the kernel's address lines and country, after the name. */
export const addressOf = (a: OrderAddressBody | null | undefined): OrderAddress | null =>
  a ? { name: a.name ?? null, ...postalAddressOf(a)! } : null;
