import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { WorkspaceForeignKey } from '../tenancy/foreign-key';
import type { ActorType } from '../tenancy/request-context';

export interface ActivityData {
  property?: string;
  oldValue?: unknown;
  newValue?: unknown;
  [key: string]: unknown;
}

/**
 * One recorded change. Written by the ActivityRecorder in the transaction of the change, so it is
 * also the outbox that webhook delivery reads (`seq` orders it).
 */
@Entity('activities')
@Index('ix_activities_workspace_timestamp', ['workspaceId', 'timestamp', 'id'])
@Index('ix_activities_workspace_entity', ['workspaceId', 'entityId', 'timestamp'])
@Index('ix_activities_workspace_type', ['workspaceId', 'type', 'timestamp'])
export class ActivityEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'bigint', generated: 'increment' }) seq: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') entityId: string;
  @Column({ type: 'varchar', length: 100 }) entityType: string;
  @Column({ type: 'varchar', length: 200 }) type: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) timestamp: Date;
  @Column({ type: 'uuid', nullable: true }) actorId: string | null;
  @Column({ type: 'varchar', length: 20 }) actorType: ActorType;
  @Column({ type: 'jsonb', default: () => "'{}'" }) data: ActivityData;
  /** The correlation id of the request that caused it (null for the service's own work). */
  @Column({ type: 'varchar', length: 128, nullable: true }) requestId: string | null;

  @WorkspaceForeignKey() workspace?: { id: string };

  /**
   * Not stored with the activity (no column): what only its webhook deliveries carry, merged into
   * `data` of their body (a shopper account's raw token). Set by the recorder's `event(…, secret)`.
   */
  secretData?: Record<string, unknown>;
}
