import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductCategoryEntity } from '../categories/category.entity';
import { ProductPartEntity } from './product-part.entity';

/**
 * A product's membership of a category (the product's `categories`), in display order. Removed with
 * either side. It also carries a copy of what a category page and its facets read of the product
 * (`product*`), written only by the database's triggers (migration CategoryListing): never by this
 * code, never selected into the entity.
 */
@Entity('product_category_links')
@Index('uq_product_category_links__categories', ['workspaceId', 'productId', 'categoryId'], { unique: true })
@Index('ix_product_category_links__category', ['workspaceId', 'categoryId', 'productId'])
// (workspace_id, category_id, product_display_order, product_id) INCLUDE (product_active, product_brand_id, product_unit_price)
@Index('ix_product_category_links__listing', { synchronize: false })
export class ProductCategoryLinkEntity extends ProductPartEntity {
  @Column('uuid') categoryId: string;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;

  @Column({ type: 'boolean', default: true, insert: false, update: false, select: false })
  productActive?: boolean;
  @Column({ type: 'integer', default: 0, insert: false, update: false, select: false })
  productDisplayOrder?: number;
  @Column({ type: 'uuid', nullable: true, insert: false, update: false, select: false })
  productBrandId?: string | null;
  @Column({
    type: 'numeric',
    precision: 18,
    scale: 4,
    nullable: true,
    insert: false,
    update: false,
    select: false,
  })
  productUnitPrice?: string | null;

  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('category_id'))
  category?: ProductCategoryEntity;
}
