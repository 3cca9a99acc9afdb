import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

/** The request examples of the pricing operations, by operationId. */
export const pricingExamples: Record<string, RequestExample> = {
  createAtomicScript: {
    summary: 'Free delivery from 100 pieces',
    body: {
      externalReference: 'RULE-7',
      name: 'Free delivery from 100 pieces',
      description: 'Adds a message to prices of large quantities',
      trigger: 'PriceCalculation',
      code: 'if (input.quantity >= 100) return { messages: ["Free delivery"] };',
      active: true,
      displayOrder: 1,
    },
    yields: { [ids.atomicScript]: 'id' },
  },
  updateAtomicScript: {
    summary: 'Lower the threshold',
    body: {
      id: ids.atomicScript,
      externalReference: 'RULE-7',
      name: 'Free delivery from 50 pieces',
      description: 'Adds a message to prices of large quantities',
      trigger: 'PriceCalculation',
      code: 'if (input.quantity >= 50) return { messages: ["Free delivery"] };',
      active: true,
      displayOrder: 1,
    },
    path: { id: ids.atomicScript },
  },
};
