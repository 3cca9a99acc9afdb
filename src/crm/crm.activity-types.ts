import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities the CRM records (webhook topics). */
export const crmActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'Account', noun: 'an account' },
  { entityType: 'Contact', noun: 'a contact' },
  {
    entityType: 'Deal',
    noun: 'a deal',
    events: { DealArchived: 'A deal was archived', DealRestored: 'An archived deal was restored' },
  },
  { entityType: 'Pipeline', noun: 'a pipeline' },
  { entityType: 'Comment', noun: 'a comment' },
];
