import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WorkspaceEntity } from '../../identity/workspaces/workspace.entity';

/** A POST made with an `Idempotency-Key`: its request fingerprint and, once done, its answer. */
@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @PrimaryColumn('uuid') workspaceId: string;
  @PrimaryColumn({ type: 'varchar', length: 255 }) key: string;
  @Column({ type: 'varchar', length: 64 }) requestHash: string;
  @Column({ type: 'smallint', nullable: true }) responseStatus: number | null;
  @Column({ type: 'jsonb', nullable: true }) responseBody: unknown;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}
