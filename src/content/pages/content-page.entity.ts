import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

export const bodyFormats = ['Markdown', 'Html'] as const;
export type BodyFormat = (typeof bodyFormats)[number];

/**
 * A page of the workspace's site (terms, about us, …) in one language. Its slug is unique per
 * workspace and language (`uq_content_pages__slug`: 409 naming `slug`). An Html body is stored
 * sanitised.
 */
@Entity('content_pages')
@Index('uq_content_pages__slug', ['workspaceId', 'language', 'slug'], { unique: true })
@Index('ix_content_pages__title', ['workspaceId', 'title', 'id'])
@Index('ix_content_pages__published_at', ['workspaceId', 'publishedAt', 'id'])
@Index('ix_content_pages__external_reference', ['workspaceId', 'externalReference'])
@Check('ck_content_pages__body_format', `"body_format" IN ('Markdown', 'Html')`)
export class ContentPageEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'varchar', length: 255 }) slug: string;
  @Column({ type: 'varchar', length: 10 }) language: string;
  @Column({ type: 'varchar', length: 10, default: 'Markdown' }) bodyFormat: BodyFormat;
  @Column({ type: 'text', nullable: true }) body: string | null;
  @Column({ type: 'boolean', default: false }) isPublished: boolean;
  @Column({ type: 'timestamptz', nullable: true }) publishedAt: Date | null;
  /** `seo.metaTitle`, `seo.metaDescription`, `seo.keywords`. */
  @Column({ type: 'varchar', length: 255, nullable: true }) seoMetaTitle: string | null;
  @Column({ type: 'text', nullable: true }) seoMetaDescription: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) seoKeywords: string[];
}
