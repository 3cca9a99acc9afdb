import { Injectable } from '@nestjs/common';
import { LanguagesService, TranslationsService } from '../../i18n/i18n.api';
import { Db } from '../../platform/database/db';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { badRequest, invalidField, Problem } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ProductCategoryEntity } from '../categories/category.entity';
import { ProductCategoryLinkEntity } from '../products/product-category-link.entity';
import { ProductEntity } from '../products/product.entity';
import type {
  TranslateMissingContentsRequest,
  TranslateMissingContentsResponse,
  TranslationFailure,
} from './product-content-translation.dto';
import { ProductDisplayContentEntity } from './product-display-content.entity';
import { ProductContentsService } from './product-contents.service';

/** Contents translated per provider round (each gives up to 5 + keywords texts). */
const contentsPerBatch = 10;
const maxProducts = 1000;

/** The texts of a content, in a fixed order, blank ones as `''`. */
const textsOf = (c: ProductDisplayContentEntity): string[] => [
  c.title,
  c.excerpt ?? '',
  c.description ?? '',
  c.seoMetaTitle ?? '',
  c.seoMetaDescription ?? '',
  ...(c.seoKeywords ?? []),
];

/**
 * "Translate missing": for the products given (or in the categories given) and each target
 * language, creates the display contents that are missing by translating the source language's
 * content. Translations run in batches outside any transaction; each content is then created on
 * its own (the usual create: one per product and language, activities), so a failure costs only
 * that content and is reported; a batch the service fails on is retried content by content.
 */
@Injectable()
export class ProductContentTranslationsService {
  constructor(
    private readonly db: Db,
    private readonly languages: LanguagesService,
    private readonly translations: TranslationsService,
    private readonly contents: ProductContentsService,
  ) {}

  async translateMissing(
    ctx: RequestContext,
    body: TranslateMissingContentsRequest,
  ): Promise<TranslateMissingContentsResponse> {
    const targets = [...new Set(body.targetLanguages)];
    if (targets.includes(body.sourceLanguage))
      throw invalidField('targetLanguages', 'targetLanguages must not include the sourceLanguage');
    const productIds = await this.productsOf(ctx, body);
    this.translations.assertConfigured();

    const sources = await this.db
      .repo(ctx, ProductDisplayContentEntity, 'Product display content')
      .qb('c')
      .andWhere('c.product_id IN (:...productIds)', { productIds })
      .andWhere('c.language = :language', { language: body.sourceLanguage })
      .getMany();
    const sourceOf = new Map(sources.map((s) => [s.productId, s]));
    const existing = await this.db
      .repo(ctx, ProductDisplayContentEntity, 'Product display content')
      .qb('c')
      .select(['c.productId', 'c.language'])
      .andWhere('c.product_id IN (:...productIds)', { productIds })
      .andWhere('c.language IN (:...targets)', { targets })
      .getMany();
    const has = new Set(existing.map((e) => `${e.productId}:${e.language}`));

    const answer: TranslateMissingContentsResponse = { created: 0, createdIds: [], skipped: 0, failed: [] };
    for (const language of targets) {
      const missing = productIds.filter((id) => !has.has(`${id}:${language}`));
      for (const id of missing.filter((p) => !sourceOf.has(p)))
        answer.failed.push({
          productId: id,
          language,
          reason: `The product has no display content in ${body.sourceLanguage}.`,
        });
      const todo = missing.flatMap((id) => sourceOf.get(id) ?? []);
      for (let i = 0; i < todo.length; i += contentsPerBatch)
        await this.translateBatch(
          ctx,
          todo.slice(i, i + contentsPerBatch),
          body.sourceLanguage,
          language,
          answer,
        );
    }
    return answer;
  }

  private async translateBatch(
    ctx: RequestContext,
    batch: ProductDisplayContentEntity[],
    source: string,
    language: string,
    answer: TranslateMissingContentsResponse,
  ): Promise<void> {
    const fail = (c: ProductDisplayContentEntity, reason: string): TranslationFailure => ({
      productId: c.productId,
      language,
      reason,
    });
    const texts = batch.map(textsOf);
    let translated: string[];
    try {
      translated = await this.translations.translate(texts.flat(), source, language);
    } catch (err) {
      if (batch.length > 1) {
        // One bad content should not cost its batch: each goes again on its own.
        for (const content of batch) await this.translateBatch(ctx, [content], source, language, answer);
        return;
      }
      const reason = err instanceof Problem ? err.detail : 'The translation failed.';
      answer.failed.push(...batch.map((c) => fail(c, reason)));
      return;
    }
    let at = 0;
    for (const [i, content] of batch.entries()) {
      const [title, excerpt, description, metaTitle, metaDescription, ...keywords] = translated.slice(
        at,
        (at += texts[i].length),
      );
      try {
        const created = await this.contents.create(ctx, {
          productId: content.productId,
          language,
          title: title.trim() || content.title,
          descriptionFormat: content.descriptionFormat,
          excerpt: content.excerpt === null ? null : excerpt,
          description: content.description === null ? null : description,
          seo: {
            metaTitle: content.seoMetaTitle === null ? null : metaTitle,
            metaDescription: content.seoMetaDescription === null ? null : metaDescription,
            keywords,
          },
          externalReference: null,
        });
        answer.created++;
        answer.createdIds.push(created.id);
      } catch (err) {
        if (err instanceof Problem && err.getStatus() === 409) answer.skipped++;
        else answer.failed.push(fail(content, translationRefused(err)));
      }
    }
  }

  /** The products named or in the categories named: of this workspace (else 400), at most 1,000. */
  private async productsOf(ctx: RequestContext, body: TranslateMissingContentsRequest): Promise<string[]> {
    if (!body.productIds?.length && !body.productCategoryIds?.length)
      throw badRequest({ productIds: ['give productIds or productCategoryIds'] });
    await collectFieldErrors([
      () => this.languages.assertSupported(ctx, body.sourceLanguage, 'sourceLanguage'),
      ...body.targetLanguages.map((l) => () => this.languages.assertSupported(ctx, l, 'targetLanguages')),
      () => this.db.repo(ctx, ProductEntity, 'Product').assertReferences('productIds', body.productIds),
      () =>
        this.db
          .repo(ctx, ProductCategoryEntity, 'Product category')
          .assertReferences('productCategoryIds', body.productCategoryIds),
    ]);
    const ids = new Set(body.productIds ?? []);
    if (body.productCategoryIds?.length) {
      const links = await this.db
        .repo(ctx, ProductCategoryLinkEntity, 'Product category link')
        .qb('l')
        .select('DISTINCT l.product_id', 'productId')
        .andWhere('l.category_id IN (:...categories)', { categories: body.productCategoryIds })
        .limit(maxProducts + 1)
        .getRawMany<{ productId: string }>();
      for (const l of links) ids.add(l.productId);
    }
    if (ids.size > maxProducts)
      throw invalidField('productCategoryIds', `at most ${maxProducts} products can be translated at once`);
    return [...ids];
  }
}

/** Why creating a translated content failed, in words a caller can act on. */
function translationRefused(err: unknown): string {
  if (err instanceof Problem) {
    const fields = err.errors ? Object.entries(err.errors).map(([f, m]) => `${f}: ${m.join(', ')}`) : [];
    return fields.length ? `The translation was refused (${fields.join('; ')}).` : err.detail;
  }
  return 'The translated content could not be stored.';
}
