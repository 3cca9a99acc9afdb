import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import type { WorkspaceLanguageRow } from './languages.queries';

/** Notified by the WorkspaceDefaultLanguage migration's triggers (payload: the workspace id). */
export const WORKSPACE_LANGUAGES_CHANGED = 'workspace_languages_changed';

/**
 * Each workspace's supported languages and default language, kept between requests: every
 * storefront read picks its language from them. Exact: every change to supported_languages or to
 * a workspace's default_language notifies `workspace_languages_changed` with its id, which drops
 * its entry on every instance (ListenedCache: race guard, bound, hits only while delivery is live).
 */
@Injectable()
export class WorkspaceLanguagesCache extends ListenedCache<WorkspaceLanguageRow | null> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(WORKSPACE_LANGUAGES_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }
}
