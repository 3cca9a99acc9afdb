import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { LeanPlan, leanPlan } from '../database/lean-reads';
import type { ListParams, Page } from './list-query';

export interface ListSpec<S extends string> {
  /** SortBy value → SQL expression (e.g. `{ Name: 'p.name' }`). Ties are broken by the id. */
  sort: Record<S, string>;
  /** Columns searched by `query`, case-insensitively (ILIKE, backed by trigram indexes where it matters). */
  search?: string[];
  /** Whether `query` matches anywhere in a column (the default) or only at its start. */
  match?: Match;
  /**
   * What breaks ties after the sort expression, in the same direction: the id by default; a list
   * without ids (an aggregate) names its own unique ordering.
   */
  tieBreak?: string[];
}

type Match = 'contains' | 'prefix';

/** The filters most lists take: `ids` (on `<alias>.id`) and `external_references` (on `<alias>.external_reference`). */
export interface IdFilters {
  ids?: string[];
  external_references?: string[];
}

/** Adds the `ids` / `external_references` filters the query asks for to `qb` (an empty one filters nothing). */
export function filterByIds<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  q: IdFilters,
): SelectQueryBuilder<T> {
  if (q.ids?.length) qb.andWhere(`${qb.alias}.id IN (:...__ids)`, { __ids: q.ids });
  if (q.external_references?.length)
    qb.andWhere(`${qb.alias}.external_reference IN (:...__refs)`, { __refs: q.external_references });
  return qb;
}

/**
 * One page of the ids `qb` matches, in id order after `after` (a keyset: an export reads every
 * match a page at a time without OFFSET, and rows written meanwhile neither repeat nor shift it).
 */
export async function idPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const id = `${qb.alias}.id`;
  if (after) qb.andWhere(`${id} > :__after`, { __after: after });
  const rows = await qb.select(id, 'id').orderBy(id).limit(limit).getRawMany<{ id: string }>();
  return rows.map((r) => r.id);
}

/** Escapes LIKE wildcards so a search for `50%` finds `50%` (anywhere, or at the start with `prefix`). */
export const likePattern = (text: string, match: Match = 'contains') => {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return match === 'prefix' ? `${escaped}%` : `%${escaped}%`;
};

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
  searchAndSort(qb, params, spec);
  const plan = leanPlanOf(qb);
  if (plan) qb.select(plan.selectList(alias));
  qb.addSelect('count(*) over ()', '__total').offset(params.skip).limit(params.take);
  if (params.take === 0) return { data: [], total: await countAll(qb) };
  let entities: T[];
  let raw: ObjectLiteral[];
  if (!qb.expressionMap.mainAlias?.hasMetadata) {
    // A query of no entity (an aggregate over a subquery): its rows are the answer.
    raw = await qb.getRawMany();
    entities = raw.map(({ __total, ...row }) => row as T);
  } else if (plan) {
    raw = await qb.getRawMany();
    entities = raw.map((row) => plan.map(row));
  } else {
    ({ entities, raw } = await qb.getRawAndEntities());
  }
  return { data: entities, total: await totalOf(qb, raw, params) };
}

/** How each row of a page is answered in SQL: its table, and the select list over an alias of it. */
export interface AnswerSql {
  table: string;
  /** The select list of one answer row (e.g. `p.version AS version, json_build_object(…) AS answer`). */
  select: (alias: string) => string;
}

/**
 * `paginate` for answers PostgreSQL builds: the same search, sort, page and total, and each row of
 * the page selected by `answer` — all in ONE statement. The page's ids (with the sort keys and
 * the total) are joined back to the table, so the answers' subqueries run for the page's rows only.
 *
 * `materialize` is for selective filters that have indexes of their own (a text search, a link
 * table): `WITH matches AS MATERIALIZED (…)` plans the matches without ORDER BY/LIMIT and the page
 * is a top-N sort of them. Given a LIMIT with `count(*) over ()`, the planner costs an ordered
 * index scan as if it stopped after the page; the total needs every match, so that plan walks the
 * whole workspace filtering row by row (1.1 s for two words at 100,000 products, against 15 ms
 * through the GIN index). Without selective filters the ordered scan is the right plan (an
 * index-only scan that counts as it goes), and materializing every row would cost more.
 */
