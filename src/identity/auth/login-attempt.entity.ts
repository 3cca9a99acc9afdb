import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One window of one login rate limit, shared by every instance: the attempts counted since the
 * window opened and when it closes. The key is a hash of the limit's name and what it counts
 * (identifier, address), so neither usernames nor addresses are stored. Not workspace data (a
 * login names no workspace yet); rows past `expires_at` are deleted by the throttler.
 */
@Entity('login_attempts')
@Index('ix_login_attempts__expires_at', ['expiresAt'])
export class LoginAttemptEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) key: string;
  @Column('int') points: number;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
}
