import { Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/** A brand products are sold under. The API's `details` object maps to description and website. */
@Entity('brands')
@Index('ix_brands_name', ['workspaceId', 'name'])
@Index('ix_brands_external_reference', ['workspaceId', 'externalReference'])
export class BrandEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'varchar', length: 1024, nullable: true }) imageUrl: string | null;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) website: string | null;
}
