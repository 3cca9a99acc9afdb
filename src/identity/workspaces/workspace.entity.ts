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
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) modifiedAt: Date;
  @VersionColumn({ default: 1 }) version: number;
}
