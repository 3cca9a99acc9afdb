import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { WorkspaceForeignKey } from '../tenancy/foreign-key';

/** An uploaded file: what counts against the workspace's quota, and what is deleted once unreferenced. */
@Entity('stored_files')
@Index('ix_stored_files__workspace_url', ['workspaceId', 'url'])
export class StoredFileEntity {
  @PrimaryColumn({ type: 'varchar', length: 1024, primaryKeyConstraintName: 'pk_stored_files' }) key: string;
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_stored_files' }) workspaceId: string;
  @Column({ type: 'varchar', length: 1024 }) url: string;
  @Column({ type: 'bigint' }) bytes: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @WorkspaceForeignKey() workspace?: { id: string };
}
