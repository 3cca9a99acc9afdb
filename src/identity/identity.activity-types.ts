import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities identity records (webhook topics). A workspace is deleted with its activities. */
export const identityActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'User', noun: 'a user' },
  { entityType: 'ClientLogin', noun: 'a client login' },
  { entityType: 'Workspace', noun: 'the workspace', changes: ['created', 'updated'] },
];
