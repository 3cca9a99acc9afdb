import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { filterByIds } from '../../platform/http/paginate';
import type { ContactListQuery } from './contact.dto';

/** The filters of the contact list (GET /core-api/contacts), which its export takes as well. */
export type ContactFilters = Pick<
  ContactListQuery,
  'ids' | 'external_references' | 'job_titles' | 'owner_ids' | 'tags' | 'Query'
>;

/** What the list's `Query` searches (paginate's `search`). */
export const contactSearch = { search: ['c.display_name', 'c.first_name', 'c.last_name', 'c.job_title'] };

/** Adds the contact list's filters (all but the text search) to `qb`, a contacts query aliased `c`. */
export function filterContacts<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  q: ContactFilters,
): SelectQueryBuilder<T> {
  filterByIds(qb, q);
  if (q.job_titles?.length) qb.andWhere('c.job_title IN (:...jobTitles)', { jobTitles: q.job_titles });
  if (q.owner_ids?.length) qb.andWhere('c.owner_id IN (:...owners)', { owners: q.owner_ids });
  if (q.tags?.length) qb.andWhere('c.tags && CAST(:tags AS text[])', { tags: q.tags });
  return qb;
}
