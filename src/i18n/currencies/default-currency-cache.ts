import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';

/** Notified by the ReadCacheNotifications migration's trigger on currencies (payload: the workspace id). */
export const CURRENCIES_CHANGED = 'currencies_changed';

/**
 * Each workspace's default (base) currency code, kept between requests (an order without a
 * currency would otherwise read it). Exact: every change to a workspace's currencies' codes or
 * default notifies `currencies_changed` with its id, which drops its entry on every instance
 * (ListenedCache: race guard, bound, hits only while delivery is live).
 */
@Injectable()
export class DefaultCurrencyCache extends ListenedCache<string | null> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(CURRENCIES_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }
}
