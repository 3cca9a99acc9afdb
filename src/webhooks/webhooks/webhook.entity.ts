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
 * pending rows), the delivery log reads `ix_webhook_deliveries_webhook`, the pruning of settled
 * deliveries `ix_webhook_deliveries_settled` (partial: only settled rows, by their last attempt).
 */
@Entity('webhook_deliveries')
@Index('ix_webhook_deliveries_webhook', ['workspaceId', 'webhookId', 'createdAt', 'id'])
@Index('ix_webhook_deliveries_due', ['nextAttemptAt'], { where: `"status" = 'Pending'` })
@Index('ix_webhook_deliveries_activity', ['activityId'])
@Index('ix_webhook_deliveries_settled', ['lastAttemptAt'], { where: `"status" <> 'Pending'` })
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
  /**
   * The attempt count when the retry schedule last (re)started: 0, or the attempts made before a
   * manual redelivery (which gets the whole schedule again).
   */
  @Column({ type: 'integer', default: 0 }) retryBase: number;
  /** When it is due (Pending); while an attempt runs, when its lease ends. Null once settled. */
  @Column({ type: 'timestamptz', nullable: true, default: () => 'now()' }) nextAttemptAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ type: 'integer', nullable: true }) lastStatusCode: number | null;
  @Column({ type: 'integer', nullable: true }) lastDurationMs: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) lastError: string | null;
  @Column({ type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  /**
   * What the delivery carries beyond its activity (the raw token of a shopper account event), merged
   * into the activity's `data` of the body; never stored in the activity, and set to null once the
   * delivery is settled (Delivered or Failed).
   */
  @Column({ type: 'jsonb', nullable: true }) secretData: Record<string, unknown> | null;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('webhook_id'))
  webhook?: WebhookEntity;
  @ForeignKeyTo('activities', 'activity_id', 'CASCADE') activity?: { id: string };
}

export const attemptErrorClasses = [
  'Timeout',
  'ConnectionRefused',
  'ConnectionReset',
  'DnsFailure',
  'RefusedTarget',
  'TlsError',
  'RedirectNotFollowed',
  'NetworkError',
] as const;
export type AttemptErrorClass = (typeof attemptErrorClasses)[number];

/**
 * One try of a delivery: when, how long, the receiver's status code (null when no answer came)
 * or the class of the failure, the start of the answer's body, and the retry it scheduled.
 * Keyed by (workspace, delivery, attempt number), which also serves the foreign key's cascade
 * (deleting a delivery, a webhook, pruning).
 */
@Entity('webhook_delivery_attempts')
@Check(
  'ck_webhook_delivery_attempts__error_class',
  `"error_class" IS NULL OR "error_class" IN (${attemptErrorClasses.map((c) => `'${c}'`).join(', ')})`,
)
export class WebhookDeliveryAttemptEntity {
  @PrimaryColumn('uuid') workspaceId: string;
  @PrimaryColumn('uuid') deliveryId: string;
  @PrimaryColumn('integer') attempt: number;
  @Column({ type: 'timestamptz' }) startedAt: Date;
  @Column({ type: 'integer' }) durationMs: number;
  @Column({ type: 'integer', nullable: true }) statusCode: number | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) errorClass: AttemptErrorClass | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) error: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) responseExcerpt: string | null;
  /** The retry this attempt scheduled; null when it settled the delivery (or a newer attempt had). */
  @Column({ type: 'timestamptz', nullable: true }) nextAttemptAt: Date | null;

  /** What the scoped repository calls the row (it has no id column of its own). */
  get id(): string {
    return `${this.deliveryId}/${this.attempt}`;
  }

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => WebhookDeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('delivery_id'))
  delivery?: WebhookDeliveryEntity;
}
