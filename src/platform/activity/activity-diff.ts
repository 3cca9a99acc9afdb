import { isDeepStrictEqual } from 'node:util';

/** Fields every resource has that are bookkeeping, not a change a person made. */
const ignored = new Set(['id', 'workspace', 'workspaceId', 'createdAt', 'modifiedAt', 'version']);

export interface PropertyChange {
  property: string;
  oldValue: unknown;
  newValue: unknown;
}

const normalise = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/**
 * The properties that differ between two snapshots of one resource (its API shape), in the order
 * of `after`. Arrays and objects compare by value, so `['a','b']` → `['a','b']` is no change.
 */
export function diffSnapshots(before: object, after: object): PropertyChange[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const changes: PropertyChange[] = [];
  for (const property of keys) {
    if (ignored.has(property)) continue;
    const oldValue = normalise(b[property]);
    const newValue = normalise(a[property]);
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(oldValue)), JSON.parse(JSON.stringify(newValue)))) {
      changes.push({ property, oldValue, newValue });
    }
  }
  return changes;
}

/** `billingAddress` → `BillingAddress`, for activity types such as `AccountBillingAddressUpdated`. */
export const pascal = (property: string) => property.charAt(0).toUpperCase() + property.slice(1);
