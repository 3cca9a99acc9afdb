import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ForeignKeyTo } from '../../platform/tenancy/foreign-key';

/**
 * The sales settings of a workspace, one row each (created on first use), and its order-number
 * counter: `last_order_number` is taken by `UPDATE … SET last_order_number = last_order_number + 1
 * RETURNING` inside the transaction that creates the order. The row lock serialises concurrent
 * creates of one workspace and a rolled-back create gives its number back, so numbers are gapless
 * and strictly increasing.
 */
@Entity('sales_settings')
@Index('uq_sales_settings__workspace_id', ['workspaceId'], { unique: true })
@Check('ck_sales_settings__order_number_padding', '"order_number_padding" BETWEEN 1 AND 18')
@Check('ck_sales_settings__last_order_number', '"last_order_number" >= 0')
export class SalesSettingsEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 20, default: 'SO-' }) orderNumberPrefix: string;
  @Column({ type: 'integer', default: 6 }) orderNumberPadding: number;
  /** The last number handed out (bigint, read as a string). */
  @Column({ type: 'bigint', default: 0 }) lastOrderNumber: string;
  @Column({ type: 'boolean', default: false }) allowBackorders: boolean;
  @Column({ type: 'uuid', nullable: true }) defaultStockLocationId: string | null;

  @ForeignKeyTo('locations', 'default_stock_location_id', 'SET NULL') defaultStockLocation?: { id: string };
}
