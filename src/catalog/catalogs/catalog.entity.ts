import { Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/**
 * A selection of products offered to some customers (products list their `catalogs`; an account's
 * `productCatalogId` names the one its shoppers see). Inactive catalogs are kept but not offered.
 */
@Entity('catalogs')
@Index('ix_catalogs_name', ['workspaceId', 'name'])
@Index('ix_catalogs_external_reference', ['workspaceId', 'externalReference'])
export class CatalogEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'boolean', default: true }) active: boolean;
}
