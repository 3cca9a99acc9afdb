import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';

/** Notified by the CategoryTreeNotifications migration's triggers (payload: the workspace id). */
export const CATEGORY_TREE_CHANGED = 'category_tree_changed';

/**
 * The storefront's category tree per workspace, language and catalog visibility, kept between
 * requests: its exact product counts read every category link of the workspace (about 100 ms at
 * 100,000 products), a shop renders the tree on every page. Exact: every change to categories,
 * their display contents, category or catalog links, or a product's existence or `active`
 * notifies `category_tree_changed` with the workspace id, which drops the workspace's trees on
 * every instance (ListenedCache: race guard, bound, hits only while delivery is live).
 */
@Injectable()
export class CategoryTreeCache extends ListenedCache<readonly unknown[]> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(CATEGORY_TREE_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }
}
