import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ValueCount } from './account.dto';

/**
 * How many rows of a (workspace-scoped) query hold each value of `expression`, most used first,
 * then alphabetically. `expression` may be a set-returning function such as `unnest(a.tags)`, so
 * an array column counts each row once per element. Rows without a value count under `null`
 * only when `includeNull` is set.
 */
export async function countValues<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  expression: string,
  options: { includeNull?: boolean } = {},
): Promise<ValueCount[]> {
  const rows = await qb
    .select(expression, 'value')
    .addSelect('count(*)::int', 'count')
    .groupBy('1')
    // expressions, not positions: TypeORM keeps the ORDER BY in an object, where '1' would precede '2'
    .orderBy('count(*)', 'DESC')
    .addOrderBy('value', 'ASC', 'NULLS FIRST')
    .getRawMany<{ value: unknown; count: number }>();
  return rows
    .filter((r) => options.includeNull || r.value !== null)
    .map((r) => ({ value: r.value === null ? null : String(r.value), count: Number(r.count) }));
}
