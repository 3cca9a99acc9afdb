import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ClientLoginEntity } from '../client-logins/client-login.entity';

export const clientLoginTokenPurposes = ['EmailVerification', 'PasswordReset', 'Invitation'] as const;
export type ClientLoginTokenPurpose = (typeof clientLoginTokenPurposes)[number];

/**
 * A single-use token of a shopper account (email verification, password reset, invitation). Only
 * the SHA-256 of the token is stored: the raw token leaves the service once, in the webhook
 * delivery of the event that announces it (docs/security.md, "Shopper accounts"). A verification
 * or reset token names its client login (deleted with it); an invitation names the invited email.
 * Consumed by deleting the row (one statement: of two concurrent uses, one wins); expired rows are
 * deleted when the workspace issues its next token.
 */
@Entity('client_login_tokens')
@Index('ix_client_login_tokens__client_login', ['workspaceId', 'clientLoginId', 'purpose'])
@Index('ix_client_login_tokens__expires_at', ['workspaceId', 'expiresAt'])
@Check(
  'ck_client_login_tokens__purpose',
  `"purpose" IN (${clientLoginTokenPurposes.map((p) => `'${p}'`).join(', ')})`,
)
export class ClientLoginTokenEntity {
  @PrimaryColumn('uuid') workspaceId: string;
  @PrimaryColumn({ type: 'varchar', length: 64 }) tokenHash: string;
  @Column({ type: 'varchar', length: 20 }) purpose: ClientLoginTokenPurpose;
  @Column({ type: 'uuid', nullable: true }) clientLoginId: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) email: string | null;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => ClientLoginEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('client_login_id'))
  clientLogin?: ClientLoginEntity;
}
