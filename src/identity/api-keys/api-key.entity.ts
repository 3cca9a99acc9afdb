import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/** The roles a key may have: at most an Admin's (an Owner's powers stay with people). */
export const apiKeyRoles = ['Admin', 'Member', 'Viewer'] as const;
export type ApiKeyRole = (typeof apiKeyRoles)[number];

/**
 * An API key of a workspace: a service user with a role. Only the SHA-256 of its secret is kept
 * (`secretHash`, never selected unless asked for); revoking keeps the row (for the record) and the
 * key is refused from the next request on, on every instance (the `api_keys_changed` notification).
 */
@Entity('api_keys')
@Index('uq_api_keys__external_reference', ['workspaceId', 'externalReference'], { unique: true })
@Index('ix_api_keys__created_at', ['workspaceId', 'createdAt'])
@Check('ck_api_keys__role', `"role" IN (${apiKeyRoles.map((r) => `'${r}'`).join(', ')})`)
export class ApiKeyEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'varchar', length: 20 }) role: ApiKeyRole;
  @Column({ type: 'char', length: 64, select: false }) secretHash: string;
  @Column({ type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  /** Written at most once a minute per key (api-keys.queries.ts). */
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
  /** The user who created it (a user id; kept when that user leaves). */
  @Column({ type: 'uuid', nullable: true }) createdBy: string | null;
}
