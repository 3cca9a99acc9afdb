import { Injectable } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import { In } from 'typeorm';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { badRequest } from '../../platform/http/problem';
import { BrandEntity } from '../brands/brand.entity';
import { ProductCategoryEntity } from '../categories/category.entity';
import { ManufacturerEntity } from '../manufacturers/manufacturer.entity';
import type {
  BulkUpdateProductsRequest,
  ProductBulkResult,
  ProductCategoriesRequest,
} from './product-bulk.dto';
import { ProductCategoryLinkEntity } from './product-category-link.entity';
import { ProductEntity } from './product.entity';

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The properties a bulk update can change, as the product answer names them. */
const bulkSnapshot = (p: ProductEntity) => ({
  active: p.active,
  showStock: p.showStock,
  displayOrder: p.displayOrder,
  tags: p.tags,
  brandId: p.brandId,
  manufacturerId: p.manufacturerId,
});

/**
 * Changes to many products at once: PUT products/bulk, and assigning to / removing from
 * categories. One transaction each, the products locked in id order (so two bulk requests
 * cannot deadlock), activities per changed product, untouched products left alone.
 */
@Injectable()
export class ProductBulkService {
  constructor(private readonly db: Db) {}

  /** The products, locked for writing; an id that is not a product of the workspace is a 400 naming `productIds`. */
  private async lock(tx: Tx, ids: string[]): Promise<ProductEntity[]> {
    const products = await tx
      .repo(ProductEntity, 'Product')
      .qb('p')
      .andWhere('p.id IN (:...ids)', { ids })
      .orderBy('p.id')
      .setLock('pessimistic_write')
      .getMany();
    if (products.length !== ids.length) {
      const found = new Set(products.map((p) => p.id));
      throw badRequest({
        productIds: [
          `Product ${ids.filter((id) => !found.has(id)).join(', ')} does not exist in this workspace.`,
        ],
      });
    }
    return products;
  }

  private async touch(tx: Tx, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.repo(ProductEntity).update(ids, { version: () => 'version + 1', modifiedAt: () => 'now()' });
  }

  async bulkUpdate(ctx: RequestContext, body: BulkUpdateProductsRequest): Promise<ProductBulkResult> {
    const set = body.set;
    const ids = unique(body.productIds);
    return this.db.transaction(ctx, async (tx) => {
      await tx.repo(BrandEntity, 'Brand').assertReferences('set.brandId', set.brandId);
      await tx
        .repo(ManufacturerEntity, 'Manufacturer')
        .assertReferences('set.manufacturerId', set.manufacturerId);
      const repo = tx.repo(ProductEntity, 'Product');
      const changed: string[] = [];
      for (const product of await this.lock(tx, ids)) {
        const before = bulkSnapshot(product);
        let tags = set.tags !== undefined ? unique(set.tags) : product.tags;
        if (set.addTags) tags = unique([...tags, ...set.addTags]);
        if (set.removeTags) tags = tags.filter((t) => !set.removeTags!.includes(t));
        const after = {
          active: set.active ?? before.active,
          showStock: set.showStock ?? before.showStock,
          displayOrder: set.displayOrder ?? before.displayOrder,
          tags,
          brandId: set.brandId !== undefined ? set.brandId : before.brandId,
          manufacturerId: set.manufacturerId !== undefined ? set.manufacturerId : before.manufacturerId,
        };
        if (isDeepStrictEqual(before, after)) continue;
        // update() moves the version and modifiedAt on as well.
        await repo.update(product.id, after);
        await tx.activities.updated('Product', product.id, before, after);
        changed.push(product.id);
      }
      return { updated: changed.length, productIds: changed };
    });
  }

  /** PUT products/categories (`add`) and DELETE products/categories (`remove`). */
  async changeCategories(
    ctx: RequestContext,
    body: ProductCategoriesRequest,
    mode: 'add' | 'remove',
  ): Promise<ProductBulkResult> {
    const ids = unique(body.productIds);
    const categoryIds = unique(body.categoryIds);
    return this.db.transaction(ctx, async (tx) => {
      // One 400 names every bad field: foreign or missing products and categories alike.
      let products: ProductEntity[] = [];
      await collectFieldErrors([
        () => tx.repo(ProductCategoryEntity, 'Category').assertReferences('categoryIds', categoryIds),
        async () => {
          products = await this.lock(tx, ids);
        },
      ]);
      const links = tx.repo(ProductCategoryLinkEntity);
      const current = await links.find({
        where: { productId: In(ids) },
        order: { displayOrder: 'ASC', id: 'ASC' },
      });
      const changed: string[] = [];
      const inserts: Array<Partial<ProductCategoryLinkEntity>> = [];
      for (const product of products) {
        const mine = current.filter((l) => l.productId === product.id);
        const before = mine.map((l) => l.categoryId);
        let after: string[];
        if (mode === 'add') {
          const missing = categoryIds.filter((c) => !before.includes(c));
          let next = mine.reduce((max, l) => Math.max(max, l.displayOrder + 1), 0);
          for (const categoryId of missing)
            inserts.push({ productId: product.id, categoryId, displayOrder: next++ });
          after = [...before, ...missing];
        } else {
          after = before.filter((c) => !categoryIds.includes(c));
        }
        if (after.length === before.length) continue;
        await tx.activities.updated('Product', product.id, { categories: before }, { categories: after });
        changed.push(product.id);
      }
      if (mode === 'add') await links.insertMany(inserts);
      else if (changed.length) await links.delete({ productId: In(changed), categoryId: In(categoryIds) });
      await this.touch(tx, changed);
      return { updated: changed.length, productIds: changed };
    });
  }
}
