import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  VersionColumn,
} from 'typeorm';

/** A person who works in one or more workspaces. Usernames and emails are unique globally, case-insensitively. */
@Entity('users')
@Index('uq_users__username', { synchronize: false })
@Index('uq_users__email', { synchronize: false })
export class UserEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 255 }) username: string;
  @Column({ type: 'varchar', length: 255 }) email: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) firstname: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) lastname: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) displayName: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) picture: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) externalReference: string | null;
  @Column({ type: 'varchar', length: 255, select: false }) passwordHash: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) modifiedAt: Date;
  @VersionColumn({ default: 1 }) version: number;
}
