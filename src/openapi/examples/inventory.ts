import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

const locationBody = {
  externalReference: 'WH-AMS',
  name: 'Amsterdam warehouse and showroom',
  displayOrder: 1,
  isWarehouse: true,
  isPickupLocation: true,
  isStockLocation: true,
  email: 'amsterdam@example.com',
  description: 'Pick up weekdays from 08:30',
  phoneNumber: '+31 20 555 0100',
  image: 'https://cdn.example.com/locations/amsterdam.jpg',
  address: {
    street: 'Industrieweg',
    houseNumber: '12',
    postalCode: '1041 AB',
    city: 'Amsterdam',
    region: 'Noord-Holland',
    country: 'NL',
  },
  openingHours: [
    { dayOfWeek: 'Monday', opens: '08:30', closes: '17:30' },
    { dayOfWeek: 'Saturday', opens: '10:00', closes: '16:00' },
  ],
};

/** The request examples of the inventory operations, by operationId. */
export const inventoryExamples: Record<string, RequestExample> = {
  createLocation: {
    summary: 'A warehouse that is also a pickup point',
    body: locationBody,
    yields: { [ids.location]: 'id' },
  },
  updateLocation: {
    summary: 'Replace a location (longer Saturday hours)',
    body: {
      ...locationBody,
      id: ids.location,
      openingHours: [
        { dayOfWeek: 'Monday', opens: '08:30', closes: '17:30' },
        { dayOfWeek: 'Saturday', opens: '09:00', closes: '17:00' },
      ],
    },
    path: { id: ids.location },
  },
  createStock: {
    summary: 'Stock of a product at a warehouse',
    body: {
      externalReference: 'STOCK-4501-AMS',
      productId: ids.product,
      locationId: ids.location,
      quantity: 40,
    },
    yields: { [ids.stock]: 'id' },
  },
  updateStock: {
    summary: 'Set the counted quantity',
    body: { id: ids.stock, quantity: 38 },
    path: { id: ids.stock },
  },
  adjustStock: { summary: 'Two chairs were damaged', body: { change: -2 }, path: { id: ids.stock } },
};
