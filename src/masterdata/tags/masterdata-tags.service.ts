import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import { EntityTypes } from '../../platform/database/entity-types';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { badRequest } from '../../platform/http/problem';
import { MasterdataTag, MasterdataTagListQuery } from './tag.dto';

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * Every tag in use across the entity types that declare a tags column (EntityTypes), with
 * counts per tag and per type: one statement, a UNION ALL of one unnest per table, each branch
 * confined to the caller's workspace (`workspace_id = $1`).
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
    const p = listParams(q);
    const params: unknown[] = [ctx.workspaceId];
    const branches = chosen.map((t) => {
      params.push(t.type);
      return `SELECT unnest(e.${t.tags!.column}) AS tag, $${params.length}::text AS type FROM ${t.tags!.table} e WHERE e.workspace_id = $1`;
    });
    let prefix = '';
    if (p.query) {
      params.push(`${p.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      prefix = `WHERE u.tag ILIKE $${params.length}`;
    }
    const direction = p.sortOrder === 'Desc' ? 'DESC' : 'ASC';
    // lower() first: the same order under the C collation (embedded) and a locale (server)
    const byTag = `lower(tag) ${direction}, tag ${direction}`;
    const order = p.sortBy === 'Count' ? `sum(n) ${direction}, ${byTag}` : byTag;
    params.push(p.take, p.skip);
    const rows: Array<{ tag: string; count: string; by_type: Record<string, number>; total: string }> =
      await this.db.unscoped.query(
        `SELECT tag, sum(n) AS count, jsonb_object_agg(type, n) AS by_type, count(*) OVER () AS total
         FROM (SELECT u.tag, u.type, count(*)::int AS n FROM (${branches.join(' UNION ALL ')}) u ${prefix} GROUP BY u.tag, u.type) g
        GROUP BY tag ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (rows.length === 0 && (p.skip > 0 || p.take === 0)) {
      const counted: Array<{ n: string }> = await this.db.unscoped.query(
        `SELECT count(DISTINCT u.tag) AS n FROM (${branches.join(' UNION ALL ')}) u ${prefix}`,
        params.slice(0, params.length - 2),
      );
      total = Number(counted[0].n);
    }
    return { data: rows.map((r) => ({ tag: r.tag, count: Number(r.count), byType: r.by_type })), total };
  }
}
