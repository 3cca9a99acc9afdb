import { AtomicScriptEntity } from './atomic-scripts/atomic-script.entity';
import { VatCodeEntity } from './vat-codes/vat-code.entity';

/** Every entity of the pricing context (listed in src/app.entities.ts). */
export const pricingEntities = [VatCodeEntity, AtomicScriptEntity];
