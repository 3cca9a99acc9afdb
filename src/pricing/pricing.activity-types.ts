import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { AtomicScriptResponse } from './atomic-scripts/atomic-script.dto';

/** The activities pricing records (webhook topics). */
export const pricingActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'AtomicScript',
    noun: 'an atomic script (a pricing rule)',
    properties: responseProperties(AtomicScriptResponse),
  },
];
