import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import type { PriceInputs } from './price-inputs';

/**
 * Notified by the ReadCacheNotifications migration's triggers on vat_codes and atomic_scripts
 * (payload: the workspace id). A channel of its own beside `atomic_scripts_changed`: a VAT change
 * need not drop the compiled scripts, and each cache listens to exactly what it reads.
 */
export const PRICE_TABLES_CHANGED = 'price_tables_changed';

/** What a price request reads of pricing's own tables, per workspace. */
export type PriceTables = Pick<PriceInputs, 'vat' | 'scriptsVersion'>;

/**
 * A workspace's VAT codes and the version of its active price scripts (`priceTables`), kept
 * between price requests outside a transaction. Exact: every change to vat_codes or atomic_scripts
 * notifies `price_tables_changed` with its workspace id, which drops that workspace's entry on
 * every instance (ListenedCache: race guard, bound, hits only while delivery is live).
 */
@Injectable()
export class PriceTablesCache extends ListenedCache<PriceTables> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(PRICE_TABLES_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }

  of(workspaceId: string, load: () => Promise<PriceTables>): Promise<PriceTables> {
    return this.through(workspaceId, workspaceId, load);
  }
}
