import { createHash } from 'node:crypto';
import {
  DataSource,
  EntityManager,
  EntityMetadata,
  QueryFailedError,
  QueryRunnerAlreadyReleasedError,
} from 'typeorm';
import { typeormHydration } from '../library-patches/typeorm-hydration';
import { primaryAfter } from './standby-fallback';

type Column = EntityMetadata['columns'][number];
type Row = Record<string, unknown>;

/**
 * Column types whose value TypeORM's postgres driver hydrates as is (`prepareHydratedValue` has no
 * branch for them): what `pg` parsed is what the entity holds (int8/numeric stay strings, jsonb and
 * arrays arrive parsed). Every other type (timestamps, `date`, enums, simple-*, types given as JS
 * constructors, view columns without a type) and every column with a transformer goes through the
 * driver's own `prepareHydratedValue`, so the result is TypeORM's by construction.
 */
const asIsTypes = new Set<unknown>([
  'uuid',
  'varchar',
  'character varying',
  'char',
  'character',
  'text',
  'citext',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'real',
  'float4',
  'float8',
  'double precision',
  'boolean',
  'bool',
  'json',
  'jsonb',
]);

interface Field {
  /** The row's key: the column's database name. */
  key: string;
  property: string;
  column: Column;
  /** Must go through `driver.prepareHydratedValue`. */
  convert: boolean;
  /** Inside an embedded: set through `column.setEntityValue`. */
  embedded: boolean;
}

/**
 * What is compiled once per entity for reads that skip TypeORM's query builder and its
 * hydration: the select list by database name, the text of "this workspace's row with this id"
 * and a row → entity mapper that gives the values TypeORM's `RawSqlResultsToEntityTransformer`
 * gives. `null` (see `leanPlan`) when the entity uses something the mapper does not reproduce.
 */
export class LeanPlan<T> {
  /** `"col_a", "col_b"` — every selectable column (not `select: false`), by database name. */
  readonly columnList: string;
  /** `SELECT … FROM <table> WHERE workspace_id = $1 AND id = $2`; undefined: no lean `get`. */
  readonly getText: string | undefined;
  /** The prepared statement's name: stable for the text (a pg session keeps one text per name). */
  readonly getName: string;
  private readonly fields: Field[];
  private readonly target: new () => T;
  private readonly hydrate: (value: unknown, column: Column) => unknown;

  constructor(
    readonly metadata: EntityMetadata,
    columns: Column[],
    /** `id` and `workspaceId`, when "this workspace's row with this id" is at most one row. */
    key: { id: Column; workspace: Column } | undefined,
  ) {
    const driver = metadata.connection.driver;
    const q = (name: string) => driver.escape(name);
    this.fields = columns.map((column) => ({
      key: column.databaseName,
      property: column.propertyName,
      column,
      convert: !!column.transformer || !asIsTypes.has(column.type),
      embedded: !!column.embeddedMetadata,
    }));
    this.columnList = columns.map((c) => q(c.databaseName)).join(', ');
    const table = metadata.tablePath
      .split('.')
      .map((part) => (part === '' ? part : q(part)))
      .join('.');
    this.getText = key
      ? `SELECT ${this.columnList} FROM ${table} ` +
        `WHERE ${q(key.workspace.databaseName)} = $1 AND ${q(key.id.databaseName)} = $2`
      : undefined;
    this.getName = this.getText
      ? `lean_${createHash('sha1').update(this.getText).digest('hex').slice(0, 24)}`
      : '';
    this.target = metadata.target as new () => T;
    this.hydrate = typeormHydration(driver);
  }

  /** The select list of a query builder whose main alias is `alias`, aliased by database name. */
  selectList(alias: string): string {
    const driver = this.metadata.connection.driver;
    const a = driver.escape(alias);
    return this.fields.map((f) => `${a}.${driver.escape(f.key)} AS ${driver.escape(f.key)}`).join(', ');
  }

  /**
   * The entity of a row keyed by database name. Like TypeORM (the entities are "always using the
   * constructor"): `new Entity()`, then every column present in the row, in metadata order.
   */
  map(row: Row): T {
    const entity = new this.target() as Record<string, unknown>;
    for (const f of this.fields) {
      let value = row[f.key];
      if (value === undefined) continue;
      if (f.convert) value = this.hydrate(value, f.column);
      if (f.embedded) f.column.setEntityValue(entity, value);
      else entity[f.property] = value;
    }
    return entity as T;
  }

