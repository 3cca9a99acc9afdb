/**
 * One documented request: the body Swagger UI's "Try it out" offers, and how the examples e2e test
 * sends it to a fresh workspace.
 */
export interface RequestExample {
  /** One line shown above the example. */
  summary: string;
  body: unknown;
  /** Path parameters (example ids); shown as the parameters' examples. */
  path?: Record<string, string>;
  /** Example values the answer defines: example value → dotted path in the answer (`statuses.0.id`). */
  yields?: Record<string, string>;
  /** Operations whose examples must have been sent first (beyond those yielding the ids used here). */
  after?: string[];
}
