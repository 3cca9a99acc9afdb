import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { AccountResponse } from './accounts/account.dto';
import { ContactResponse } from './contacts/contact.dto';

/** The activities the CRM records (webhook topics). */
export const crmActivityTypes: ActivityTypeDeclaration[] = [
  { entityType: 'Account', noun: 'an account', properties: responseProperties(AccountResponse) },
  { entityType: 'Contact', noun: 'a contact', properties: responseProperties(ContactResponse) },
  {
    entityType: 'Deal',
    noun: 'a deal',
    properties: [
      'title',
      'expectedRevenue',
      'pipelineId',
      'statusId',
      'tags',
      'description',
      'ownerId',
      'accountId',
      'successRate',
      'startDate',
      'endDate',
      'contacts',
      'products',
      'customFields',
      'externalReference',
    ],
    events: { DealArchived: 'A deal was archived', DealRestored: 'An archived deal was restored' },
  },
  {
    entityType: 'Pipeline',
    noun: 'a pipeline',
    properties: ['title', 'description', 'statuses', 'tags', 'customFields', 'externalReference'],
  },
  {
    entityType: 'Comment',
    noun: 'a comment',
    properties: ['body', 'bodyFormat', 'entity', 'externalReference'],
  },
];
