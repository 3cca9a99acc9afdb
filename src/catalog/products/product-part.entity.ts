import { Column, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductEntity } from './product.entity';

/**
 * The base of the rows a product owns (barcodes, links, attribute values, images, components,
 * price tiers): an id and the workspace (so ScopedRepository confines them like any resource),
 * and the product, whose deletion takes them along.
 */
export abstract class ProductPartEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') productId: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_id'))
  product?: ProductEntity;
}
