import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { conflict } from '../../platform/http/problem';
import { type FileReference, Uploads } from '../../platform/storage/uploads';
import type { CreateProductRequest, UpdateProductRequest } from './product-request.dto';
import type { ProductResponse } from './product-response.dto';
import { loadProductParts, productSnapshot, type RepoOf } from './product-answer';
import { ProductComponentEntity } from './product-component.entity';
import { ProductImageEntity } from './product-image.entity';
import { ProductReads } from './product-reads';
import { checkProductBody, writeProduct } from './product-writer';
import { ProductEntity } from './product.entity';

/** Constraints whose field is not the column's name in the API (registered by CatalogModule). */
export const productConstraintFields: Readonly<Record<string, string>> = {
  uq_product_barcodes__barcode: 'barcodes',
  uq_product_price_tiers__min_quantity: 'pricing.tiers',
  ck_product_price_tiers__min_quantity: 'pricing.tiers',
  ck_product_price_tiers__sales_price: 'pricing.tiers',
  uq_product_components__component_product_id: 'components',
  ck_product_components__quantity: 'components',
  ck_product_components__component_product_id: 'components',
};

/** Columns of products that name uploaded files (registered by CatalogModule). */
export const productFileReferences: readonly FileReference[] = [{ table: 'product_images', column: 'url' }];

const isSlugCollision = (e: unknown) =>
  e instanceof QueryFailedError &&
  (e.driverError as { constraint?: string }).constraint === 'uq_products__slug';

/**
 * Products: create, read (by id, sku, gtin, barcode, slug), full-replacement update, delete.
 * Uniqueness (sku, gtin, slug, each barcode) is the database's: a duplicate is a 409 naming the
 * field, also when requests race. Every change records activities in its transaction.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
    private readonly reads: ProductReads,
  ) {}

  get(ctx: RequestContext, id: string): Promise<ProductResponse> {
    return this.reads.one(ctx, 'id', id);
  }

  getBy(
    ctx: RequestContext,
    key: 'sku' | 'gtin' | 'slug' | 'barcode',
    value: string,
  ): Promise<ProductResponse> {
    return this.reads.one(ctx, key, value);
  }

  async create(ctx: RequestContext, body: CreateProductRequest): Promise<ProductResponse> {
    checkProductBody(body);
    // A generated slug can lose a race with a concurrent create of the same name: pick again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(ctx, async (tx) => {
          const repo = tx.repo(ProductEntity, 'Product');
          const { entity } = await writeProduct(tx, repo.create({ id: randomUUID() }), body);
          const answer = await this.reads.one(tx, 'id', entity.id);
          await tx.activities.created('Product', entity.id, productSnapshot(answer));
          return answer;
        });
      } catch (e) {
        if (body.slug || attempt >= 3 || !isSlugCollision(e)) throw e;
      }
    }
  }

  async update(ctx: RequestContext, id: string, body: UpdateProductRequest): Promise<ProductResponse> {
    checkProductBody(body);
    const { answer, orphanedFiles } = await this.db.transaction(ctx, async (tx) => {
      const entity = await tx.repo(ProductEntity, 'Product').getForWrite(id);
      const before = await this.reads.one(tx, 'id', id);
      const current = await loadProductParts(this.txRepo(tx), [id], false);
      const written = await writeProduct(tx, entity, body, current);
      const answer = await this.reads.one(tx, 'id', written.entity.id);
      await tx.activities.updated('Product', id, productSnapshot(before), productSnapshot(answer));
      return { answer, orphanedFiles: written.orphanedFiles };
    });
    await this.releaseFiles(ctx, orphanedFiles);
    return answer;
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    const orphanedFiles = await this.db.transaction(ctx, async (tx) => {
      const entity = await tx.repo(ProductEntity, 'Product').getForWrite(id);
      if (await tx.repo(ProductComponentEntity).exists({ componentProductId: id })) {
        throw conflict('The product is a component of other products; remove it from them first.', {
          id: ['is a component of other products'],
        });
      }
      const last = await this.reads.one(tx, 'id', id);
      const images = await tx
        .repo(ProductImageEntity)
        .find({ where: { productId: id }, select: { fileKey: true } });
      await tx.repo(ProductEntity, 'Product').remove(entity);
      await tx.activities.deleted('Product', id, productSnapshot(last));
      return images.flatMap((i) => (i.fileKey ? [i.fileKey] : []));
    });
    await this.releaseFiles(ctx, orphanedFiles);
  }

  txRepo(tx: Tx): RepoOf {
    return (target) => tx.repo(target);
  }

  /** Files of images that are gone, removed after the commit unless something else still names them. */
  async releaseFiles(ctx: RequestContext, keys: string[]): Promise<void> {
    await this.uploads.release(ctx.workspaceId, keys);
  }
}
