import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The shared count of one rate-limit key in one fixed window, summed from every instance's
 * flushes (rate-limits.ts). Of no workspace: keys name callers of any workspace, and rows live for
 * two windows at most (each instance deletes old windows once a window).
 */
@Entity('rate_limit_counts')
export class RateLimitCountEntity {
  @PrimaryColumn({ type: 'varchar', length: 120, primaryKeyConstraintName: 'pk_rate_limit_counts' })
  key: string;
  /** The window's start, milliseconds since the epoch. */
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_rate_limit_counts' }) windowStart: string;
  @Column({ type: 'integer' }) count: number;
}
