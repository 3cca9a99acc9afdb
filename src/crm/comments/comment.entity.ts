import { Check, Column, Entity, Index } from 'typeorm';
import type { ActorType } from '../../platform/database/request-context';
import { ScopedEntity } from '../../platform/database/scoped-entity';

export const bodyFormats = ['Text', 'Json', 'Markdown'] as const;
export type BodyFormat = (typeof bodyFormats)[number];

/** The resources a comment can be about (api-conventions §9). */
export const commentEntityTypes = [
  'Account',
  'Contact',
  'Deal',
  'Product',
  'SalesOrder',
  'ProductCategory',
  'Location',
] as const;
export type CommentEntityType = (typeof commentEntityTypes)[number];

/**
 * A comment about any entity of the workspace (polymorphic: `entity_type` + `entity_id`, so no
 * foreign key; the service checks the entity exists, and comments go when their entity's
 * `{Type}Deleted` activity is recorded). The author is the actor who wrote it.
 */
@Entity('comments')
@Index('ix_comments_entity', ['workspaceId', 'entityId', 'createdAt'])
@Index('ix_comments_created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_comments_external_reference', ['workspaceId', 'externalReference'])
@Check('ck_comments__body_format', `"body_format" IN ('Text', 'Json', 'Markdown')`)
@Check(
  'ck_comments__entity_type',
  `"entity_type" IN ('Account', 'Contact', 'Deal', 'Product', 'SalesOrder', 'ProductCategory', 'Location')`,
)
export class CommentEntity extends ScopedEntity {
  @Column('uuid') entityId: string;
  @Column({ type: 'varchar', length: 50 }) entityType: CommentEntityType;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'varchar', length: 10 }) bodyFormat: BodyFormat;
  @Column({ type: 'boolean', default: false }) isEdited: boolean;
  @Column({ type: 'uuid', nullable: true }) authorId: string | null;
  @Column({ type: 'varchar', length: 20 }) authorType: ActorType;
}
