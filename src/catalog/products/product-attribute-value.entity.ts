import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductAttributeEntity } from '../attributes/attribute.entity';
import { ProductPartEntity } from './product-part.entity';

/**
 * The values a product has for one attribute (`attributes: [{ attributeId, values }]`): one row per
 * (product, attribute), the values as text[] (a colour list, a width as "120"). Removed with either side.
 */
@Entity('product_attribute_values')
@Index('uq_product_attribute_values__attributes', ['workspaceId', 'productId', 'attributeId'], {
  unique: true,
})
@Index('ix_product_attribute_values__attribute', ['workspaceId', 'attributeId', 'productId'])
export class ProductAttributeValueEntity extends ProductPartEntity {
  @Column('uuid') attributeId: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) values: string[];

  @ManyToOne(() => ProductAttributeEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('attribute_id'))
  attribute?: ProductAttributeEntity;
}
