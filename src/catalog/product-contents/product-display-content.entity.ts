import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import type { DescriptionFormat } from '../display-contents/display-content';
import { ProductEntity } from '../products/product.entity';

/**
 * The texts of one product in one language: title, excerpt, description (Markdown or Html) and
 * the `seo` object. One per (product, language): a second is a 409 naming `language`. Deleted
 * with its product. A non-blank `description` here is what clears a product's
 * `MissingDescription` issue (see products/product-issue-rules.ts).
 */
@Entity('product_display_contents')
@Index('uq_product_display_contents__language', ['workspaceId', 'productId', 'language'], { unique: true })
@Index('ix_product_display_contents__product', ['productId'])
@Index('ix_product_display_contents__language', ['workspaceId', 'language'])
@Index('ix_product_display_contents__title', ['workspaceId', 'title', 'id'])
@Index('ix_product_display_contents__external_reference', ['workspaceId', 'externalReference'])
@Check('ck_product_display_contents__description_format', `"description_format" IN ('Markdown', 'Html')`)
export class ProductDisplayContentEntity extends ScopedEntity {
  @Column('uuid') productId: string;
  @Column({ type: 'varchar', length: 10 }) language: string;
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'varchar', length: 10, default: 'Markdown' }) descriptionFormat: DescriptionFormat;
  @Column({ type: 'text', nullable: true }) excerpt: string | null;
  @Column({ type: 'text', nullable: true }) description: string | null;
  /** `seo.metaTitle`, `seo.metaDescription`, `seo.keywords`. */
  @Column({ type: 'varchar', length: 255, nullable: true }) seoMetaTitle: string | null;
  @Column({ type: 'text', nullable: true }) seoMetaDescription: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) seoKeywords: string[];

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_id'))
  product?: ProductEntity;
}
