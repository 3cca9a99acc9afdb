import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget } from 'typeorm';
import { ActivityObservers, ActivityRecorder } from '../activity/activity-recorder';
import type { RequestContext } from '../tenancy/request-context';
import { Scoped, ScopedRepository } from './scoped-repository';
import type { Standbys } from './standbys';

const labelOf = (target: EntityTarget<unknown>) =>
  (typeof target === 'function' ? target.name : String(target)).replace(/Entity$/, '');

/**
 * Where a hand-written statement of one workspace runs: a transaction (`Tx`) or the request's own
 * reads (`db.sql(ctx)`). The functions of a `<resource>.queries.ts` take it as their first
 * parameter (`on`) and bind `on.workspaceId` themselves, so no caller writes `workspace_id`.
 */
export interface WorkspaceSql {
  readonly workspaceId: string;
  query<R = Record<string, unknown>>(text: string, params: readonly unknown[]): Promise<R[]>;
}

export type { Queryable } from './queryable';

/** A unit of work: scoped repositories and the activity recorder, all on one transaction. */
export class Tx implements WorkspaceSql {
  readonly activities: ActivityRecorder;

  constructor(
    readonly manager: EntityManager,
    readonly ctx: RequestContext,
    observers: ActivityObservers,
  ) {
    this.activities = new ActivityRecorder(manager, ctx, observers);
  }

  repo<T extends Scoped>(target: EntityTarget<T>, label = labelOf(target)): ScopedRepository<T> {
    return new ScopedRepository(this.manager, target, this.ctx, label);
  }

  get workspaceId(): string {
    return this.ctx.workspaceId;
  }

  query<R = Record<string, unknown>>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    return this.manager.query(text, [...params]) as Promise<R[]>;
  }
}

/**
 * The statements of one workspace on `manager`: the pool for reads outside a transaction, or a
 * transaction's manager handed over without its `Tx` (an activity observer runs on the recording
 * transaction, and its statements must go through it).
 */
export function workspaceSqlOn(manager: EntityManager, workspaceId: string): WorkspaceSql {
  return {
    workspaceId,
    query: <R>(text: string, params: readonly unknown[] = []) =>
      manager.query(text, [...params]) as Promise<R[]>,
  };
}

/**
 * Work a request adds to its next transaction (the idempotency claim): `join` wraps the service's
 * work inside that transaction, so what it writes commits or rolls back with the service's rows;
 * `committed` runs after the COMMIT.
 */
export interface TransactionParticipant {
  join<R>(tx: Tx, work: () => Promise<R>): Promise<R>;
  committed(): void;
}

const participants = new WeakMap<RequestContext, TransactionParticipant>();

/** Makes `participant` part of the next transaction started with `ctx` (one transaction only). */
export function joinNextTransaction(ctx: RequestContext, participant: TransactionParticipant): void {
  participants.set(ctx, participant);
}

/** Drops a participant that no transaction took (the request ended without one). */
export function leaveTransactions(ctx: RequestContext): void {
  participants.delete(ctx);
}

/** Injection token of the `Standbys` (an instance without standbys when none are configured). */
export const STANDBYS = Symbol('STANDBYS');

/**
 * The database as services see it. `repo(ctx, Entity)` for reads, `transaction(ctx, tx => …)` for
 * writes. Inside a transaction every query must go through `tx` (the embedded database has one
 * session; a query beside the transaction would wait for it). A caller's reads outside a
 * transaction may go to a standby (`Standbys.manager`); everything else is on the primary.
 */
@Injectable()
export class Db {
  constructor(
    readonly dataSource: DataSource,
    private readonly observers: ActivityObservers,
    @Optional() @Inject(STANDBYS) private readonly standbys?: Standbys,
  ) {}

  repo<T extends Scoped>(
    ctx: RequestContext,
    target: EntityTarget<T>,
    label = labelOf(target),
  ): ScopedRepository<T> {
    return new ScopedRepository(this.reads(ctx), target, ctx, label);
  }

  /** The pool `ctx`'s reads outside a transaction use: a standby's or the primary's. */
  private reads(ctx: RequestContext): EntityManager {
    return ctx.reads && this.standbys ? this.standbys.manager(ctx) : this.dataSource.manager;
  }

  async transaction<R>(ctx: RequestContext, work: (tx: Tx) => Promise<R>): Promise<R> {
    const participant = participants.get(ctx);
    if (!participant) {
      const done = await this.dataSource.transaction((manager) => work(new Tx(manager, ctx, this.observers)));
      this.committed(ctx);
      return done;
    }
    const result = await this.dataSource.transaction((manager) => {
      const tx = new Tx(manager, ctx, this.observers);
      return participant.join(tx, () => work(tx));
    });
    this.committed(ctx);
    // Only a committed transaction consumes the participant: a retried one (rolled back) joins again.
    participants.delete(ctx);
    participant.committed();
    return result;
  }

  /** The request's later reads must see what it committed: they stay on the primary. */
  private committed(ctx: RequestContext): void {
    if (!ctx.reads) return;
    ctx.reads.wrote = true;
    ctx.reads.standby = false;
  }

  /**
   * The unit of work on a transaction already under way, for a context other than the one that
   * started it: a new workspace's starting data and its creation's activity, written in it.
   */
  within(manager: EntityManager, ctx: RequestContext): Tx {
    return new Tx(manager, ctx, this.observers);
  }

  /**
   * Hand-written statements of `on`'s workspace: the transaction itself when `on` is one (inside a
   * transaction every statement must go through it), else the pool.
   */
  sql(on: RequestContext | Tx): WorkspaceSql {
    return on instanceof Tx ? on : workspaceSqlOn(this.reads(on), on.workspaceId);
  }

  /** For tables that belong to no workspace (users, workspaces, sessions). Use with care. */
  get unscoped(): EntityManager {
    return this.dataSource.manager;
  }
}
