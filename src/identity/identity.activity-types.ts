import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities identity records (webhook topics). A workspace is deleted with its activities. */
export const identityActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'User',
    noun: 'a user',
    properties: [
      'username',
      'email',
      'firstname',
      'lastname',
      'displayName',
      'picture',
      'apps',
      'role',
      'externalReference',
    ],
  },
  {
    entityType: 'ClientLogin',
    noun: 'a client login',
    properties: ['username', 'email', 'displayName', 'status', 'externalReference'],
  },
  {
    entityType: 'Workspace',
    noun: 'the workspace',
    changes: ['created', 'updated'],
    properties: [
      'name',
      'description',
      'imageUrl',
      'defaultCurrency',
      'defaultLanguage',
      'externalReference',
    ],
  },
];
