import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Overrides `where` on one query builder so that it adds to the conditions instead of replacing
 * them (TypeORM 1.1.1, see pinned-versions.ts): the scoped repository's builders start with the
 * workspace condition, and a caller's `where` must not be able to drop it. TypeORM's `where`
 * resets the conditions, its `andWhere` appends; the instance's `where` becomes `andWhere`.
 */
export function keepWhereConditions<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
): SelectQueryBuilder<T> {
  qb.where = qb.andWhere.bind(qb) as typeof qb.where;
  return qb;
}
