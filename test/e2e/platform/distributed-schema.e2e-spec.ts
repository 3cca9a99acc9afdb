import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, EntityManager } from 'typeorm';
import { startApp, TestApp } from '../../support/app';

/**
 * The schema can be distributed by workspace_id (Citus: workspace tables distributed and
 * co-located on workspace_id, global tables as reference tables), read from the catalog after
 * the migrations:
 * - every table is a reference table, a bookkeeping table, or a workspace table with a
 *   NOT NULL workspace_id (a new table is classified on purpose: a global table is added to
 *   `referenceTables` here and in docs/distributed-postgres.md);
 * - a workspace table's primary key contains workspace_id, and its other unique indexes and
 *   constraints lead with it;
 * - a foreign key between workspace tables leads with workspace_id and matches it to the
 *   referenced table's workspace_id (co-located: both rows live in the same shard); ON DELETE SET
 *   NULL clears only the reference columns, never workspace_id;
 * - a reference table has no foreign key to a workspace table.
 * The checks also run on a deliberately broken schema, so they are known to catch each mistake.
 */

/** Shared by every workspace: Citus reference tables (copied to every node). */
const referenceTables = ['users', 'workspaces'];
/**
 * The service's own bookkeeping: the migration tools' tables, the login attempt counters (global
 * by design, written on every login attempt) and the rate limits' shared counts (keys of callers of
 * every workspace, flushed by every instance). They stay on the coordinator, never referenced.
 */
const bookkeepingTables = ['migrations', 'typeorm_metadata', 'login_attempts', 'rate_limit_counts'];

interface TableRow {
  table: string;
  workspace_id: 'NOT NULL' | 'NULL' | null;
}
interface IndexRow {
  table: string;
  index: string;
  primary: boolean;
  columns: string[];
}
interface ForeignKeyRow {
  table: string;
  name: string;
  referenced: string;
  columns: string[];
  referenced_columns: string[];
  on_delete: string;
  set_null_columns: string[] | null;
}

const columnNames = (keys: string, relation: string) => `
  (SELECT array_agg(coalesce(a.attname::text, '(expression)') ORDER BY k.ord)
     FROM unnest(${keys}) WITH ORDINALITY AS k(attnum, ord)
     LEFT JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.attnum)`;

/** Every way the schema in `schema` breaks the rules above, one sentence each. */
async function violations(m: EntityManager, schema: string, reference: string[], bookkeeping: string[]) {
  const tables: TableRow[] = await m.query(
    `SELECT c.relname AS table,
            (SELECT CASE WHEN a.attnotnull THEN 'NOT NULL' ELSE 'NULL' END FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attname = 'workspace_id' AND NOT a.attisdropped) AS workspace_id
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY 1`,
    [schema],
  );
  const indexes: IndexRow[] = await m.query(
    `SELECT t.relname AS table, i.relname AS index, x.indisprimary AS primary,
            ${columnNames('(x.indkey::int2[])[0:x.indnkeyatts - 1]', 'x.indrelid')} AS columns
       FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND x.indisunique ORDER BY 1, 2`,
    [schema],
  );
  const foreignKeys: ForeignKeyRow[] = await m.query(
    `SELECT t.relname AS table, c.conname AS name, r.relname AS referenced,
            ${columnNames('c.conkey', 'c.conrelid')} AS columns,
            ${columnNames('c.confkey', 'c.confrelid')} AS referenced_columns,
            c.confdeltype AS on_delete, ${columnNames('c.confdelsetcols', 'c.conrelid')} AS set_null_columns
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND c.contype = 'f' ORDER BY 1, 2`,
    [schema],
  );

  const found: string[] = [];
  const global = new Set([...reference, ...bookkeeping]);
  const workspaceTables = new Set<string>();
  for (const t of tables) {
    if (global.has(t.table)) continue;
    if (t.workspace_id === 'NOT NULL') workspaceTables.add(t.table);
    else if (t.workspace_id === 'NULL') found.push(`${t.table}: workspace_id is nullable`);
    else found.push(`${t.table}: no workspace_id, and not listed as a reference or bookkeeping table`);
  }
  const primaryKeys = new Set(indexes.filter((i) => i.primary).map((i) => i.table));
  for (const t of workspaceTables) if (!primaryKeys.has(t)) found.push(`${t}: no primary key`);
  for (const i of indexes.filter((x) => workspaceTables.has(x.table))) {
    if (i.primary && !i.columns.includes('workspace_id'))
      found.push(`${i.table}: primary key ${i.index} (${i.columns.join(', ')}) lacks workspace_id`);
    if (!i.primary && i.columns[0] !== 'workspace_id')
      found.push(
        `${i.table}: unique index ${i.index} (${i.columns.join(', ')}) does not lead with workspace_id`,
      );
  }
  for (const fk of foreignKeys) {
    const from = workspaceTables.has(fk.table) ? 'workspace' : 'reference';
    const to = workspaceTables.has(fk.referenced) ? 'workspace' : 'reference';
    if (bookkeeping.includes(fk.table) || bookkeeping.includes(fk.referenced))
      found.push(`${fk.table}: foreign key ${fk.name} involves a bookkeeping table`);
    else if (from === 'reference' && to === 'workspace')
      found.push(
        `${fk.table}: reference table with foreign key ${fk.name} to workspace table ${fk.referenced}`,
      );
    else if (from === 'workspace' && to === 'workspace') {
      const at = fk.columns.indexOf('workspace_id');
      if (at !== 0 || fk.referenced_columns[at] !== 'workspace_id')
        found.push(
          `${fk.table}: foreign key ${fk.name} (${fk.columns.join(', ')}) → ${fk.referenced} ` +
            `(${fk.referenced_columns.join(', ')}) does not lead with workspace_id → workspace_id`,
        );
      else if (fk.on_delete === 'n' && (fk.set_null_columns ?? fk.columns).includes('workspace_id'))
        found.push(`${fk.table}: foreign key ${fk.name} ON DELETE SET NULL would null workspace_id`);
    }
  }
  return found;
}

