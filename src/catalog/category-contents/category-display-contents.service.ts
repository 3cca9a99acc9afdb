import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate } from '../../platform/http/paginate';
import { conflict } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { LanguagesService } from '../../i18n/languages/languages.service';
import { ProductCategoryEntity } from '../categories/category.entity';
import {
  CategoryDisplayContentListQuery,
  CategoryDisplayContentResponse,
  CreateCategoryDisplayContentRequest,
  UpdateCategoryDisplayContentRequest,
} from './category-display-content.dto';
import { CategoryDisplayContentEntity } from './category-display-content.entity';

export const toCategoryDisplayContentResponse = (
  e: CategoryDisplayContentEntity,
): CategoryDisplayContentResponse => ({
  ...scopedFields(e),
  productCategoryId: e.productCategoryId,
  language: e.language,
  title: e.title,
  descriptionFormat: e.descriptionFormat,
  excerpt: e.excerpt,
  description: e.description,
  seo: { metaTitle: e.seoMetaTitle, metaDescription: e.seoMetaDescription, keywords: e.seoKeywords ?? [] },
});

const snapshot = (r: CategoryDisplayContentResponse) => withoutScopedFields(r);

const label = 'Category display content';
const activityType = 'ProductCategoryDisplayContent';

/** The texts of categories per language: one per (category, language), in supported languages only. */
@Injectable()
export class CategoryDisplayContentsService {
  constructor(
    private readonly db: Db,
    private readonly languages: LanguagesService,
  ) {}

  async list(
    ctx: RequestContext,
    q: CategoryDisplayContentListQuery,
  ): Promise<Page<CategoryDisplayContentResponse>> {
    const qb = this.db.repo(ctx, CategoryDisplayContentEntity, label).qb('d');
    if (q.ids?.length) qb.andWhere('d.id IN (:...ids)', { ids: q.ids });
    if (q.external_references?.length)
      qb.andWhere('d.external_reference IN (:...refs)', { refs: q.external_references });
    if (q.languages?.length) qb.andWhere('d.language IN (:...languages)', { languages: q.languages });
    if (q.product_category_ids?.length)
      qb.andWhere('d.product_category_id IN (:...categoryIds)', { categoryIds: q.product_category_ids });
    const page = await paginate(qb, listParams(q), {
      sort: { Title: 'lower(d.title)' },
      search: ['d.title'],
    });
    return { data: page.data.map(toCategoryDisplayContentResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<CategoryDisplayContentResponse> {
    return respond(
      await this.db.repo(ctx, CategoryDisplayContentEntity, label).get(id),
      toCategoryDisplayContentResponse,
    );
  }

  async create(
    ctx: RequestContext,
    body: CreateCategoryDisplayContentRequest,
  ): Promise<CategoryDisplayContentResponse> {
    return this.db.transaction(ctx, async (tx) => {
      await tx
        .repo(ProductCategoryEntity, 'Product category')
        .assertReferences('productCategoryId', body.productCategoryId);
      await this.languages.assertSupported(tx.manager, ctx, body.language);
      const repo = tx.repo(CategoryDisplayContentEntity, label);
      // A friendly 409 first; the unique index uq_category_display_contents__language decides under concurrency.
      if (await repo.exists({ productCategoryId: body.productCategoryId, language: body.language })) {
        throw conflict(
          `Category ${body.productCategoryId} already has a display content in ${body.language}.`,
          {
            language: ['is already in use'],
          },
        );
      }
      const saved = await repo.insert({
        productCategoryId: body.productCategoryId,
        language: body.language,
        ...this.fields(body),
      });
      await tx.activities.created(activityType, saved.id, snapshot(toCategoryDisplayContentResponse(saved)));
      return respond(saved, toCategoryDisplayContentResponse);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateCategoryDisplayContentRequest,
  ): Promise<CategoryDisplayContentResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CategoryDisplayContentEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toCategoryDisplayContentResponse(entity);
      Object.assign(entity, this.fields(body));
      const saved = await repo.save(entity);
      await tx.activities.updated(
        activityType,
        id,
        snapshot(before),
        snapshot(toCategoryDisplayContentResponse(saved)),
      );
      return respond(saved, toCategoryDisplayContentResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CategoryDisplayContentEntity, label);
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted(activityType, id, snapshot(toCategoryDisplayContentResponse(entity)));
    });
  }

  private fields(
    body: CreateCategoryDisplayContentRequest | UpdateCategoryDisplayContentRequest,
  ): Partial<CategoryDisplayContentEntity> {
    return {
      title: body.title,
      descriptionFormat: body.descriptionFormat ?? 'Markdown',
      excerpt: body.excerpt ?? null,
      description: body.description ?? null,
      seoMetaTitle: body.seo?.metaTitle ?? null,
      seoMetaDescription: body.seo?.metaDescription ?? null,
      seoKeywords: body.seo?.keywords ?? [],
      externalReference: body.externalReference ?? null,
    };
  }
}
