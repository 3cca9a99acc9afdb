import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ProductCategoryEntity } from '../categories/category.entity';
import type { DescriptionFormat } from '../display-contents/display-content';

/**
 * The texts of one category in one language (title, excerpt, description and its `seo` object).
 * One per (category, language): a second is a 409 naming `language`. Deleted with its category.
 */
@Entity('category_display_contents')
@Index('uq_category_display_contents__language', ['workspaceId', 'productCategoryId', 'language'], {
  unique: true,
})
@Index('ix_category_display_contents_language', ['workspaceId', 'language'])
@Index('ix_category_display_contents_external_reference', ['workspaceId', 'externalReference'])
@Check('ck_category_display_contents__description_format', `"description_format" IN ('Markdown', 'Html')`)
export class CategoryDisplayContentEntity extends ScopedEntity {
  @Column('uuid') productCategoryId: string;
  @Column({ type: 'varchar', length: 10 }) language: string;
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'varchar', length: 10, default: 'Markdown' }) descriptionFormat: DescriptionFormat;
  @Column({ type: 'text', nullable: true }) excerpt: string | null;
  @Column({ type: 'text', nullable: true }) description: string | null;
  /** `seo.metaTitle`, `seo.metaDescription`, `seo.keywords`. */
  @Column({ type: 'varchar', length: 255, nullable: true }) seoMetaTitle: string | null;
  @Column({ type: 'text', nullable: true }) seoMetaDescription: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) seoKeywords: string[];

  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_category_id'))
  productCategory?: ProductCategoryEntity;
}
