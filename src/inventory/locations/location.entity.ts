import { Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import type { Address } from '../../platform/address';

/** When a location is open on one day of the week (`opens`/`closes` as `HH:mm`, local time). */
export interface OpeningHours {
  dayOfWeek: string;
  opens: string;
  closes: string;
}

/**
 * A place that holds stock, serves pickups, or both. Its address and opening hours are small
 * documents read and written whole, so they are jsonb. Stock rows reference it (NO ACTION), so a
 * location holding stock cannot be deleted (409); so do sales orders picked up there.
 */
@Entity('locations')
@Index('ix_locations_name', ['workspaceId', 'name', 'id'])
@Index('ix_locations_display_order', ['workspaceId', 'displayOrder', 'id'])
@Index('ix_locations_external_reference', ['workspaceId', 'externalReference'])
export class LocationEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
  @Column({ type: 'boolean', default: false }) isWarehouse: boolean;
  @Column({ type: 'boolean', default: false }) isPickupLocation: boolean;
  @Column({ type: 'boolean', default: true }) isStockLocation: boolean;
  @Column({ type: 'varchar', length: 255, nullable: true }) email: string | null;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) phoneNumber: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) image: string | null;
  @Column({ type: 'jsonb', nullable: true }) address: Address | null;
  @Column({ type: 'jsonb', default: () => "'[]'" }) openingHours: OpeningHours[];
}
