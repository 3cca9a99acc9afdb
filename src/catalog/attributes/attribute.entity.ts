import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ProductCategoryEntity } from '../categories/category.entity';

/**
 * A product attribute (colour, material, width…). Products carry values for it in
 * `product_attribute_values`; the categories whose products require it are in
 * `product_attribute_categories` (the API's `categoryIds`).
 */
@Entity('product_attributes')
@Index('ix_product_attributes_name', ['workspaceId', 'name'])
@Index('ix_product_attributes_external_reference', ['workspaceId', 'externalReference'])
@Index('ix_product_attributes_lower_name', { synchronize: false })
export class ProductAttributeEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
}

/**
 * "Products of this category require this attribute": backs an attribute's `categoryIds` and the
 * missing-attribute rules of product issues. Removed with either side.
 */
@Entity('product_attribute_categories')
@Index('uq_product_attribute_categories__category_ids', ['workspaceId', 'attributeId', 'categoryId'], {
  unique: true,
})
@Index('ix_product_attribute_categories_category', ['workspaceId', 'categoryId'])
export class ProductAttributeCategoryEntity {
  @Column({ type: 'uuid', primary: true }) id: string;
  @Column({ type: 'uuid', primary: true }) workspaceId: string;
  @Column('uuid') attributeId: string;
  @Column('uuid') categoryId: string;

  @WorkspaceForeignKey() owningWorkspace?: { id: string };
  @ManyToOne(() => ProductAttributeEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('attribute_id'))
  attribute?: ProductAttributeEntity;
  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('category_id'))
  category?: ProductCategoryEntity;
}
