import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, EntityManager, EntityMetadata } from 'typeorm';
import { entities } from '../../../src/app.entities';
import { Db } from '../../../src/platform/database/db';
import { leanPlan } from '../../../src/platform/database/lean-reads';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { ScopedEntity } from '../../../src/platform/database/scoped-entity';
import type { Scoped } from '../../../src/platform/database/scoped-repository';
import { paginate } from '../../../src/platform/http/paginate';
import { Problem } from '../../../src/platform/http/problem';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * The compiled reads (src/platform/database/lean-reads.ts) must give exactly what TypeORM gives.
 * For EVERY registered entity the mapper serves, two rows are written from the entity's metadata
 * (one with every column filled with awkward values, one with every nullable column null) and
 * `repo.get(id)` — outside and inside a transaction — and `paginate()` are compared with
 * TypeORM's `findOne` / `getMany`: same class, same keys in the same order, same values (Date,
 * null, jsonb, arrays, numeric and int8 strings, `date` strings). A new entity or column type is
 * covered without touching this file. Foreign keys are not checked while the rows are written
 * (`session_replication_role = replica`): the rows reference ids that do not exist.
 */
type Row = Record<string, unknown>;
type Column = EntityMetadata['columns'][number];

const awkward = `It's "quoted", ü, \\ and ,{}`;

/** A value a check constraint allows for the column: `kind IN ('List', …)`, `issue = 'X'`. */
function checkedValue(checks: string[], column: Column): string | undefined {
  const name = column.databaseName;
  const pattern = new RegExp(`\\b${name}\\)?(?:::[a-z ]+)? = (?:ANY \\(\\(?ARRAY\\[)?'([^']*)'`);
  for (const def of checks) {
    const match = pattern.exec(def);
    if (match) return match[1];
  }
  return undefined;
}

function value(column: Column, checks: string[], n: number): unknown {
  const single = (): unknown => {
    const type = String(column.type);
    if (type === 'uuid') return randomUUID();
    if (['varchar', 'character varying', 'text'].includes(type)) {
      const allowed = checkedValue(checks, column);
      if (allowed !== undefined) return allowed;
      if (typeof column.default === 'string') return column.default;
      const text = `${randomUUID().slice(0, 8)}${awkward}`;
      return column.length ? text.slice(0, Number(column.length)) : text;
    }
    // Fixed length (e.g. a hash): exactly as long as the column, so nothing is padded.
    if (type === 'char' || type === 'character') return 'c'.repeat(Number(column.length || 1));
    if (['integer', 'int', 'int4', 'smallint', 'int2'].includes(type)) return 7 + n;
    if (['bigint', 'int8'].includes(type)) return '9007199254740993';
    if (['numeric', 'decimal'].includes(type)) return '12.5';
    if (type === 'boolean') return true;
    if (type === 'date') return '2024-02-29';
    if (type === 'timestamptz' || type === 'timestamp') return new Date('2024-02-29T23:59:58.123Z');
    if (type === 'jsonb' || type === 'json')
      return { a: [1, 'x', null, { b: true }], s: awkward, d: '2024-02-29T23:59:58.123Z', n: 1.5 };
    throw new Error(
      `lean-reads test: no sample value for ${column.entityMetadata.name}.${column.propertyName} (${type})`,
    );
  };
  return column.isArray ? [single(), single(), awkward] : single();
}

/** A table with a unique index on `workspace_id` alone (settings): it holds one row per workspace. */
const onePerWorkspace = (metadata: EntityMetadata) =>
  metadata.indices.some(
    (i) => i.isUnique && i.columns.length === 1 && i.columns[0].propertyName === 'workspaceId',
  );

