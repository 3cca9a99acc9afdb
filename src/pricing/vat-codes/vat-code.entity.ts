import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/**
 * A VAT code of a workspace: a named rate products point at (`pricing.vatCodeId`). A workspace
 * starts with the standard set (`defaultVatCodes`); one code per workspace is the default, used for
 * products without a code (a partial unique index keeps it to one).
 */
@Entity('vat_codes')
@Index('uq_vat_codes__code', ['workspaceId', 'code'], { unique: true })
@Index('uq_vat_codes__is_default', ['workspaceId'], { unique: true, where: '"is_default"' })
@Check('ck_vat_codes__rate', '"rate" >= 0 AND "rate" <= 100')
export class VatCodeEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 32 }) code: string;
  @Column({ type: 'varchar', length: 255 }) name: string;
  /** Percent, exact (numeric(7,4)): 21 = 21 %. */
  @Column({ type: 'numeric', precision: 7, scale: 4 }) rate: string;
  @Column({ type: 'boolean', default: false }) isDefault: boolean;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
}

/** The codes every workspace starts with (also inserted for existing workspaces by the migration). */
export const defaultVatCodes: ReadonlyArray<
  Pick<VatCodeEntity, 'code' | 'name' | 'rate' | 'isDefault' | 'displayOrder'>
> = [
  { code: 'Standard', name: 'Standard rate', rate: '21', isDefault: true, displayOrder: 0 },
  { code: 'Reduced', name: 'Reduced rate', rate: '9', isDefault: false, displayOrder: 1 },
  { code: 'Zero', name: 'Zero rate', rate: '0', isDefault: false, displayOrder: 2 },
  { code: 'Exempt', name: 'Exempt from VAT', rate: '0', isDefault: false, displayOrder: 3 },
];
