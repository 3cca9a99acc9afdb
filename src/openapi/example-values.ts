/**
 * The ids and tokens the request examples of the document use: fixed, realistic values, one per
 * resource an example refers to. The examples e2e test replaces each by the id (or token) of the
 * resource it created first, so every example is sent as documented and must answer 2xx.
 */
export const exampleIds = {
  workspace: '0c6f7c43-2b1e-4b7a-9a57-3d2f2e8b6a10',
  user: '5d1e8f02-7c3a-4e8b-b1d4-8a9c0f2e3b21',
  clientLogin: '9b2c4e6a-1d3f-4a5b-8c7d-e9f0a1b2c3d4',
  currency: '3a7b9c1d-2e4f-4a6b-8c0d-1e2f3a4b5c6d',
  category: '7e1f3a5b-9c2d-4e6f-8a0b-1c3d5e7f9a2b',
  parentCategory: '1b3d5f7a-9c1e-4a2b-8d4f-6a8c0e2b4d6f',
  categoryContent: '4c6e8a0b-2d4f-4b6a-9c8e-0a2c4e6a8b0d',
  attribute: '8d0f2b4c-6e8a-4c1d-9e3f-5a7b9c1d3e5f',
  brand: '2f4a6c8e-0b2d-4f6a-8c0e-2b4d6f8a0c2e',
  manufacturer: '6a8c0e2b-4d6f-4a8c-9e0b-2d4f6a8c0e2b',
  catalog: '0e2b4d6f-8a0c-4e2b-8d6f-8a0c2e4b6d8f',
  product: 'c2e4a6b8-0d2f-4a4c-8e6b-0a2d4f6c8e0a',
  otherProduct: 'd4f6b8c0-2e4a-4c6e-9a8b-2d4f6a8c0e2b',
  productContent: 'a0c2e4b6-d8f0-4a2c-8e4b-6d8f0a2c4e6b',
  account: 'b6d8f0a2-c4e6-4b8d-8f0a-2c4e6b8d0f2a',
  contact: 'e8a0c2d4-f6b8-4d0a-8c2e-4f6a8b0c2d4e',
  atomicScript: 'f0b2d4e6-a8c0-4f2b-9d4e-6a8c0b2d4f6a',
  contentPage: '1a3c5e7b-9d1f-4b3d-8f5a-7c9e1b3d5f7a',
  webhook: '3c5e7a9b-1d3f-4d5a-8b7c-9e1a3c5e7b9d',
  location: '5e7a9c1b-3d5f-4f7a-9b9c-1e3a5c7e9b1d',
  stock: '7a9c1e3b-5d7f-4a9b-8d1c-3e5a7c9e1b3d',
  salesOrder: '9c1e3a5b-7d9f-4b1c-9e3d-5a7c9e1b3d5f',
  pipeline: 'b1d3f5a7-c9e1-4d3f-8a5b-7c9e1d3f5a7b',
  pipelineStatus: 'd3f5a7c9-e1b3-4f5a-9c7d-9e1b3f5a7c9d',
  deal: 'f5a7c9e1-b3d5-4a7c-8e9f-1b3d5a7c9e1f',
  comment: '0b2d4f6a-8c0e-4b2d-9f4a-6c8e0b2d4f6a',
} as const;

/** A refresh token as `POST /core-api/auth/login` answers it (opaque to clients). */
export const exampleRefreshToken = 'rt_3q2+7w8L0kT1mXyZb4nP9sVd6FhJcRuA';

/** The credentials the `createUser` example sets and the `login` example logs in with. */
export const exampleCredentials = { username: 'anna.jansen', password: 'Spring-Meadow-2026!' } as const;

/** A webhook endpoint (the examples test points it at a local address: no name resolves there). */
/**
 * The raw tokens of shopper account events (`data.token` of their webhook deliveries), by event
 * type: the examples e2e test replaces each by the token the event it sees carries.
 */
export const exampleShopperTokens = {
  ClientLoginEmailVerificationRequested: 'vt_Jx3kQ9pL2mN7rT5wY8zB1cD4fG6hK0sVaE2uI9oPqR',
  ClientLoginPasswordResetRequested: 'pr_T4nV8bX2cZ6mQ1wE5rY9uI3oP7aS0dF2gH4jK6lLzM',
  ClientLoginInvited: 'iv_B7cN1mQ5wE9rT3yU7iO1pA5sD9fG3hJ7kL1zX5cV9b',
} as const;

export const exampleWebhookUrl = 'https://erp.example.com/hooks/trade';
