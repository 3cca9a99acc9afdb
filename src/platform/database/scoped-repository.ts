import { randomUUID } from 'node:crypto';
import {
  EntityManager,
  EntityTarget,
  FindManyOptions,
  FindOneOptions,
  FindOptionsWhere,
  In,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { badRequest, notFound, preconditionFailed } from '../http/problem';
import { LeanPlan, leanPlan, runNamed, type PreparedStatement } from './lean-reads';
import type { RequestContext } from '../tenancy/request-context';
import { keepWhereConditions } from '../library-patches/typeorm-scoped-where';

/** What the repository needs of a row: an id and a workspace (and a version, for If-Match). */
export interface Scoped {
  id: string;
  workspaceId: string;
  version?: number;
}

type Where<T> = FindOptionsWhere<T> | FindOptionsWhere<T>[];

/** `"3"`, `W/"3"` and `3` all name version 3. */
export const parseEtag = (value: string) => value.trim().replace(/^W\//, '').replace(/"/g, '');

/**
 * The only door to workspace data. Every read adds `workspace_id = <the caller's workspace>`,
 * every write stamps it, and a query builder cannot lose the condition (its `where` is an
 * `andWhere`). Another workspace's row is simply not found.
 */
export class ScopedRepository<T extends Scoped> {
  /** Private: a write through the raw repository could miss the workspace condition. */
  private readonly repository: Repository<T>;

  constructor(
    manager: EntityManager,
    target: EntityTarget<T>,
    readonly ctx: RequestContext,
    private readonly label: string,
  ) {
    this.repository = manager.getRepository(target);
  }

  get workspaceId(): string {
    return this.ctx.workspaceId;
  }

  private scope(where?: Where<T>): Where<T> {
    const ws = { workspaceId: this.ctx.workspaceId } as FindOptionsWhere<T>;
    if (!where) return ws;
    return Array.isArray(where) ? where.map((w) => ({ ...w, ...ws })) : { ...where, ...ws };
  }

  find(options: FindManyOptions<T> = {}): Promise<T[]> {
    return this.repository.find({ ...options, where: this.scope(options.where as Where<T>) });
  }

  findOne(options: FindOneOptions<T> | Where<T>): Promise<T | null> {
    const opts = 'where' in options ? (options as FindOneOptions<T>) : { where: options as Where<T> };
    const id = onlyId(opts);
    const plan = id === undefined ? null : this.plan();
    if (plan) return plan.get(this.repository.manager, this.ctx.workspaceId, id!);
    return this.repository.findOne({ ...opts, where: this.scope(opts.where as Where<T>) });
  }

  /**
   * The compiled read of this entity (lean-reads.ts), or null when the entity needs TypeORM's.
   * `find*` by id without other options only: eager relations and soft deletes change that query.
   */
  private plan(): LeanPlan<T> | null {
    const metadata = this.repository.metadata;
    if (metadata.eagerRelations.length > 0 || metadata.deleteDateColumn) return null;
    const plan = leanPlan<T>(metadata);
    return plan?.getText ? plan : null;
  }

  /**
   * Rows of a prepared statement whose `$1` is this workspace's id (given here, never by the
   * caller) and `$2…` are `values`: reads whose SQL is built once (a product answer).
   */
  prepared<R>(statement: PreparedStatement, values: unknown[]): Promise<R[]> {
    return runNamed(this.repository.manager, statement.name, statement.text, [
      this.ctx.workspaceId,
      ...values,
    ]) as Promise<R[]>;
  }

  count(where?: Where<T>): Promise<number> {
    return this.repository.count({ where: this.scope(where) });
  }

  exists(where: Where<T>): Promise<boolean> {
    return this.repository.exists({ where: this.scope(where) });
  }

  /** The entity with this id, or a 404 problem. */
  async get(id: string, options: Omit<FindOneOptions<T>, 'where'> = {}): Promise<T> {
    const found = await this.findOne({ ...options, where: { id } as FindOptionsWhere<T> });
    if (!found) throw notFound(this.label, id);
    return found;
  }

  /**
   * The entity locked for this transaction's write (404 when missing, 412 when the request's
   * If-Match names another version). Call it inside `Db.transaction`.
   */
  async getForWrite(id: string, options: Omit<FindOneOptions<T>, 'where' | 'lock'> = {}): Promise<T> {
    const locked = await this.repository.findOne({
      where: this.scope({ id } as FindOptionsWhere<T>),
      lock: { mode: 'pessimistic_write' },
    });
    if (!locked) throw notFound(this.label, id);
    assertIfMatch(this.ctx, locked.version);
    return options.relations ? this.get(id, options) : locked;
  }

  /** A query builder already confined to the workspace; `where` adds to that condition. */
  qb(alias: string): SelectQueryBuilder<T> {
    return keepWhereConditions(
      this.repository
        .createQueryBuilder(alias)
        .where(`${alias}.workspace_id = :__workspaceId`, { __workspaceId: this.ctx.workspaceId }),
    );
  }

  /** A new, unsaved entity of this workspace with a fresh id. */
  create(data: Partial<T>): T {
    return this.repository.create({ id: randomUUID(), ...data, workspaceId: this.ctx.workspaceId } as T);
  }

  async insert(data: Partial<T>): Promise<T> {
    return this.save(this.create(data));
  }

  /**
   * Inserts many new rows of this workspace in one statement (no select-before-save); returns them.
   * A row may carry its id and columns (an entity rebuilt from a kept row); the workspace is forced.
   */
  async insertMany(rows: Array<Partial<T>>): Promise<T[]> {
    if (rows.length === 0) return [];
    const entities = rows.map((r) => this.create(r));
    await this.repository.insert(entities as never);
    return entities;
  }

  /**
   * `UPDATE … SET patch` of the rows with this id (or these ids, or matching `criteria`) in this
   * workspace, without loading them; the patch may use SQL (`{ version: () => 'version + 1' }`).
   * Returns how many rows changed. The workspace id is always part of the condition and cannot be
   * patched.
   */
  async update(
    idOrCriteria: string | string[] | FindOptionsWhere<T>,
    patch: QueryDeepPartialEntity<T>,
  ): Promise<number> {
    if ('workspaceId' in patch) throw new Error(`Refusing to move a ${this.label} to another workspace`);
    if (Array.isArray(idOrCriteria) && idOrCriteria.length === 0) return 0;
    const criteria =
      typeof idOrCriteria === 'string'
        ? ({ id: idOrCriteria } as FindOptionsWhere<T>)
        : Array.isArray(idOrCriteria)
          ? ({ id: In(idOrCriteria) } as FindOptionsWhere<T>)
          : idOrCriteria;
    const result = await this.repository.update(this.scope(criteria) as FindOptionsWhere<T>, patch);
    return result.affected ?? 0;
  }

  save(entity: T): Promise<T>;
  save(entities: T[]): Promise<T[]>;
  save(entity: T | T[]): Promise<T | T[]> {
    const list = Array.isArray(entity) ? entity : [entity];
    for (const e of list) {
      if (!e.id) e.id = randomUUID();
      if (e.workspaceId === undefined) e.workspaceId = this.ctx.workspaceId;
      if (e.workspaceId !== this.ctx.workspaceId)
        throw new Error(`Refusing to save a ${this.label} of another workspace`);
    }
    return this.repository
      .save(list as never)
      .then((saved) => (Array.isArray(entity) ? saved : saved[0])) as Promise<T | T[]>;
  }

  async remove(entity: T): Promise<void> {
    await this.repository.delete({ id: entity.id, workspaceId: this.ctx.workspaceId } as FindOptionsWhere<T>);
  }

  async delete(where: Where<T>): Promise<number> {
    const scoped = this.scope(where);
    let affected = 0;
    for (const w of Array.isArray(scoped) ? scoped : [scoped])
      affected += (await this.repository.delete(w)).affected ?? 0;
    return affected;
  }

  /**
   * Checks that every id names an entity of this workspace; otherwise a 400 naming `field`
   * (api-conventions §3: a reference to another workspace's entity is a bad field, not a 404).
   */
  async assertReferences(
    field: string,
    ids: Array<string | null | undefined> | string | null | undefined,
  ): Promise<void> {
    const wanted = [...new Set((Array.isArray(ids) ? ids : [ids]).filter((x): x is string => !!x))];
    if (wanted.length === 0) return;
    const found = await this.repository.find({
      select: { id: true } as never,
      where: this.scope({ id: In(wanted) } as FindOptionsWhere<T>),
    });
    if (found.length !== wanted.length) {
      const have = new Set(found.map((f) => f.id));
      const missing = wanted.filter((id) => !have.has(id));
      throw badRequest({
        [field]: [`${this.label} ${missing.join(', ')} does not exist in this workspace.`],
      });
    }
  }
}

/**
 * 412 when the request's If-Match names another version than the locked row's: the one place
 * that checks it, for scoped rows (`getForWrite`) and global ones (`getGlobalForWrite`).
 */
export function assertIfMatch(ctx: RequestContext, version: number | undefined): void {
  if (ctx.ifMatch && parseEtag(ctx.ifMatch) !== String(version)) throw preconditionFailed();
}

/**
 * `getForWrite` for a table that belongs to no workspace (users): the row locked for this
 * transaction's write, 404 when missing, 412 when If-Match names another version. The caller
 * checks first that the workspace may see the row (a membership). `addSelect` names columns the
 * entity hides (`select: false`) that the write needs.
 */
export async function getGlobalForWrite<T extends { id: string; version: number }>(
  tx: { manager: EntityManager; ctx: RequestContext },
  target: EntityTarget<T>,
  id: string,
  label: string,
  addSelect: string[] = [],
): Promise<T> {
  const qb = tx.manager.createQueryBuilder(target, 'e');
  for (const column of addSelect) qb.addSelect(`e.${column}`);
  const locked = await qb.setLock('pessimistic_write').where('e.id = :id', { id }).getOne();
  if (!locked) throw notFound(label, id);
  assertIfMatch(tx.ctx, locked.version);
  return locked;
}

/**
 * The id when the options ask for nothing but "the row with this id" (`{ id }` or
 * `{ where: { id } }`, the id a string): the case the compiled read serves. Relations, select,
 * lock, order, … keep TypeORM's query.
 */
function onlyId(opts: { where?: unknown } & object): string | undefined {
  for (const key in opts) if (key !== 'where') return undefined;
  const where = opts.where;
  if (typeof where !== 'object' || where === null || Array.isArray(where)) return undefined;
  let id: unknown;
  for (const key in where) {
    if (key !== 'id') return undefined;
    id = (where as { id: unknown }).id;
  }
  return typeof id === 'string' ? id : undefined;
}