/** Writes the two rows of an entity in the workspace (one for a table of one row per workspace); their ids. */
async function writeRows(m: EntityManager, metadata: EntityMetadata, workspaceId: string): Promise<string[]> {
  const checks = (
    await m.query(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'c' AND conrelid = $1::regclass`,
      [metadata.tablePath],
    )
  ).map((r: { def: string }) => r.def);
  const columns = metadata.columns.filter(
    (c) =>
      !c.isVirtual && c.isInsert && !c.isGenerated && !c.generatedType && c.propertyName !== 'workspaceId',
  );
  const ids: string[] = [];
  for (const [n, full] of [
    [0, true],
    [1, false],
  ] as const) {
    const row: Row = { workspaceId };
    for (const c of columns) {
      if (!full && c.isNullable) row[c.propertyName] = null;
      else if (!full && c.default !== undefined) continue;
      else row[c.propertyName] = value(c, checks, n);
    }
    await m.insert(metadata.target, row);
    ids.push(row.id as string);
    if (onePerWorkspace(metadata)) break;
  }
  return ids;
}

describe('lean reads (compiled get and page mapper) give what TypeORM gives', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let ds: DataSource;
  let db: Db;
  let ctx: RequestContext;
  /** Every registered entity the compiled `get` serves, with the ids of its two rows. */
  const rows = new Map<EntityMetadata, string[]>();

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    await ws.client(); // a row of the workspace_users view besides the owner
    ds = t.app.get(DataSource);
    db = t.app.get(Db);
    ctx = RequestContext.system(ws.id);
    await ds.transaction(async (m) => {
      await m.query('SET LOCAL session_replication_role = replica');
      // A new workspace starts with its default currency, VAT codes and sales settings; the rows written here bring their own.
      await m.query('DELETE FROM currencies WHERE workspace_id = $1', [ws.id]);
      await m.query('DELETE FROM vat_codes WHERE workspace_id = $1', [ws.id]);
      await m.query('DELETE FROM sales_settings WHERE workspace_id = $1', [ws.id]);
      for (const target of entities) {
        const metadata = ds.getMetadata(target);
        if (leanPlan(metadata)?.getText) rows.set(metadata, await writeRows(m, metadata, ws.id));
      }
    });
  });
  afterAll(() => t.close());

  it('serves every workspace entity (each ScopedEntity has a compiled get)', () => {
    const scoped = ds.entityMetadatas.filter(
      (m) => typeof m.target === 'function' && m.target.prototype instanceof ScopedEntity,
    );
    expect(scoped.length).toBeGreaterThan(10);
    expect(scoped.filter((m) => !rows.has(m)).map((m) => m.name)).toEqual([]);
  });

  it('get(id): the same entity as findOne, outside and inside a transaction', async () => {
    expect(rows.size).toBeGreaterThan(10);
    for (const [metadata, ids] of rows) {
      const target = metadata.target as new () => Scoped;
      for (const id of ids) {
        const expected = await ds.manager.findOne(target, { where: { id, workspaceId: ws.id } });
        expect(expected).not.toBeNull();
        const lean = await db.repo(ctx, target).get(id);
        const inTx = await db.transaction(ctx, (tx) => tx.repo(target).get(id));
        const byFindOne = await db.repo(ctx, target).findOne({ id });
        for (const actual of [lean, inTx, byFindOne]) {
          expect(actual).toBeInstanceOf(target);
          expect(Object.keys(actual!)).toEqual(Object.keys(expected!));
          expect({ entity: metadata.name, value: actual }).toStrictEqual({
            entity: metadata.name,
            value: expected,
          });
        }
      }
    }
  });

  it('get(id) does not find another workspace’s row', async () => {
    const other = await t.workspace('Other');
    const [metadata, [id]] = [...rows][0];
    const target = metadata.target as new () => Scoped;
    const error = await db
      .repo(RequestContext.system(other.id), target)
      .get(id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).getStatus()).toBe(404);
  });

  it('paginate(): the same entities and total as the query builder’s getMany', async () => {
    const listed = [...rows.keys(), ds.getMetadata('WorkspaceUserView')];
    for (const metadata of listed) {
      const target = metadata.target as new () => Scoped;
      const expected = await db.repo(ctx, target).qb('x').orderBy('x.id', 'ASC').getMany();
      expect(expected.length).toBeGreaterThan(0);
      const page = await paginate(
        db.repo(ctx, target).qb('x'),
        { take: 20, skip: 0, sortBy: 'Id', sortOrder: 'Asc' },
        { sort: { Id: 'x.id' } },
      );
      expect(page.total).toBe(expected.length);
      expect({ entity: metadata.name, value: page.data }).toStrictEqual({
        entity: metadata.name,
        value: expected,
      });
      page.data.forEach((e, i) => expect(Object.keys(e)).toEqual(Object.keys(expected[i])));
    }
  });
});
