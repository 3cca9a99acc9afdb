import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { WorkspaceForeignKey } from '../tenancy/foreign-key';

const pk = { primaryKeyConstraintName: 'pk_idempotency_keys' };

/**
 * The answer of a create made with an `Idempotency-Key`. Keyed by caller, workspace, method,
 * route and key, so only the caller who made the request can have it replayed. A row is written
 * in the transaction of the create itself: it exists exactly when the created rows do.
 */
@Entity('idempotency_keys')
@Index('ix_idempotency_keys__created_at', ['createdAt'])
export class IdempotencyKeyEntity {
  @PrimaryColumn({ type: 'uuid', ...pk }) workspaceId: string;
  @PrimaryColumn({ type: 'varchar', length: 16, ...pk }) callerType: string;
  @PrimaryColumn({ type: 'uuid', ...pk }) callerId: string;
  @PrimaryColumn({ type: 'varchar', length: 10, ...pk }) method: string;
  @PrimaryColumn({ type: 'varchar', length: 255, ...pk }) route: string;
  @PrimaryColumn({ type: 'varchar', length: 255, ...pk }) key: string;
  @Column({ type: 'varchar', length: 64 }) requestHash: string;
  @Column({ type: 'smallint' }) responseStatus: number;
  @Column({ type: 'jsonb', nullable: true }) responseBody: unknown;
  @Column({ type: 'varchar', length: 64, nullable: true }) responseEtag: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @WorkspaceForeignKey() workspace?: { id: string };
}