export async function paginateAnswers<R extends ObjectLiteral, S extends string>(
  qb: SelectQueryBuilder<ObjectLiteral>,
  params: ListParams<S>,
  spec: ListSpec<S>,
  answer: AnswerSql,
  options: { materialize?: boolean } = {},
): Promise<Page<R>> {
  const alias = qb.alias;
  const keys = searchAndSort(qb, params, spec);
  // In parentheses: TypeORM merges selections of a bare `alias.column` (the same column twice).
  qb.select(`(${alias}.id)`, '__id');
  keys.forEach((expression, i) => qb.addSelect(`(${expression})`, `__k${i}`));
  if (params.take === 0) return { data: [], total: await countAll(qb) };
  const direction = params.sortOrder === 'Desc' ? 'DESC' : 'ASC';
  const a = '__a';
  const join = `JOIN ${answer.table} ${a} ON ${a}.id = __page.__id`;
  let answers: string;
  if (options.materialize) {
    const order = keys.map((_, i) => `__k${i} ${direction}`).join(', ');
    answers =
      `(WITH __m AS MATERIALIZED (${qb.clone().orderBy().getQuery()}) ` +
      // eslint-disable-next-line no-restricted-syntax -- the page subquery the query builder wraps, not a statement
      `SELECT (SELECT count(*) FROM __m) AS __total, __page.*, ${answer.select(a)} ` +
      `FROM (SELECT * FROM __m ORDER BY ${order} LIMIT ${params.take} OFFSET ${params.skip}) __page ${join})`;
  } else {
    qb.addSelect('count(*) over ()', '__total').offset(params.skip).limit(params.take);
    answers = `(SELECT __page.*, ${answer.select(a)} FROM (${qb.getQuery()}) __page ${join})`;
  }
  const outer = qb
    .createQueryBuilder()
    .select('__r.*')
    .from(answers, '__r')
    .setParameters(qb.getParameters());
  keys.forEach((_, i) => outer.addOrderBy(`__r.__k${i}`, direction));
  const raw: ObjectLiteral[] = await outer.getRawMany();
  for (const row of raw) {
    delete row.__id;
    keys.forEach((_, i) => delete row[`__k${i}`]);
  }
  const data = raw.map(({ __total, ...row }) => row as R);
  return { data, total: await totalOf(qb, raw, params) };
}

/**
 * The text search of a list (`Query`) on `qb`: any of `spec.search` holds the text, case-insensitively.
 * The list's pages apply it through `paginate`; an export of the same list applies it here.
 */
export function searchText<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: string | undefined,
  spec: Pick<ListSpec<string>, 'search' | 'match'>,
): SelectQueryBuilder<T> {
  if (query && spec.search?.length) {
    const pattern = likePattern(query, spec.match);
    qb.andWhere(
      new Brackets((w) => {
        for (const column of spec.search!) w.orWhere(`${column} ILIKE :__query`, { __query: pattern });
      }),
    );
  }
  return qb;
}

/**
 * The text search and the order of a list on `qb`; returns the sort expressions, tie-breaks
 * included, in order (all in the direction of `sortOrder`).
 */
function searchAndSort<T extends ObjectLiteral, S extends string>(
  qb: SelectQueryBuilder<T>,
  params: ListParams<S>,
  spec: ListSpec<S>,
): string[] {
  searchText(qb, params.query, spec);
  const direction = params.sortOrder === 'Desc' ? 'DESC' : 'ASC';
  const keys = [spec.sort[params.sortBy], ...(spec.tieBreak ?? [`${qb.alias}.id`])];
  qb.orderBy(keys[0], direction);
  for (const expression of keys.slice(1)) qb.addOrderBy(expression, direction);
  return keys;
}

/** The total of a page's rows (`__total` of the first), counted apart only when the page is past the end. */
async function totalOf<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  raw: ObjectLiteral[],
  params: { skip: number },
): Promise<number> {
  if (raw.length > 0) return Number((raw[0] as { __total: string }).__total);
  return params.skip > 0 ? countAll(qb) : 0;
}

/** Every match of the list, ignoring the page. */
async function countAll<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): Promise<number> {
  const all = qb.clone().offset(undefined).limit(undefined);
  if (qb.expressionMap.mainAlias?.hasMetadata) return all.getCount();
  const counted = await qb
    .createQueryBuilder()
    .select('count(*)', 'n')
    .from(`(${all.orderBy().getQuery()})`, '__all')
    .setParameters(all.getParameters())
    .getRawOne<{ n: string }>();
  return Number(counted?.n ?? 0);
}

/**
 * The compiled row mapper of the query builder's entity when the builder selects that entity and
 * nothing else (no joins, no partial or extra selects): then its columns are selected by database
 * name and mapped by the plan instead of TypeORM's hydration. Otherwise null (TypeORM's way).
 */
function leanPlanOf<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): LeanPlan<T> | null {
  const map = qb.expressionMap;
  const main = map.mainAlias;
  if (!main?.hasMetadata) return null;
  if (map.joinAttributes.length > 0 || map.relationIdAttributes.length > 0) return null;
  if (map.selects.length !== 1 || map.selects[0].selection !== main.name || map.selects[0].aliasName)
    return null;
  return leanPlan<T>(main.metadata);
}
