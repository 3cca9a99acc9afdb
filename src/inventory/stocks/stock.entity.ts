import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ForeignKeyTo, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { LocationEntity } from '../locations/location.entity';

/**
 * The quantity of one product at one location (one row per pair: `uq_stocks__product_id`). Quantity
 * changes are single `UPDATE … SET quantity = quantity ± x … RETURNING` statements, never a
 * read-modify-write in JavaScript; the update's WHERE refuses to go below zero unless the workspace
 * allows backorders, so the quantity itself may be negative (a backorder). Deleting the product
 * deletes its stock; a location holding stock cannot be deleted.
 */
@Entity('stocks')
@Index('uq_stocks__product_id', ['workspaceId', 'productId', 'locationId'], { unique: true })
@Index('ix_stocks_location', ['workspaceId', 'locationId', 'productId'])
@Index('ix_stocks_created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_stocks_external_reference', ['workspaceId', 'externalReference'])
export class StockEntity extends ScopedEntity {
  @Column('uuid') productId: string;
  @Column('uuid') locationId: string;
  /** Exact decimal as a string (numeric(18,4)). */
  @Column({ type: 'numeric', precision: 18, scale: 4 }) quantity: string;

  @ForeignKeyTo('products', 'product_id', 'CASCADE') product?: { id: string };
  @ManyToOne(() => LocationEntity, { onDelete: 'NO ACTION' })
  @JoinColumn(sameWorkspace('location_id'))
  location?: LocationEntity;
}
