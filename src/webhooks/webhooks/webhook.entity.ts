import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ForeignKeyTo, WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';

/**
 * A subscription of an http(s) endpoint to activity topics. The secret signs deliveries (Standard
 * Webhooks), so it is kept as given to the subscriber (`whsec_…`), never answered after create or
 * rotation. `failingSince` is the first failed attempt since the last success: a webhook failing
 * for a day is deactivated by the delivery worker.
 */
@Entity('webhooks')
@Index('ix_webhooks_created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_webhooks_url', ['workspaceId', 'url', 'id'])
@Index('ix_webhooks_active', ['workspaceId', 'active'])
@Index('ix_webhooks_external_reference', ['workspaceId', 'externalReference'])
export class WebhookEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 2048 }) url: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) topics: string[];
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 100 }) secret: string;
  @Column({ type: 'timestamptz', nullable: true }) failingSince: Date | null;
}

export const deliveryStatuses = ['Pending', 'Delivered', 'Failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * One activity to send to one webhook: the transactional outbox row (inserted in the transaction
 * that recorded the activity) and its delivery log (attempts, last answer, next retry).
 * The worker claims due rows across workspaces with `ix_webhook_deliveries_due` (partial: only
 * pending rows), the delivery log reads `ix_webhook_deliveries_webhook`.
 */
@Entity('webhook_deliveries')
@Index('ix_webhook_deliveries_webhook', ['workspaceId', 'webhookId', 'createdAt', 'id'])
@Index('ix_webhook_deliveries_due', ['nextAttemptAt'], { where: `"status" = 'Pending'` })
@Index('ix_webhook_deliveries_activity', ['activityId'])
@Check('ck_webhook_deliveries__status', `"status" IN ('Pending', 'Delivered', 'Failed')`)
export class WebhookDeliveryEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') webhookId: string;
  @Column('uuid') activityId: string;
  @Column({ type: 'varchar', length: 200 }) activityType: string;
  @Column({ type: 'varchar', length: 20, default: 'Pending' }) status: DeliveryStatus;
  @Column({ type: 'integer', default: 0 }) attempts: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  /** When it is due (Pending); while an attempt runs, when its lease ends. Null once settled. */
  @Column({ type: 'timestamptz', nullable: true, default: () => 'now()' }) nextAttemptAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ type: 'integer', nullable: true }) lastStatusCode: number | null;
  @Column({ type: 'integer', nullable: true }) lastDurationMs: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) lastError: string | null;
  @Column({ type: 'timestamptz', nullable: true }) deliveredAt: Date | null;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('webhook_id'))
  webhook?: WebhookEntity;
  @ForeignKeyTo('activities', 'activity_id', 'CASCADE') activity?: { id: string };
}
