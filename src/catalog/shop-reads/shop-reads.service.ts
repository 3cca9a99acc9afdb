import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ProductVisibility } from '../products/product-reads';
import { CategoryTreeCache } from './category-tree-cache';
import {
  type BrandPageSpec,
  type CategoryLanguage,
  usedAttributeValues,
  visibleBrands,
  visibleCategory,
  visibleCategoryRows,
} from './shop-reads.queries';

/**
 * The catalog's taxonomy as a shop shows it (the storefront's categories, brands and attributes):
 * each read is one statement (shop-reads.queries.ts) under the caller's `ProductVisibility`, so
 * no count ever includes a product the caller may not see. Answers come as PostgreSQL builds them;
 * the caller's DTOs name their shapes.
 */
@Injectable()
export class ShopReads {
  constructor(
    private readonly db: Db,
    private readonly trees: CategoryTreeCache,
  ) {}

  /** The visible categories, from the CategoryTreeCache (per language, fallback and catalog; exact: notified). */
  async categories<C>(
    ctx: RequestContext,
    language: CategoryLanguage,
    visibility: ProductVisibility,
  ): Promise<C[]> {
    const key = [
      ctx.workspaceId,
      language.language,
      language.defaultLanguage,
      visibility.catalogId ?? '',
    ].join(':');
    const rows = await this.trees.through(key, ctx.workspaceId, () =>
      visibleCategoryRows<C>(this.db.sql(ctx), language, visibility),
    );
    return rows as C[];
  }

  category<C>(
    ctx: RequestContext,
    key: 'id' | 'slug',
    value: string,
    language: CategoryLanguage,
    visibility: ProductVisibility,
  ): Promise<C | null> {
    return visibleCategory<C>(this.db.sql(ctx), key, value, language, visibility);
  }

  brands<B>(
    ctx: RequestContext,
    spec: BrandPageSpec,
    visibility: ProductVisibility,
  ): Promise<{ total: number; data: B[] }> {
    return visibleBrands<B>(this.db.sql(ctx), spec, visibility);
  }

  attributes<A>(
    ctx: RequestContext,
    categoryId: string | undefined,
    visibility: ProductVisibility,
  ): Promise<A[]> {
    return usedAttributeValues<A>(this.db.sql(ctx), categoryId, visibility);
  }
}
