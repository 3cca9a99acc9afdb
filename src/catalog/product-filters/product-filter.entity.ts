import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ProductAttributeEntity } from '../attributes/attribute.entity';
import { ProductCategoryEntity } from '../categories/category.entity';

export const productFilterKinds = ['List', 'Range', 'Boolean'] as const;
export type ProductFilterKind = (typeof productFilterKinds)[number];

/**
 * One storefront filter: offer `attributeId` as a filter of kind `kind` on the product lists of
 * `categoryId` (of every category when null), at `displayOrder`. One per (attribute, category),
 * enforced by a unique expression index that treats "every category" (null) as one value.
 * Removed with its attribute or category.
 */
@Entity('product_filters')
@Index('uq_product_filters__attribute_id', { synchronize: false })
@Index('ix_product_filters_category', ['workspaceId', 'categoryId', 'displayOrder'])
@Check('ck_product_filters__kind', `"kind" IN ('List', 'Range', 'Boolean')`)
export class ProductFilterEntity extends ScopedEntity {
  @Column('uuid') attributeId: string;
  @Column({ type: 'uuid', nullable: true }) categoryId: string | null;
  @Column({ type: 'varchar', length: 10 }) kind: ProductFilterKind;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
  /** Shown instead of the attribute's name when set. */
  @Column({ type: 'varchar', length: 255, nullable: true }) title: string | null;

  @ManyToOne(() => ProductAttributeEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('attribute_id'))
  attribute?: ProductAttributeEntity;
  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('category_id'))
  category?: ProductCategoryEntity;
}
