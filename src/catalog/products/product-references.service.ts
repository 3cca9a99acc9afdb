import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ProductPricingInput } from './product-pricing-inputs';
import { productPricingInputs } from './product-pricing.queries';
import { ProductEntity } from './product.entity';
import { productIdsBySkuSql } from './product-skus.queries';

/** What another context (inventory, sales) may know of a product it references. */
export interface ProductSummary {
  id: string;
  sku: string | null;
  name: string;
  active: boolean;
  /** Exact decimal string (numeric(18,4)); null when the product has no sales price. */
  salesPrice: string | null;
  vatCodeId: string | null;
  /** Whether the product is in the catalog asked about (true when none was). */
  inCatalog: boolean;
}

/**
 * Products as other contexts reference them: by id or sku, many at once, in one query. Only this
 * workspace's products are found; the caller decides what a missing one means (a 400 naming its
 * field, usually).
 */
@Injectable()
export class ProductReferencesService {
  constructor(private readonly db: Db) {}

  /** Summaries of the products with these ids and/or skus (in a transaction when `tx` is given). */
  async summaries(
    on: RequestContext | Tx,
    refs: { ids?: string[]; skus?: string[]; catalogId?: string | null },
  ): Promise<ProductSummary[]> {
    const ids = [...new Set(refs.ids ?? [])];
    const skus = [...new Set(refs.skus ?? [])];
    if (ids.length === 0 && skus.length === 0) return [];
    const repo =
      'repo' in on ? on.repo(ProductEntity, 'Product') : this.db.repo(on, ProductEntity, 'Product');
    const qb = repo
      .qb('p')
      .select(['p.id', 'p.sku', 'p.name', 'p.active', 'p.salesPrice', 'p.vatCodeId', 'p.workspaceId']);
    const bySku = `p.id = ANY(${productIdsBySkuSql(':skusWs', ':skus')})`;
    if (ids.length && skus.length)
      qb.andWhere(`(p.id IN (:...ids) OR ${bySku})`, { ids, skus, skusWs: repo.workspaceId });
    else if (ids.length) qb.andWhere('p.id IN (:...ids)', { ids });
    else qb.andWhere(bySku, { skus, skusWs: repo.workspaceId });
    const catalogId = refs.catalogId ?? null;
    const inCatalog = new Set<string>();
    if (catalogId) {
      qb.addSelect(
        'EXISTS (SELECT 1 FROM product_catalog_links cl WHERE cl.workspace_id = p.workspace_id ' +
          'AND cl.product_id = p.id AND cl.catalog_id = :catalogId)',
        'in_catalog',
      ).setParameter('catalogId', catalogId);
      const { entities, raw } = await qb.getRawAndEntities<{ p_id: string; in_catalog: boolean }>();
      for (const row of raw) if (row.in_catalog) inCatalog.add(row.p_id);
      return entities.map((p) => this.summary(p, inCatalog.has(p.id)));
    }
    return (await qb.getMany()).map((p) => this.summary(p, true));
  }

  /**
   * For pricing: what the engine reads of the products with these ids (lower-case) and/or skus,
   * with their tiers and, when `catalogId` is given, whether each is in that catalog.
   */
  pricingInputs(
    on: RequestContext | Tx,
    refs: { ids: readonly string[]; skus?: readonly string[]; catalogId?: string | null },
  ): Promise<ProductPricingInput[]> {
    return productPricingInputs(this.db.sql(on), refs);
  }

  private summary(p: ProductEntity, inCatalog: boolean): ProductSummary {
    return {
      id: p.id,
      sku: p.sku,
      name: p.name,
      active: p.active,
      salesPrice: p.salesPrice,
      vatCodeId: p.vatCodeId,
      inCatalog,
    };
  }
}
