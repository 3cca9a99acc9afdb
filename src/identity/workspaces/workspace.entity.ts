import type { ShopperRegistration } from './shopper-registration';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn, VersionColumn } from 'typeorm';

@Entity('workspaces')
export class WorkspaceEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) imageUrl: string | null;
  @Column({ type: 'varchar', length: 3, default: 'EUR' }) defaultCurrency: string;
  @Column({ type: 'varchar', length: 10, default: 'en' }) defaultLanguage: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) externalReference: string | null;

  /** Who may create a shopper account in the storefront (docs/security.md, "Shopper accounts"). */
  @Column({ type: 'varchar', length: 20, default: 'Off' }) shopperRegistration: ShopperRegistration;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) modifiedAt: Date;
  @VersionColumn({ default: 1 }) version: number;
}
