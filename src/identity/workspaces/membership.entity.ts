import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Role } from '../../platform/tenancy/request-context';
import { UserEntity } from '../users/user.entity';
import { WorkspaceEntity } from './workspace.entity';

/**
 * A user's role (and apps) in a workspace. The auth guard reads it on every request (primary key
 * lookup).
 */
@Entity('memberships')
@Index('ix_memberships_user', ['userId'])
export class MembershipEntity {
  @PrimaryColumn('uuid') workspaceId: string;
  @PrimaryColumn('uuid') userId: string;
  @Column({ type: 'varchar', length: 20 }) role: Role;
  /** Apps of the admin SPA the member may open in this workspace (Admins and Owners open all). */
  @Column({ type: 'text', array: true, default: () => "'{}'" }) apps: string[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: UserEntity;
}
