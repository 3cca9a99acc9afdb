import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';
import { orderAddress } from './sales';

/** The request examples of the storefront operations, by operationId. */
export const storefrontExamples: Record<string, RequestExample> = {
  getCommerceProductPrices: {
    summary: 'Prices of two products by id and sku',
    body: [
      { identifier: ids.product, quantity: 12 },
      { identifier: 'CH-OAK-4501', quantity: 1 },
    ],
    after: ['updateProduct'],
  },
  listCommerceProducts: {
    summary: 'A category page, cheapest first',
    body: {
      take: 24,
      skip: 0,
      sortOrder: 'Asc',
      sortBy: 'SalesPrice',
      query: 'chair',
      categoryIds: [ids.category],
      type: 'SimpleProduct',
      attributes: [{ attributeId: ids.attribute, values: ['Natural oak'] }],
    },
  },
  getCommerceProductFacets: {
    summary: 'The facets of a category page',
    body: { query: 'chair', isActive: true, attributes: [] },
    path: { categoryId: ids.category },
    after: ['replaceProductFilters'],
  },
  createCommerceSalesOrder: {
    summary: 'A shopper orders two chairs for delivery',
    body: {
      externalReference: 'CART-55120',
      deliveryMethod: 'Delivery',
      description: 'Please call before delivery',
      billingAddress: orderAddress,
      shippingAddress: orderAddress,
      channel: 'webshop',
      currency: 'EUR',
      lines: [{ sku: 'CH-OAK-4501', quantity: 2 }],
    },
    after: ['updateProduct'],
  },
};
