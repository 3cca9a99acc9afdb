import { Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/** The company that makes products (products link to it by `manufacturerId`). */
@Entity('manufacturers')
@Index('ix_manufacturers_name', ['workspaceId', 'name'])
@Index('ix_manufacturers_external_reference', ['workspaceId', 'externalReference'])
export class ManufacturerEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) website: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) email: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) phoneNumber: string | null;
}
