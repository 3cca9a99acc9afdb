import type { EntityTarget, FindOptionsWhere } from 'typeorm';
import type { LanguagesService } from '../../i18n/i18n.api';
import type { Db } from '../../platform/database/db';
import type { Scoped } from '../../platform/database/scoped-repository';
import { listParams, type ListQueryBase, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { conflict } from '../../platform/http/problem';
import { respond, withoutScopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  type DisplayContentAnswer,
  type DisplayContentTextsBody,
  displayContentTexts,
} from './display-content';
import type { DisplayContentEntity } from './display-content.entity';

/** The list filters every display content accepts, besides the one naming what it describes. */
export interface DisplayContentListFilters extends ListQueryBase<'Title'> {
  ids?: string[];
  external_references?: string[];
  languages?: string[];
}

/** What a display content describes (a product, a category): the resource-specific part. */
export interface DisplayContentOwner<K extends string, Q> {
  /** The body, entity and answer property naming it (`productId`). */
  field: K;
  /** Its column on the display content table (`product_id`). */
  column: string;
  entity: EntityTarget<Scoped>;
  /** How errors name it (`Product`). */
  label: string;
  /** The list filter naming it (`product_ids`). */
  filter: (q: Q) => string[] | undefined;
}

export interface DisplayContentResource<E extends DisplayContentEntity, R, K extends string, Q> {
  entity: EntityTarget<E>;
  /** How errors name one (`Product display content`). */
  label: string;
  /** `{type}Created`, `{type}{Property}Updated`, `{type}Deleted`. */
  activityType: string;
  owner: DisplayContentOwner<K, Q>;
  /** Columns `Query` searches (as documented per operation). */
  search: Array<keyof E & string>;
  toAnswer: (e: E) => R;
}

/**
 * The texts of something in one language, one per (thing, language), in supported languages
 * only. Product and category display contents are this with their own owner, DTOs and
 * activity type, so they sort, validate and record activities the same way.
 */
export abstract class DisplayContentsService<
  E extends DisplayContentEntity & Record<K, string>,
  R extends DisplayContentAnswer,
  K extends string,
  Q extends DisplayContentListFilters,
  C extends DisplayContentTextsBody & Record<K, string> & { language: string },
  U extends DisplayContentTextsBody,
> {
  protected constructor(
    private readonly db: Db,
    private readonly languages: LanguagesService,
    private readonly resource: DisplayContentResource<E, R, K, Q>,
  ) {}

  async list(ctx: RequestContext, q: Q): Promise<Page<R>> {
    const { entity, label, owner, search, toAnswer } = this.resource;
    const qb = this.db.repo(ctx, entity, label).qb('c');
    filterByIds(qb, q);
    if (q.languages?.length) qb.andWhere('c.language IN (:...languages)', { languages: q.languages });
    const ownerIds = owner.filter(q);
    if (ownerIds?.length) qb.andWhere(`c.${owner.column} IN (:...ownerIds)`, { ownerIds });
    const page = await paginate(qb, listParams(q), {
      // Case-insensitive, as every other Title/Name sort.
      sort: { Title: 'lower(c.title)' },
      search: search.map((column) => `c.${column}`),
    });
    return { data: page.data.map(toAnswer), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<R> {
    const { entity, label, toAnswer } = this.resource;
    return respond(await this.db.repo(ctx, entity, label).get(id), toAnswer);
  }

  async create(ctx: RequestContext, body: C): Promise<R> {
    const { entity, label, owner, activityType, toAnswer } = this.resource;
    const ownerId = body[owner.field];
    return this.db.transaction(ctx, async (tx) => {
      await tx.repo(owner.entity, owner.label).assertReferences(owner.field, ownerId);
      await this.languages.assertSupported(tx, body.language);
      const repo = tx.repo(entity, label);
      const key = { [owner.field]: ownerId, language: body.language } as FindOptionsWhere<E>;
      // A friendly 409 first; the unique index `uq_<table>__language` decides under concurrency.
      if (await repo.exists(key)) {
        throw conflict(`${owner.label} ${ownerId} already has a display content in ${body.language}.`, {
          language: ['is already in use'],
        });
      }
      const saved = await repo.insert({
        [owner.field]: ownerId,
        language: body.language,
        ...displayContentTexts(body),
      } as Partial<E>);
      await tx.activities.created(activityType, saved.id, withoutScopedFields(toAnswer(saved)));
      return respond(saved, toAnswer);
    });
  }

  async update(ctx: RequestContext, id: string, body: U): Promise<R> {
    const { entity, label, activityType, toAnswer } = this.resource;
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(entity, label);
      const row = await repo.getForWrite(id);
      const before = withoutScopedFields(toAnswer(row));
      Object.assign(row, displayContentTexts(body));
      const saved = await repo.save(row);
      await tx.activities.updated(activityType, id, before, withoutScopedFields(toAnswer(saved)));
      return respond(saved, toAnswer);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    const { entity, label, activityType, toAnswer } = this.resource;
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(entity, label);
      const row = await repo.getForWrite(id);
      await repo.remove(row);
      await tx.activities.deleted(activityType, id, withoutScopedFields(toAnswer(row)));
    });
  }
}
