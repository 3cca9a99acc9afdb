import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/**
 * A currency the workspace trades in: its ISO 4217 code (once per workspace), the symbol shown
 * and its exchange rate to the workspace's base currency. Exactly one currency is the default
 * (the base, rate 1, checked by the service): the partial unique index allows one, the service
 * keeps one.
 */
@Entity('currencies')
@Index('uq_currencies__code', ['workspaceId', 'code'], { unique: true })
@Index('uq_currencies__is_default', ['workspaceId'], { unique: true, where: '"is_default"' })
@Index('ix_currencies__external_reference', ['workspaceId', 'externalReference'])
@Check('ck_currencies__exchange_rate', '"exchange_rate" > 0')
export class CurrencyEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 3 }) code: string;
  @Column({ type: 'varchar', length: 10 }) symbol: string;
  /** Units of this currency for one unit of the default currency. */
  @Column({ type: 'numeric', precision: 20, scale: 10 }) exchangeRate: string;
  @Column({ type: 'boolean', default: false }) isDefault: boolean;
}
