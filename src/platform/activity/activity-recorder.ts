import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../tenancy/request-context';
import { ActivityData, ActivityEntity } from './activity.entity';
import { diffSnapshots, pascal } from './activity-diff';
import { insertActivities } from './activity.queries';

/** Runs in the transaction that recorded the activities (CRM's lastContactMoment, webhook outbox). */
export type ActivityObserver = (
  manager: EntityManager,
  ctx: RequestContext,
  recorded: ActivityEntity[],
) => Promise<void>;

/**
 * The observers of recorded activities. One instance per application (platform module); a context
 * adds its observer when its module is constructed, so two applications in one process (tests)
 * never share or repeat one.
 */
@Injectable()
export class ActivityObservers {
  private readonly observers: ActivityObserver[] = [];

  observe(observer: ActivityObserver): void {
    if (this.observers.includes(observer)) throw new Error('The activity observer is registered twice');
    this.observers.push(observer);
  }

  async notify(manager: EntityManager, ctx: RequestContext, recorded: ActivityEntity[]): Promise<void> {
    for (const observer of this.observers) await observer(manager, ctx, recorded);
  }
}

/**
 * The one recorder of activities. Bound to a transaction (see `Tx.activities`): whatever it
 * records commits or rolls back with the change it describes.
 * Snapshots are the resource's API shape, so property names match the interface
 * (`AccountDisplayNameUpdated`, `AccountBillingAddressUpdated`).
 */
export class ActivityRecorder {
  constructor(
    private readonly manager: EntityManager,
    private readonly ctx: RequestContext,
    private readonly observers: ActivityObservers,
  ) {}

  /** `{Entity}Created`, with the new snapshot. */
  created(entityType: string, entityId: string, snapshot?: object): Promise<ActivityEntity[]> {
    return this.write([
      { entityType, entityId, type: `${entityType}Created`, data: snapshot ? { newValue: snapshot } : {} },
    ]);
  }

  /** One `{Entity}{Property}Updated` per changed property; nothing when nothing changed. */
  updated(entityType: string, entityId: string, before: object, after: object): Promise<ActivityEntity[]> {
    return this.write(
      diffSnapshots(before, after).map((c) => ({
        entityType,
        entityId,
        type: `${entityType}${pascal(c.property)}Updated`,
        data: { property: c.property, oldValue: c.oldValue, newValue: c.newValue },
      })),
    );
  }

  /**
   * The activities of many creates and updates of one entity type at once (a bulk import): what
   * `created` and `updated` record for each, inserted in one statement and handed to the observers
   * once.
   */
  changedMany(
    entityType: string,
    changes: ReadonlyArray<{ id: string; before: object | null; after: object }>,
  ): Promise<ActivityEntity[]> {
    return this.write(
      changes.flatMap(
        ({ id, before, after }): Array<Pick<ActivityEntity, 'entityType' | 'entityId' | 'type' | 'data'>> =>
          before === null
            ? [{ entityType, entityId: id, type: `${entityType}Created`, data: { newValue: after } }]
            : diffSnapshots(before, after).map((c) => ({
                entityType,
                entityId: id,
                type: `${entityType}${pascal(c.property)}Updated`,
                data: { property: c.property, oldValue: c.oldValue, newValue: c.newValue },
              })),
      ),
    );
  }

  /** `{Entity}Deleted`, with the last snapshot. */
  deleted(entityType: string, entityId: string, snapshot?: object): Promise<ActivityEntity[]> {
    return this.write([
      { entityType, entityId, type: `${entityType}Deleted`, data: snapshot ? { oldValue: snapshot } : {} },
    ]);
  }

  /**
   * A domain event such as `DealArchived`. `secret`: members only its webhook deliveries carry (merged
   * into their body's `data`), never stored in the activity, so the activity API never shows them.
   */
  event(
    entityType: string,
    entityId: string,
    type: string,
    data: ActivityData = {},
    secret?: Record<string, unknown>,
  ): Promise<ActivityEntity[]> {
    return this.write([{ entityType, entityId, type, data, ...(secret ? { secretData: secret } : {}) }]);
  }

  private async write(
    items: Array<Pick<ActivityEntity, 'entityType' | 'entityId' | 'type' | 'data' | 'secretData'>>,
  ): Promise<ActivityEntity[]> {
    if (items.length === 0) return [];
    const timestamp = new Date();
    const rows = items.map(({ secretData, ...item }) => {
      const row = this.manager.create(ActivityEntity, {
        ...item,
        id: randomUUID(),
        workspaceId: this.ctx.workspaceId,
        timestamp,
        actorId: this.ctx.actor.id,
        actorType: this.ctx.actor.type,
        requestId: this.ctx.requestId ?? null,
      });
      // Not a column: `create` would drop it; the observers (the webhook outbox) read it.
      if (secretData) row.secretData = secretData;
      return row;
    });
    await insertActivities(this.manager, rows);
    await this.observers.notify(this.manager, this.ctx, rows);
    return rows;
  }
}
