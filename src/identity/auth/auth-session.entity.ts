import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ClientLoginEntity } from '../client-logins/client-login.entity';
import { UserEntity } from '../users/user.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/**
 * One issued token pair. The access token's `sid` is this id, so the guard checks revocation and
 * reads the caller's role in one primary-key lookup. Refresh tokens are stored hashed; a refresh
 * marks the session used and opens its successor in the same family, and presenting a used
 * refresh token again revokes the family (reuse detection), unless it comes within the grace period
 * (`REFRESH_REUSE_GRACE_SECONDS`): then it answers the successor's pair.
 */
@Entity('auth_sessions')
@Index('ix_auth_sessions_family', ['familyId'])
export class AuthSessionEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') familyId: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column({ type: 'uuid', nullable: true }) userId: string | null;
  @Column({ type: 'uuid', nullable: true }) clientLoginId: string | null;
  @Column({ type: 'varchar', length: 64 }) refreshTokenHash: string;
  @Column({ type: 'timestamptz' }) refreshExpiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  /**
   * Set when a refresh rotated this session: the session that succeeded it, and that successor's
   * refresh secret sealed with a key derived from this session's refresh secret (which the
   * database never holds), for a concurrent refresh within the grace period (auth.service.ts).
   */
  @Column({ type: 'uuid', nullable: true }) successorId: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) successorSealed: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: UserEntity;
  @ManyToOne(() => ClientLoginEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('client_login_id'))
  clientLogin?: ClientLoginEntity;
}
