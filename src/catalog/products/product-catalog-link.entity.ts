import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { CatalogEntity } from '../catalogs/catalog.entity';
import { ProductPartEntity } from './product-part.entity';

/** A product's membership of a catalog (the product's `catalogs`). Removed with either side. */
@Entity('product_catalog_links')
@Index('uq_product_catalog_links__catalogs', ['workspaceId', 'productId', 'catalogId'], { unique: true })
@Index('ix_product_catalog_links__catalog', ['workspaceId', 'catalogId', 'productId'])
export class ProductCatalogLinkEntity extends ProductPartEntity {
  @Column('uuid') catalogId: string;

  @ManyToOne(() => CatalogEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('catalog_id'))
  catalog?: CatalogEntity;
}
