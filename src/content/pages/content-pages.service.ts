import { Injectable } from '@nestjs/common';
import { LanguagesService } from '../../i18n/i18n.api';
import { Db, type Tx } from '../../platform/database/db';
import { sanitizeHtmlBody } from '../../platform/http/html-sanitizer';
import { listParams, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { conflict } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { firstFreeSlug, slugify } from '../../platform/http/slug';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type {
  ContentPageListQuery,
  ContentPageResponse,
  CreateContentPageRequest,
  UpdateContentPageRequest,
} from './content-page.dto';
import { ContentPageEntity } from './content-page.entity';

export const toContentPageResponse = (e: ContentPageEntity): ContentPageResponse => ({
  ...scopedFields(e),
  title: e.title,
  slug: e.slug,
  language: e.language,
  bodyFormat: e.bodyFormat,
  body: e.body,
  isPublished: e.isPublished,
  publishedAt: e.publishedAt ? e.publishedAt.toISOString() : null,
  seo: { metaTitle: e.seoMetaTitle, metaDescription: e.seoMetaDescription, keywords: e.seoKeywords ?? [] },
});

const snapshot = (e: ContentPageEntity) => withoutScopedFields(toContentPageResponse(e));
const label = 'Content page';

/** Content pages (CMS): one slug per workspace and language; Html bodies stored sanitised. */
@Injectable()
export class ContentPagesService {
  constructor(
    private readonly db: Db,
    private readonly languages: LanguagesService,
  ) {}

  async list(ctx: RequestContext, q: ContentPageListQuery): Promise<Page<ContentPageResponse>> {
    const qb = this.db.repo(ctx, ContentPageEntity, label).qb('p');
    filterByIds(qb, q);
    if (q.languages?.length) qb.andWhere('p.language IN (:...languages)', { languages: q.languages });
    if (q.slugs?.length) qb.andWhere('p.slug IN (:...slugs)', { slugs: q.slugs });
    if (q.is_published !== undefined)
      qb.andWhere('p.is_published = :published', { published: q.is_published });
    const page = await paginate(qb, listParams(q), {
      sort: {
        Title: 'lower(p.title)',
        Slug: 'p.slug',
        PublishedAt: 'p.published_at',
        ModifiedAt: 'p.modified_at',
      },
      search: ['p.title', 'p.slug'],
    });
    return { data: page.data.map(toContentPageResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ContentPageResponse> {
    return respond(await this.db.repo(ctx, ContentPageEntity, label).get(id), toContentPageResponse);
  }

  async create(ctx: RequestContext, body: CreateContentPageRequest): Promise<ContentPageResponse> {
    return this.db.transaction(ctx, async (tx) => {
      await this.languages.assertSupported(tx, body.language);
      const slug = body.slug ?? (await this.freeSlug(tx, body.language, await slugify(body.title, 'page')));
      await this.assertSlugFree(tx, body.language, slug);
      const saved = await tx.repo(ContentPageEntity, label).insert({
        ...this.fields(body, null),
        slug,
      });
      await tx.activities.created('ContentPage', saved.id, snapshot(saved));
      return respond(saved, toContentPageResponse);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateContentPageRequest,
  ): Promise<ContentPageResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ContentPageEntity, label);
      const row = await repo.getForWrite(id);
      if (body.language !== row.language) await this.languages.assertSupported(tx, body.language);
      const slug = body.slug ?? row.slug;
      if (slug !== row.slug || body.language !== row.language)
        await this.assertSlugFree(tx, body.language, slug, id);
      const before = snapshot(row);
      Object.assign(row, this.fields(body, row), { slug });
      const saved = await repo.save(row);
      await tx.activities.updated('ContentPage', id, before, snapshot(saved));
      return respond(saved, toContentPageResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ContentPageEntity, label);
      const row = await repo.getForWrite(id);
      await repo.remove(row);
      await tx.activities.deleted('ContentPage', id, snapshot(row));
    });
  }

  /** Omitted optional fields become null / empty (PUT is a full replacement); Html is sanitised. */
  private fields(
    body: CreateContentPageRequest,
    current: ContentPageEntity | null,
  ): Partial<ContentPageEntity> {
    const bodyFormat = body.bodyFormat ?? 'Markdown';
    const text = body.body ?? null;
    const isPublished = body.isPublished ?? false;
    // Publishing without a date stamps the moment (and a page already published keeps its date).
    const publishedAt = body.publishedAt
      ? new Date(body.publishedAt)
      : isPublished
        ? ((current?.isPublished ? current.publishedAt : null) ?? new Date())
        : null;
    return {
      title: body.title,
      language: body.language,
      bodyFormat,
      body: text !== null && bodyFormat === 'Html' ? sanitizeHtmlBody(text) : text,
      isPublished,
      publishedAt,
      seoMetaTitle: body.seo?.metaTitle ?? null,
      seoMetaDescription: body.seo?.metaDescription ?? null,
      seoKeywords: body.seo?.keywords ?? [],
      externalReference: body.externalReference ?? null,
    };
  }

  /** A friendly 409 first; the unique index `uq_content_pages__slug` decides under concurrency. */
  private async assertSlugFree(tx: Tx, language: string, slug: string, exceptId?: string): Promise<void> {
    const qb = tx
      .repo(ContentPageEntity, label)
      .qb('p')
      .andWhere('p.language = :language AND p.slug = :slug', { language, slug });
    if (exceptId) qb.andWhere('p.id <> :exceptId', { exceptId });
    if (await qb.getExists())
      throw conflict(`The slug ${slug} is already used by a ${language} page of this workspace.`, {
        slug: ['is already in use'],
      });
  }

  private async freeSlug(tx: Tx, language: string, base: string): Promise<string> {
    const taken = await tx
      .repo(ContentPageEntity, label)
      .qb('p')
      .select('p.slug', 'slug')
      .andWhere('p.language = :language', { language })
      .andWhere("(p.slug = :base OR p.slug LIKE :prefix ESCAPE '\\')", {
        base,
        prefix: `${base.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`,
      })
      .getRawMany<{ slug: string }>();
    return firstFreeSlug(
      base,
      taken.map((t) => t.slug),
    );
  }
}
