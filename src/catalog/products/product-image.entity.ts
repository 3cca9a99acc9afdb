import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { ProductPartEntity } from './product-part.entity';

/** An image of a product: where it is served from, and the file store key it was stored under (null for external URLs). */
@Entity('product_images')
@Index('ix_product_images__product', ['workspaceId', 'productId', 'displayOrder'])
export class ProductImageEntity extends ProductPartEntity {
  @Column({ type: 'varchar', length: 2048 }) url: string;
  @Column({ type: 'varchar', length: 1024, nullable: true }) fileKey: string | null;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
  @Column({ type: 'varchar', length: 255, nullable: true }) alt: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
