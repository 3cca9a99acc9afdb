import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities i18n records about the workspace's languages (webhook topics). */
export const i18nActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'Workspace',
    noun: 'the workspace',
    changes: [],
    events: {
      WorkspaceLanguageAdded: 'A language was added to the workspace',
      WorkspaceLanguageRemoved: 'A language was removed from the workspace',
    },
  },
];
