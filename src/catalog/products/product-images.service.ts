import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { badRequest } from '../../platform/http/problem';
import { checkImage, type UploadedImage } from '../../platform/storage/image-upload';
import { Uploads } from '../../platform/storage/uploads';
import type { ProductResponse } from './product-response.dto';
import { toProductImage } from './product-answer';
import { ProductReads } from './product-reads';
import { ProductImageEntity } from './product-image.entity';
import { ProductEntity } from './product.entity';
import { ProductsService } from './products.service';

/**
 * POST products/{id}/images: checks every file (raster images only, by content), stores them in
 * the file store, then appends them to the product's images in one transaction. Files stored for
 * a request that fails afterwards are removed again.
 */
@Injectable()
export class ProductImagesService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
    private readonly products: ProductsService,
    private readonly reads: ProductReads,
  ) {}

  async add(ctx: RequestContext, id: string, uploads: UploadedImage[] | undefined): Promise<ProductResponse> {
    if (!uploads?.length)
      throw badRequest({ images: ['images must hold at least one image file (multipart/form-data)'] });
    await this.db.repo(ctx, ProductEntity, 'Product').get(id);
    const checked = [];
    for (const file of uploads)
      checked.push({ file, ...(await checkImage(file, 'images', ctx.workspaceId, 'products')) });
    const urls = await this.uploads.store(
      ctx.workspaceId,
      checked.map((c) => ({ key: c.key, file: c.file, contentType: c.contentType })),
    );
    const stored = checked.map((c, i) => ({ key: c.key, url: urls[i] }));
    try {
      return await this.db.transaction(ctx, async (tx) => {
        const repo = tx.repo(ProductEntity, 'Product');
        await repo.getForWrite(id);
        const images = tx.repo(ProductImageEntity);
        const last = await images.findOne({ where: { productId: id }, order: { displayOrder: 'DESC' } });
        const first = last ? last.displayOrder + 1 : 0;
        const added = await images.insertMany(
          stored.map((s, i) => ({
            productId: id,
            url: s.url,
            fileKey: s.key,
            displayOrder: first + i,
            alt: null,
          })),
        );
        await repo.update(id, { version: () => 'version + 1', modifiedAt: () => 'now()' });
        await tx.activities.event('Product', id, 'ProductImagesAdded', {
          newValue: added.map(toProductImage),
        });
        return this.reads.one(tx, 'id', id);
      });
    } catch (e) {
      await this.products.releaseFiles(
        ctx,
        stored.map((s) => s.key),
      );
      throw e;
    }
  }
}
