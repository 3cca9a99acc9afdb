import { Injectable } from '@nestjs/common';
import { LanguagesService } from '../../i18n/languages/languages.service';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate } from '../../platform/http/paginate';
import { respond, scopedFields } from '../../platform/http/resource';
import { ProductEntity } from '../products/product.entity';
import {
  CreateProductDisplayContentRequest,
  ProductDisplayContentListQuery,
  ProductDisplayContentResponse,
  UpdateProductDisplayContentRequest,
} from './product-display-content.dto';
import { ProductDisplayContentEntity } from './product-display-content.entity';

const label = 'Product display content';

export const toProductDisplayContentResponse = (
  e: ProductDisplayContentEntity,
): ProductDisplayContentResponse => ({
  ...scopedFields(e),
  productId: e.productId,
  language: e.language,
  title: e.title,
  descriptionFormat: e.descriptionFormat,
  excerpt: e.excerpt,
  description: e.description,
  seo: { metaTitle: e.seoMetaTitle, metaDescription: e.seoMetaDescription, keywords: e.seoKeywords ?? [] },
});

const snapshot = (r: ProductDisplayContentResponse) => ({
  productId: r.productId,
  language: r.language,
  title: r.title,
  descriptionFormat: r.descriptionFormat,
  excerpt: r.excerpt,
  description: r.description,
  seo: r.seo,
  externalReference: r.externalReference,
});

/** The texts (PUT replaces them all; omitted optional members become null / empty). */
const texts = (body: CreateProductDisplayContentRequest | UpdateProductDisplayContentRequest) => ({
  title: body.title,
  descriptionFormat: body.descriptionFormat ?? 'Markdown',
  excerpt: body.excerpt ?? null,
  description: body.description ?? null,
  seoMetaTitle: body.seo?.metaTitle ?? null,
  seoMetaDescription: body.seo?.metaDescription ?? null,
  seoKeywords: body.seo?.keywords ?? [],
  externalReference: body.externalReference ?? null,
});

/** Product display contents: a product's texts per supported language, one per (product, language). */
@Injectable()
export class ProductContentsService {
  constructor(
    private readonly db: Db,
    private readonly languages: LanguagesService,
  ) {}

  async list(
    ctx: RequestContext,
    q: ProductDisplayContentListQuery,
  ): Promise<Page<ProductDisplayContentResponse>> {
    const qb = this.db.repo(ctx, ProductDisplayContentEntity, label).qb('c');
    if (q.ids?.length) qb.andWhere('c.id IN (:...ids)', { ids: q.ids });
    if (q.external_references?.length)
      qb.andWhere('c.external_reference IN (:...refs)', { refs: q.external_references });
    if (q.languages?.length) qb.andWhere('c.language IN (:...languages)', { languages: q.languages });
    if (q.product_ids?.length) qb.andWhere('c.product_id IN (:...productIds)', { productIds: q.product_ids });
    const page = await paginate(qb, listParams(q), {
      sort: { Title: 'c.title' },
      search: ['c.title', 'c.excerpt'],
    });
    return { data: page.data.map(toProductDisplayContentResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ProductDisplayContentResponse> {
    return respond(
      await this.db.repo(ctx, ProductDisplayContentEntity, label).get(id),
      toProductDisplayContentResponse,
    );
  }

  async create(
    ctx: RequestContext,
    body: CreateProductDisplayContentRequest,
  ): Promise<ProductDisplayContentResponse> {
    return this.db.transaction(ctx, async (tx) => {
      await tx.repo(ProductEntity, 'Product').assertReferences('productId', body.productId);
      await this.languages.assertSupported(tx.manager, ctx, body.language, 'language');
      const saved = await tx.repo(ProductDisplayContentEntity, label).insert({
        productId: body.productId,
        language: body.language,
        ...texts(body),
      });
      await tx.activities.created(
        'ProductDisplayContent',
        saved.id,
        snapshot(toProductDisplayContentResponse(saved)),
      );
      return respond(saved, toProductDisplayContentResponse);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateProductDisplayContentRequest,
  ): Promise<ProductDisplayContentResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductDisplayContentEntity, label);
      const entity = await repo.getForWrite(id);
      const before = snapshot(toProductDisplayContentResponse(entity));
      Object.assign(entity, texts(body));
      const saved = await repo.save(entity);
      await tx.activities.updated(
        'ProductDisplayContent',
        id,
        before,
        snapshot(toProductDisplayContentResponse(saved)),
      );
      return respond(saved, toProductDisplayContentResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductDisplayContentEntity, label);
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted(
        'ProductDisplayContent',
        id,
        snapshot(toProductDisplayContentResponse(entity)),
      );
    });
  }
}
