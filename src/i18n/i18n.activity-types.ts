import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { CurrencyResponse } from './currencies/currency.dto';

/** The activities i18n records: the workspace's languages and currencies (webhook topics). */
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
  {
    entityType: 'Currency',
    noun: 'a currency of the workspace',
    properties: responseProperties(CurrencyResponse),
  },
];
