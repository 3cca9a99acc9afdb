import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

export const scriptTriggers = ['PriceCalculation'] as const;
export type ScriptTrigger = (typeof scriptTriggers)[number];

/**
 * An atomic script: a rule written in JavaScript that runs in a sandbox when its trigger fires
 * (price calculation: it may change the customer price, ask for a price request and add messages
 * for the shopper). Active scripts of a trigger run in `displayOrder` (then id) order.
 * A change notifies `atomic_scripts_changed` (trigger in the migration) so every instance drops
 * its compiled copy of the workspace's scripts.
 */
@Entity('atomic_scripts')
@Index('ix_atomic_scripts__trigger', ['workspaceId', 'trigger', 'displayOrder', 'id'])
@Index('ix_atomic_scripts__name', ['workspaceId', 'name', 'id'])
@Check('ck_atomic_scripts__trigger', `"trigger" IN ('PriceCalculation')`)
export class AtomicScriptEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 32 }) trigger: ScriptTrigger;
  @Column({ type: 'text' }) code: string;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
}
