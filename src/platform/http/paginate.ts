import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ListParams, Page } from './list-query';

export interface ListSpec<S extends string> {
  /** SortBy value → SQL expression (e.g. `{ Name: 'p.name' }`). Ties are broken by the id. */
  sort: Record<S, string>;
  /** Columns searched by `query`, case-insensitively (ILIKE, backed by trigram indexes where it matters). */
  search?: string[];
}

/** Escapes LIKE wildcards so a search for `50%` finds `50%`. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The one way a list is run: text search, sorting with a stable tie-break on the id, the page,
 * and the total, in one round trip (`count(*) over ()`); a second query only when the page is
 * past the end. The query builder must already hold the filters (and the workspace scope).
 */
export async function paginate<T extends ObjectLiteral, S extends string>(
  qb: SelectQueryBuilder<T>,
  params: ListParams<S>,
  spec: ListSpec<S>,
): Promise<Page<T>> {
  const alias = qb.alias;
  if (params.query && spec.search?.length) {
    const pattern = likePattern(params.query);
    qb.andWhere(
      new Brackets((w) => {
        for (const column of spec.search!) w.orWhere(`${column} ILIKE :__query`, { __query: pattern });
      }),
    );
  }
  const direction = params.sortOrder === 'Desc' ? 'DESC' : 'ASC';
  qb.orderBy(spec.sort[params.sortBy], direction)
    .addOrderBy(`${alias}.id`, direction)
    .addSelect('count(*) over ()', '__total')
    .offset(params.skip)
    .limit(params.take);
  if (params.take === 0) {
    return { data: [], total: await qb.clone().offset(undefined).limit(undefined).getCount() };
  }
  const { entities, raw } = await qb.getRawAndEntities();
  let total = raw.length > 0 ? Number((raw[0] as { __total: string }).__total) : 0;
  if (raw.length === 0 && params.skip > 0)
    total = await qb.clone().offset(undefined).limit(undefined).getCount();
  return { data: entities, total };
}
