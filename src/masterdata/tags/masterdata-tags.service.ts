import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import { EntityTypes } from '../../platform/database/entity-types';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate } from '../../platform/http/paginate';
import { badRequest } from '../../platform/http/problem';
import { tagUsage, type TagUsageRow } from './masterdata-tags.queries';
import { MasterdataTag, MasterdataTagListQuery } from './tag.dto';

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * Every tag in use across the entity types that declare a tags column (EntityTypes), with
 * counts per tag and per type: one statement, a UNION ALL of one unnest per table, each branch
 * confined to the caller's workspace (`workspace_id = :ws`), searched (by prefix), sorted and
 * paged by `paginate` like every other list.
 */
@Injectable()
export class MasterdataTagsService {
  constructor(
    private readonly db: Db,
    private readonly entityTypes: EntityTypes,
  ) {}

  async list(ctx: RequestContext, q: MasterdataTagListQuery): Promise<Page<MasterdataTag>> {
    const tagged = this.entityTypes
      .all()
      .filter((t) => t.tags && identifier.test(t.tags.table) && identifier.test(t.tags.column));
    if (q.entity_types?.length) {
      const unknown = q.entity_types.filter((t) => !tagged.some((r) => r.type === t));
      if (unknown.length) {
        throw badRequest({
          entity_types: [
            `${unknown.join(', ')}: no such entity type with tags (known: ${tagged.map((t) => t.type).join(', ')})`,
          ],
        });
      }
    }
    const chosen = tagged.filter((t) => !q.entity_types?.length || q.entity_types.includes(t.type));
    if (chosen.length === 0) return { data: [], total: 0 };
    const qb = tagUsage(
      this.db.unscoped,
      ctx.workspaceId,
      chosen.map((t) => ({ type: t.type, table: t.tags!.table, column: t.tags!.column })),
    );
    const page = await paginate<TagUsageRow, 'Tag' | 'Count'>(qb, listParams(q), {
      sort: { Tag: 'lower(g.tag)', Count: 'sum(g.n)' },
      search: ['g.tag'],
      match: 'prefix',
      // lower() first: the same order under the C collation (embedded) and a locale (server)
      tieBreak: ['lower(g.tag)', 'g.tag'],
    });
    return {
      data: page.data.map((r) => ({ tag: r.tag, count: Number(r.count), byType: r.by_type })),
      total: page.total,
    };
  }
}
