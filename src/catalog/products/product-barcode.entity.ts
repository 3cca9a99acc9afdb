import { Column, Entity, Index } from 'typeorm';
import { ProductPartEntity } from './product-part.entity';

/** One barcode of a product; a barcode names one product per workspace (unique index → 409). */
@Entity('product_barcodes')
@Index('uq_product_barcodes__barcode', ['workspaceId', 'barcode'], { unique: true })
@Index('ix_product_barcodes__product', ['workspaceId', 'productId', 'barcode'])
export class ProductBarcodeEntity extends ProductPartEntity {
  @Column({ type: 'varchar', length: 255 }) barcode: string;
}
