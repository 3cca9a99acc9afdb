import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { conflict, invalidField, notFound } from '../../platform/http/problem';
import { availableLanguages, Language } from './language-catalogue';
import { lockDefaultLanguage, workspaceLanguages } from './languages.queries';
import { SupportedLanguageEntity } from './supported-language.entity';
import { WorkspaceLanguagesCache } from './workspace-languages-cache';

/** What the storefront picks a request's language from: the supported codes and the default. */
export interface WorkspaceLanguages {
  defaultLanguage: string;
  supported: readonly string[];
}

const byCode = new Map(availableLanguages.map((l) => [l.languageCode, l]));

/** The languages a workspace supports; content in other languages is refused. */
@Injectable()
export class LanguagesService {
  constructor(
    private readonly db: Db,
    private readonly cache: WorkspaceLanguagesCache,
  ) {}

  /** The workspace's supported languages and default, from the WorkspaceLanguagesCache (exact: notified). */
  async languagesOf(ctx: RequestContext): Promise<WorkspaceLanguages> {
    const row = await this.cache.through(ctx.workspaceId, ctx.workspaceId, () =>
      workspaceLanguages(this.db.sql(ctx)),
    );
    return row ?? { defaultLanguage: 'en', supported: [] };
  }

  /** For a new workspace (inside its creating transaction): its first supported language. */
  async addFirst(tx: Tx, languageCode: string): Promise<void> {
    await tx.manager.insert(SupportedLanguageEntity, { workspaceId: tx.workspaceId, languageCode });
  }

  available(): Page<Language> {
    return { data: availableLanguages, total: availableLanguages.length };
  }

  async supported(ctx: RequestContext): Promise<Page<Language>> {
    const rows = await this.db.unscoped.find(SupportedLanguageEntity, {
      where: { workspaceId: ctx.workspaceId },
      order: { languageCode: 'ASC' },
    });
    const data = rows.map((r) => byCode.get(r.languageCode)!).filter(Boolean);
    return { data, total: data.length };
  }

  async add(ctx: RequestContext, languageCode: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const inserted = await tx.manager
        .createQueryBuilder()
        .insert()
        .into(SupportedLanguageEntity)
        .values({ workspaceId: ctx.workspaceId, languageCode })
        .orIgnore()
        .execute();
      if ((inserted.raw as unknown[]).length === 0)
        throw conflict(`${languageCode} is already supported.`, { languageCode: ['is already supported'] });
      await tx.activities.event('Workspace', ctx.workspaceId, 'WorkspaceLanguageAdded', {
        newValue: languageCode,
      });
    });
  }

  async remove(ctx: RequestContext, languageCode: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      if ((await lockDefaultLanguage(tx)) === languageCode)
        throw conflict(`${languageCode} is the workspace's default language; choose another default first.`, {
          languageCode: ['is the default language'],
        });
      const removed = await tx.manager.delete(SupportedLanguageEntity, {
        workspaceId: ctx.workspaceId,
        languageCode,
      });
      if (!removed.affected) throw notFound('Supported language', languageCode);
      await tx.activities.event('Workspace', ctx.workspaceId, 'WorkspaceLanguageRemoved', {
        oldValue: languageCode,
      });
    });
  }

  /** For other contexts: a 400 naming `field` unless the workspace supports `languageCode`. */
  async assertSupported(on: RequestContext | Tx, languageCode: string, field = 'language'): Promise<void> {
    const reads = on instanceof Tx ? on.manager : this.db.unscoped;
    const ok = await reads.exists(SupportedLanguageEntity, {
      where: { workspaceId: on.workspaceId, languageCode },
    });
    if (!ok) throw invalidField(field, `${languageCode} is not a supported language of this workspace`);
  }
}
