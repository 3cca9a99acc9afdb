import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

/** The request examples of the activities operations, by operationId. */
export const activityExamples: Record<string, RequestExample> = {
  filterActivities: {
    summary: 'The latest changes of a product',
    body: {
      take: 50,
      skip: 0,
      sortOrder: 'Desc',
      sortBy: 'Timestamp',
      entityIds: [ids.product],
      types: ['ProductCreated', 'ProductNameUpdated'],
      timestamp: { min: '2026-01-01T00:00:00.000Z', max: '2030-12-31T23:59:59.999Z' },
    },
  },
};
