import { exampleIds as ids, exampleWebhookUrl } from '../example-values';
import type { RequestExample } from './request-example';

/** The request examples of the webhooks operations, by operationId. */
export const webhooksExamples: Record<string, RequestExample> = {
  createWebhook: {
    summary: 'Send new orders and account changes to an endpoint',
    body: {
      externalReference: 'HOOK-ERP',
      url: exampleWebhookUrl,
      topics: ['SalesOrderCreated', 'Account*Updated'],
      active: true,
      description: 'ERP order import',
    },
    yields: { [ids.webhook]: 'id' },
  },
  updateWebhook: {
    summary: 'Subscribe to more topics and rotate the secret',
    body: {
      id: ids.webhook,
      externalReference: 'HOOK-ERP',
      url: exampleWebhookUrl,
      topics: ['SalesOrderCreated', 'SalesOrderOrderingStatusUpdated', 'Account*Updated'],
      active: true,
      description: 'ERP order import',
      rotateSecret: true,
    },
    path: { id: ids.webhook },
  },
};
