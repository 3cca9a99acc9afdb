import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductCategoryEntity } from '../categories/category.entity';
import { DisplayContentEntity } from '../display-contents/display-content.entity';

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
export class CategoryDisplayContentEntity extends DisplayContentEntity {
  @Column('uuid') productCategoryId: string;

  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_category_id'))
  productCategory?: ProductCategoryEntity;
}