  /** This workspace's row with this id (a named prepared statement), or null. */
  async get(manager: EntityManager, workspaceId: string, id: string): Promise<T | null> {
    if (this.getText === undefined) throw new Error(`${this.metadata.name} has no lean get`);
    const rows = await runNamed(manager, this.getName, this.getText, [workspaceId, id]);
    return rows.length > 0 ? this.map(rows[0]) : null;
  }
}

const plans = new WeakMap<EntityMetadata, LeanPlan<unknown> | null>();

/**
 * The compiled plan of an entity, or null when its reads must stay with TypeORM: not a plain
 * table or view of a class (inheritance, lazy relations, load listeners or subscribers, a
 * `typename` option, virtual properties). Its `get` needs `id` as the primary key (with
 * `workspaceId` at most).
 */
export function leanPlan<T>(metadata: EntityMetadata): LeanPlan<T> | null {
  let plan = plans.get(metadata);
  if (plan === undefined) {
    plan = compile(metadata);
    plans.set(metadata, plan);
  }
  return plan as LeanPlan<T> | null;
}

function compile(metadata: EntityMetadata): LeanPlan<unknown> | null {
  const ds = metadata.connection;
  if (ds.driver.options.type !== 'postgres') return null;
  if (typeof metadata.target !== 'function') return null;
  if (metadata.tableType !== 'regular' && metadata.tableType !== 'view') return null;
  if (metadata.discriminatorColumn || metadata.childEntityMetadatas.length > 0) return null;
  if (metadata.parentEntityMetadata || metadata.lazyRelations.length > 0) return null;
  if (metadata.afterLoadListeners.length > 0 || ds.subscribers.length > 0) return null;
  if ((ds.options as { typename?: string }).typename) return null;
  // TypeORM hydrates with `new Entity()` only when the entity says so; otherwise Object.create.
  if (!metadata.isAlwaysUsingConstructor) return null;
  if (metadata.columns.some((c) => c.isVirtualProperty)) return null;
  const columns = metadata.columns.filter((c) => !c.isVirtual && c.isSelect);
  const id = metadata.findColumnWithPropertyPath('id');
  const workspace = metadata.findColumnWithPropertyPath('workspaceId');
  // `get` needs at most one row per (workspace, id): the query has no LIMIT.
  const keyed =
    id?.isPrimary &&
    workspace &&
    !id.embeddedMetadata &&
    !workspace.embeddedMetadata &&
    metadata.primaryColumns.every((c) => c === id || c === workspace);
  return new LeanPlan(metadata, columns, keyed ? { id, workspace } : undefined);
}

/**
 * A statement PostgreSQL plans once per connection: its text and a name derived from it (a pg
 * session keeps one text per name, so equal names must mean equal texts). Make it once, at
 * start-up or in a cache, not per request.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export const preparedStatement = (text: string): PreparedStatement => ({
  name: `stmt_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`,
  text,
});

/** Data sources whose named prepared statements are off (DATABASE_PREPARED_STATEMENTS=false). */
const unnamed = new WeakSet<DataSource>();

/**
 * Turns named prepared statements on or off for a data source. Off: `runNamed` sends the same text
 * as an unnamed statement (parsed and planned per execution), which a pooler in transaction mode
 * carries, as it carries every query TypeORM sends.
 */
export function setNamedStatements(dataSource: DataSource, enabled: boolean): void {
  if (enabled) unnamed.delete(dataSource);
  else unnamed.add(dataSource);
}

/**
 * Runs a named prepared statement (unnamed when they are off, see `setNamedStatements`) on the manager's query runner (a transaction's, so the one
 * session of the embedded database is not waited for), or on a query runner of its own that is
 * released afterwards, as TypeORM's reads do. Errors become QueryFailedError, as TypeORM's do.
 */
export async function runNamed(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  try {
    return await runNamedOnce(manager, name, text, values);
  } catch (error) {
    // A standby's read that failed for want of the standby runs again on the primary.
    const primary = primaryAfter(manager.connection, error);
    if (!primary) throw error;
    return runNamedOnce(primary.manager, name, text, values);
  }
}

async function runNamedOnce(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const own = manager.queryRunner === undefined;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
  const logger = manager.connection.logger;
  try {
    const client = (await runner.connect()) as {
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
    };
    logger.logQuery(text, values, runner);
    try {
      const query = unnamed.has(manager.connection) ? { text, values } : { name, text, values };
      return (await client.query(query as { name: string; text: string; values: unknown[] })).rows;
    } catch (err) {
      logger.logQueryError(err as Error, text, values, runner);
      throw new QueryFailedError(text, values, err as Error);
    }
  } finally {
    if (own) await runner.release();
  }
}
