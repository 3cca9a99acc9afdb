import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import { narrowedBeyond } from './list-members';
import type { ProductVisibility } from './product-reads';
import { searchWords } from './product-search';

/** Notified by the ProductWordsNotifications migration's triggers (payload: the workspace id). */
export const PRODUCT_WORDS_CHANGED = 'product_words_changed';

/** Members of a list body that leave a search's "did you mean" as it is (sort, page, language). */
const neutralMembers = new Set(['query', 'categoryIds', 'sortBy', 'sortOrder', 'take', 'skip', 'language']);

/**
 * The key of a search's "did you mean" in the ProductCorrectionCache, or null when it is not kept:
 * kept for a search of the whole shop or of categories (what a shop's search box sends), under the
 * workspace, the caller's visibility, the categories and the query's words; any other filter with a
 * value (present or added later) is read every time.
 */
export function correctionKey(
  workspaceId: string,
  q: { query?: string | null; categoryIds?: string[] | null },
  visibility: ProductVisibility,
): string | null {
  if (narrowedBeyond(q, neutralMembers)) return null;
  const categories = [...(q.categoryIds ?? [])].sort().join(',');
  const seen = `${visibility.activeOnly ? 'active' : 'all'}:${visibility.catalogId ?? ''}`;
  return `${workspaceId}|${seen}|${categories}|${searchWords(q.query ?? '').join(' ')}`;
}

/**
 * The "did you mean" of misspelled searches per workspace, visibility, categories and words, kept
 * between requests: finding it takes two statements (the name words nearest to the query's, and
 * which of them a product the caller may see holds), and shoppers repeat their typos.
 * Exact: every change to a product's existence, name or `active`, or to category or catalog links,
 * notifies `product_words_changed` with the workspace id, which drops the workspace's entries on
 * every instance (ListenedCache: race guard, bound, hits only while delivery is live).
 */
@Injectable()
export class ProductCorrectionCache extends ListenedCache<string | null> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(PRODUCT_WORDS_CHANGED, dataSource, pglite, { maxEntries: 10_000 });
  }
}
