import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { filterByIds } from '../../platform/http/paginate';
import type { AccountListQuery } from './account.dto';

/** The filters of the account list (GET /core-api/accounts), which its export takes as well. */
export type AccountFilters = Pick<
  AccountListQuery,
  'ids' | 'external_references' | 'account_types' | 'owner_ids' | 'industries' | 'tags' | 'Query'
>;

/** What the list's `Query` searches (paginate's `search`). */
export const accountSearch = {
  search: ['a.display_name', 'a.account_code', 'a.vat_number', 'a.chamber_of_commerce'],
};

/** Adds the account list's filters (all but the text search) to `qb`, an accounts query aliased `a`. */
export function filterAccounts<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  q: AccountFilters,
): SelectQueryBuilder<T> {
  filterByIds(qb, q);
  if (q.account_types?.length) qb.andWhere('a.account_type IN (:...types)', { types: q.account_types });
  if (q.owner_ids?.length) qb.andWhere('a.owner_id IN (:...owners)', { owners: q.owner_ids });
  if (q.industries?.length)
    qb.andWhere('a.industries && CAST(:industries AS text[])', { industries: q.industries });
  if (q.tags?.length) qb.andWhere('a.tags && CAST(:tags AS text[])', { tags: q.tags });
  return qb;
}
