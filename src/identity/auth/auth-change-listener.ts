import type { PGlite } from '@electric-sql/pglite';
import type { DataSource } from 'typeorm';
import { ChangeListener } from '../../platform/database/change-listener';
import type { SessionCache } from './session-cache';

/** Notified by the triggers of the AuthChangeNotifications migration. */
export const AUTH_CHANGED = 'auth_changed';

/**
 * Delivers the database's `auth_changed` notifications to the SessionCache and tells it when
 * delivery is live (only then does it serve hits). See ChangeListener for how delivery stays exact.
 */
export class AuthChangeListener extends ChangeListener {
  constructor(cache: SessionCache, dataSource: DataSource, pglite: PGlite | null) {
    super(AUTH_CHANGED, cache, dataSource, pglite);
  }
}
