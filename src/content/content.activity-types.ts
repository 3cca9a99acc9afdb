import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { ContentPageResponse } from './pages/content-page.dto';

/** The activities the content context records (webhook topics). */
export const contentActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'ContentPage',
    noun: 'a content page',
    properties: responseProperties(ContentPageResponse),
  },
  {
    entityType: 'Document',
    noun: 'a document or directory of the file tree',
    properties: ['path', 'type', 'size', 'contentType'],
  },
];
