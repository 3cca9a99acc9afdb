import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities the content context records (webhook topics). */
export const contentActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'ContentPage', noun: 'a content page' },
  { entityType: 'Document', noun: 'a document or directory of the file tree' },
];
