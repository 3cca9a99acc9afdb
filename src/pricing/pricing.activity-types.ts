import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities pricing records (webhook topics). */
export const pricingActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'AtomicScript', noun: 'an atomic script (a pricing rule)' },
];
