import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

export const orderAddress = {
  name: 'De Vries Interieur B.V.',
  street: 'Keizersgracht',
  houseNumber: '313',
  postalCode: '1016 EE',
  city: 'Amsterdam',
  region: 'Noord-Holland',
  country: 'NL',
};
const orderHeader = {
  externalReference: 'PO-2026-0117',
  deliveryMethod: 'Pickup',
  description: 'Chairs for the new meeting room',
  pickupLocationId: ids.location,
  billingAddress: orderAddress,
  shippingAddress: orderAddress,
  debtorId: ids.account,
  orderedById: ids.contact,
  orderedAt: '2026-11-24T10:15:00.000Z',
  orderingStatus: 'Draft',
  channel: 'phone',
  tags: ['meeting room'],
};

/** The request examples of the sales operations, by operationId. */
export const salesExamples: Record<string, RequestExample> = {
  updateSalesSettings: {
    summary: 'Order numbers like SO-2026-00001, stock taken at the warehouse',
    body: {
      orderNumberPrefix: 'SO-2026-',
      orderNumberPadding: 5,
      allowBackorders: false,
      defaultStockLocationId: ids.location,
    },
  },
  createSalesOrder: {
    summary: 'An order of a customer, picked up at the warehouse',
    body: {
      ...orderHeader,
      currency: 'EUR',
      lines: [{ productId: ids.product, quantity: 12, discountPercentage: 5 }],
    },
    yields: { [ids.salesOrder]: 'id' },
  },
  updateSalesOrder: {
    summary: 'Replace an order’s header (a new reference)',
    body: { ...orderHeader, id: ids.salesOrder, externalReference: 'PO-2026-0117-B' },
    path: { id: ids.salesOrder },
  },
  addSalesOrderLine: {
    summary: 'Add a product to a Draft order',
    body: { productId: ids.otherProduct, quantity: 1, discountPercentage: 0 },
    path: { id: ids.salesOrder },
  },
};