describe('Distributed-PostgreSQL readiness of the schema', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await startApp();
    ds = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('keys every workspace table by workspace_id and references only reference tables otherwise', async () => {
    expect(await violations(ds.manager, 'public', referenceTables, bookkeepingTables)).toEqual([]);
  });

  it('has every listed reference and bookkeeping table, without workspace_id', async () => {
    const rows: Array<{ table: string; has: boolean }> = await ds.query(
      `SELECT c.relname AS table, EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid
                AND a.attname = 'workspace_id' AND NOT a.attisdropped) AS has
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = ANY ($1)`,
      [[...referenceTables, ...bookkeepingTables]],
    );
    expect(rows.map((r) => r.table).sort()).toEqual([...referenceTables, ...bookkeepingTables].sort());
    expect(rows.filter((r) => r.has)).toEqual([]);
  });

  it('catches each kind of mistake in a broken schema', async () => {
    const runner = ds.createQueryRunner();
    await runner.startTransaction();
    try {
      const m = runner.manager;
      for (const sql of [
        'CREATE SCHEMA probe',
        'CREATE TABLE probe.workspaces (id uuid PRIMARY KEY)',
        'CREATE TABLE probe.good (id uuid, workspace_id uuid NOT NULL REFERENCES probe.workspaces, PRIMARY KEY (id, workspace_id))',
        'CREATE TABLE probe.unlisted (id uuid PRIMARY KEY)',
        'CREATE TABLE probe.nullable (id uuid, workspace_id uuid, UNIQUE (workspace_id, id))',
        'CREATE TABLE probe.bare_key (id uuid PRIMARY KEY, workspace_id uuid NOT NULL)',
        'CREATE TABLE probe.loose_unique (id uuid, workspace_id uuid NOT NULL, code text UNIQUE, PRIMARY KEY (id, workspace_id))',
        `CREATE TABLE probe.late_unique (id uuid, workspace_id uuid NOT NULL, code text, PRIMARY KEY (id, workspace_id));
         CREATE UNIQUE INDEX late ON probe.late_unique (code, workspace_id)`,
        'CREATE TABLE probe.no_key (id uuid, workspace_id uuid NOT NULL)',
        `CREATE TABLE probe.bare_reference (id uuid, workspace_id uuid NOT NULL, good_id uuid, PRIMARY KEY (id, workspace_id));
         ALTER TABLE probe.good ADD UNIQUE (id)`,
        'ALTER TABLE probe.bare_reference ADD CONSTRAINT bare FOREIGN KEY (good_id) REFERENCES probe.good (id)',
        `CREATE TABLE probe.nulls_workspace (id uuid, workspace_id uuid NOT NULL, good_id uuid, PRIMARY KEY (id, workspace_id),
           CONSTRAINT nulls FOREIGN KEY (workspace_id, good_id) REFERENCES probe.good (workspace_id, id) ON DELETE SET NULL)`,
        `CREATE TABLE probe.sets_null (id uuid, workspace_id uuid NOT NULL, good_id uuid, PRIMARY KEY (id, workspace_id),
           CONSTRAINT only_ref FOREIGN KEY (workspace_id, good_id) REFERENCES probe.good (workspace_id, id) ON DELETE SET NULL (good_id))`,
        'ALTER TABLE probe.workspaces ADD COLUMN good_id uuid, ADD COLUMN good_ws uuid',
        'ALTER TABLE probe.workspaces ADD CONSTRAINT to_workspace FOREIGN KEY (good_ws, good_id) REFERENCES probe.good (workspace_id, id)',
      ])
        await m.query(sql);
      const found = await violations(m, 'probe', ['workspaces'], []);
      expect(found.sort()).toEqual(
        [
          'unlisted: no workspace_id, and not listed as a reference or bookkeeping table',
          'nullable: workspace_id is nullable',
          'bare_key: primary key bare_key_pkey (id) lacks workspace_id',
          'loose_unique: unique index loose_unique_code_key (code) does not lead with workspace_id',
          'late_unique: unique index late (code, workspace_id) does not lead with workspace_id',
          'no_key: no primary key',
          'good: unique index good_id_key (id) does not lead with workspace_id',
          'bare_reference: foreign key bare (good_id) → good (id) does not lead with workspace_id → workspace_id',
          'nulls_workspace: foreign key nulls ON DELETE SET NULL would null workspace_id',
          'workspaces: reference table with foreign key to_workspace to workspace table good',
        ].sort(),
      );
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
