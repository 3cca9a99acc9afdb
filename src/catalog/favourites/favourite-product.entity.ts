import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { ForeignKeyTo, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ProductEntity } from '../products/product.entity';

export const favouriteOrigins = ['Personal', 'Suggested'] as const;
export type FavouriteOrigin = (typeof favouriteOrigins)[number];

/**
 * A product a client login marked as favourite (`Personal`) or had suggested to it (`Suggested`).
 * One per (client login, product): a second is a 409 naming `productId`. Goes with either side.
 */
@Entity('favourite_products')
@Index('uq_favourite_products__product_id', ['workspaceId', 'clientLoginId', 'productId'], { unique: true })
@Index('ix_favourite_products__created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_favourite_products__product', ['productId'])
@Index('ix_favourite_products__client_login', ['clientLoginId'])
@Index('ix_favourite_products__external_reference', ['workspaceId', 'externalReference'])
@Check('ck_favourite_products__origin', `"origin" IN ('Personal', 'Suggested')`)
export class FavouriteProductEntity extends ScopedEntity {
  @Column('uuid') clientLoginId: string;
  @Column('uuid') productId: string;
  @Column({ type: 'varchar', length: 16, default: 'Personal' }) origin: FavouriteOrigin;

  @ForeignKeyTo('client_logins', 'client_login_id', 'CASCADE') clientLogin?: { id: string };

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_id'))
  product?: ProductEntity;
}
