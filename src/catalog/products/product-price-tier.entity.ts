import { Check, Column, Entity, Index } from 'typeorm';
import { ProductPartEntity } from './product-part.entity';

/**
 * A quantity tier of a product's sales price: from `minQuantity` on, one unit costs `salesPrice`.
 * A table rather than jsonb so pricing can pick the tier in SQL (`min_quantity <= :qty ORDER BY
 * min_quantity DESC LIMIT 1`) and the database keeps one tier per quantity.
 */
@Entity('product_price_tiers')
@Index('uq_product_price_tiers__min_quantity', ['workspaceId', 'productId', 'minQuantity'], { unique: true })
@Check('ck_product_price_tiers__min_quantity', `"min_quantity" > 0`)
@Check('ck_product_price_tiers__sales_price', `"sales_price" >= 0`)
export class ProductPriceTierEntity extends ProductPartEntity {
  @Column({ type: 'numeric', precision: 18, scale: 4 }) minQuantity: string;
  @Column({ type: 'numeric', precision: 18, scale: 4 }) salesPrice: string;
}
