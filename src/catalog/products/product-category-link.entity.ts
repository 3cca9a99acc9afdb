import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductCategoryEntity } from '../categories/category.entity';
import { ProductPartEntity } from './product-part.entity';

/** A product's membership of a category (the product's `categories`), in display order. Removed with either side. */
@Entity('product_category_links')
@Index('uq_product_category_links__categories', ['workspaceId', 'productId', 'categoryId'], { unique: true })
@Index('ix_product_category_links__category', ['workspaceId', 'categoryId', 'productId'])
export class ProductCategoryLinkEntity extends ProductPartEntity {
  @Column('uuid') categoryId: string;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;

  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('category_id'))
  category?: ProductCategoryEntity;
}
