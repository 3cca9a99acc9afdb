import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget } from 'typeorm';
import { ActivityRecorder } from '../activity/activity-recorder';
import type { RequestContext } from './request-context';
import { Scoped, ScopedRepository } from './scoped-repository';

const labelOf = (target: EntityTarget<unknown>) =>
  (typeof target === 'function' ? target.name : String(target)).replace(/Entity$/, '');

/** A unit of work: scoped repositories and the activity recorder, all on one transaction. */
export class Tx {
  readonly activities: ActivityRecorder;

  constructor(
    readonly manager: EntityManager,
    readonly ctx: RequestContext,
  ) {
    this.activities = new ActivityRecorder(manager, ctx);
  }

  repo<T extends Scoped>(target: EntityTarget<T>, label = labelOf(target)): ScopedRepository<T> {
    return new ScopedRepository(this.manager, target, this.ctx, label);
  }
}

/**
 * The database as services see it. `repo(ctx, Entity)` for reads, `transaction(ctx, tx => …)` for
 * writes. Inside a transaction every query must go through `tx` (the embedded database has one
 * session; a query beside the transaction would wait for it).
 */
@Injectable()
export class Db {
  constructor(readonly dataSource: DataSource) {}

  repo<T extends Scoped>(
    ctx: RequestContext,
    target: EntityTarget<T>,
    label = labelOf(target),
  ): ScopedRepository<T> {
    return new ScopedRepository(this.dataSource.manager, target, ctx, label);
  }

  transaction<R>(ctx: RequestContext, work: (tx: Tx) => Promise<R>): Promise<R> {
    return this.dataSource.transaction((manager) => work(new Tx(manager, ctx)));
  }

  /** For tables that belong to no workspace (users, workspaces, sessions). Use with care. */
  get unscoped(): EntityManager {
    return this.dataSource.manager;
  }
}
