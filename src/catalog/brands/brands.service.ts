import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { conflict } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { checkImage, UploadedImage } from '../../platform/storage/image-upload';
import { type FileReference, Uploads } from '../../platform/storage/uploads';
import { ProductEntity } from '../products/product.entity';
import { BrandListQuery, BrandResponse, CreateBrandRequest, UpdateBrandRequest } from './brand.dto';
import { BrandEntity } from './brand.entity';

export const toBrandResponse = (e: BrandEntity): BrandResponse => ({
  ...scopedFields(e),
  name: e.name,
  imageUrl: e.imageUrl,
  details: { description: e.description, website: e.website },
});

const snapshot = (r: BrandResponse) => withoutScopedFields(r);

const label = 'Brand';

/** Columns of brands that name uploaded files (registered by CatalogModule). */
export const brandFileReferences: readonly FileReference[] = [{ table: 'brands', column: 'image_url' }];

/**
 * Brands. Deleting one that products still name is a 409 (checked first for a clear message; the
 * NO ACTION foreign key products.brand_id refuses it too, answered as "still referenced").
 */
@Injectable()
export class BrandsService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
  ) {}

  async list(ctx: RequestContext, q: BrandListQuery): Promise<Page<BrandResponse>> {
    const qb = this.db.repo(ctx, BrandEntity, label).qb('b');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), { sort: { Name: 'lower(b.name)' }, search: ['b.name'] });
    return { data: page.data.map(toBrandResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<BrandResponse> {
    return respond(await this.db.repo(ctx, BrandEntity, label).get(id), toBrandResponse);
  }

  async create(ctx: RequestContext, body: CreateBrandRequest): Promise<BrandResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(BrandEntity, label).insert(this.fields(body));
      await tx.activities.created('Brand', saved.id, snapshot(toBrandResponse(saved)));
      return respond(saved, toBrandResponse);
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateBrandRequest): Promise<BrandResponse> {
    const { answer, replaced } = await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(BrandEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toBrandResponse(entity);
      Object.assign(entity, this.fields(body));
      const saved = await repo.save(entity);
      await tx.activities.updated('Brand', id, snapshot(before), snapshot(toBrandResponse(saved)));
      return { answer: respond(saved, toBrandResponse), replaced: before.imageUrl };
    });
    if (replaced !== answer.imageUrl) await this.uploads.release(ctx.workspaceId, [replaced]);
    return answer;
  }

  /** Stores the logo (checked by content) and sets it as the brand's imageUrl. */
  async setImage(ctx: RequestContext, id: string, file: UploadedImage | undefined): Promise<BrandResponse> {
    await this.db.repo(ctx, BrandEntity, label).get(id);
    const { key, contentType } = await checkImage(file, 'image', ctx.workspaceId, 'brands');
    const [url] = await this.uploads.store(ctx.workspaceId, [{ key, file: file!, contentType }]);
    try {
      const { answer, replaced } = await this.db.transaction(ctx, async (tx) => {
        const repo = tx.repo(BrandEntity, label);
        const entity = await repo.getForWrite(id);
        const before = toBrandResponse(entity);
        entity.imageUrl = url;
        const saved = await repo.save(entity);
        await tx.activities.updated('Brand', id, snapshot(before), snapshot(toBrandResponse(saved)));
        return { answer: respond(saved, toBrandResponse), replaced: before.imageUrl };
      });
      await this.uploads.release(ctx.workspaceId, [replaced]);
      return answer;
    } catch (e) {
      await this.uploads.release(ctx.workspaceId, [url]);
      throw e;
    }
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    const image = await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(BrandEntity, label);
      const entity = await repo.getForWrite(id);
      const products = await tx.repo(ProductEntity, 'Product').count({ brandId: id });
      if (products > 0)
        throw conflict(`Brand ${id} is still named by ${products} products; change their brand first.`);
      const last = toBrandResponse(entity);
      await repo.remove(entity);
      await tx.activities.deleted('Brand', id, snapshot(last));
      return last.imageUrl;
    });
    await this.uploads.release(ctx.workspaceId, [image]);
  }

  private fields(body: CreateBrandRequest | UpdateBrandRequest): Partial<BrandEntity> {
    return {
      name: body.name,
      imageUrl: body.imageUrl ?? null,
      description: body.details?.description ?? null,
      website: body.details?.website ?? null,
      externalReference: body.externalReference ?? null,
    };
  }
}
