import { Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/** A shopper's login to one workspace (an "identity"); username and email unique per workspace. */
@Entity('client_logins')
@Index('uq_client_logins__username', { synchronize: false })
@Index('uq_client_logins__email', { synchronize: false })
@Index('uq_client_logins__external_reference', ['workspaceId', 'externalReference'], { unique: true })
export class ClientLoginEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) username: string;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) displayName: string | null;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ type: 'timestamptz', nullable: true }) lastLoginAt: Date | null;
  @Column({ type: 'varchar', length: 255, select: false }) passwordHash: string;
  /**
   * When the shopper proved to own `email` (a verification or reset token, or an invitation). Null
   * only for a self-registered login that has not verified yet: it cannot log in (docs/security.md).
   * Logins an Admin creates are verified at creation.
   */
  @Column({ type: 'timestamptz', nullable: true, default: () => 'now()' }) emailVerifiedAt: Date | null;
}
