import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductPartEntity } from './product-part.entity';
import { ProductEntity } from './product.entity';

/**
 * A product that is part of a Configurable (a variant), Grouped (a member) or Bundled (a part, with
 * its quantity) product. A component product cannot be deleted while a product uses it (409).
 */
@Entity('product_components')
@Index('uq_product_components__component_product_id', ['workspaceId', 'productId', 'componentProductId'], {
  unique: true,
})
@Index('ix_product_components__component', ['workspaceId', 'componentProductId'])
@Check('ck_product_components__quantity', `"quantity" > 0`)
@Check('ck_product_components__component_product_id', `"component_product_id" <> "product_id"`)
export class ProductComponentEntity extends ProductPartEntity {
  @Column('uuid') componentProductId: string;
  @Column({ type: 'numeric', precision: 18, scale: 4, default: 1 }) quantity: string;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;

  @ManyToOne(() => ProductEntity, { onDelete: 'NO ACTION' })
  @JoinColumn(sameWorkspace('component_product_id'))
  componentProduct?: ProductEntity;
}
