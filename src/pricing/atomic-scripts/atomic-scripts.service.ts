import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import { listParams, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { badRequest } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type {
  AtomicScriptListQuery,
  AtomicScriptResponse,
  CreateAtomicScriptRequest,
  UpdateAtomicScriptRequest,
} from './atomic-script.dto';
import { AtomicScriptEntity } from './atomic-script.entity';
import { ScriptSandbox } from './script-sandbox';

const label = 'AtomicScript';

export const toAtomicScriptResponse = (e: AtomicScriptEntity): AtomicScriptResponse => ({
  ...scopedFields(e),
  name: e.name,
  description: e.description,
  trigger: e.trigger,
  code: e.code,
  active: e.active,
  displayOrder: e.displayOrder,
});

const snapshot = (r: AtomicScriptResponse) => withoutScopedFields(r);

/**
 * Atomic scripts: CRUD (Admin: scripts are settings that change every price). The code is compiled
 * in the sandbox before it is stored: a syntax error is a 400 with the parser's message. Every
 * change notifies the instances through the table's trigger (see PriceScripts).
 */
@Injectable()
export class AtomicScriptsService {
  constructor(
    private readonly db: Db,
    private readonly sandbox: ScriptSandbox,
  ) {}

  async list(ctx: RequestContext, q: AtomicScriptListQuery): Promise<Page<AtomicScriptResponse>> {
    const qb = this.db.repo(ctx, AtomicScriptEntity, label).qb('s');
    filterByIds(qb, q);
    if (q.triggers?.length) qb.andWhere('s.trigger IN (:...triggers)', { triggers: q.triggers });
    if (q.active !== undefined) qb.andWhere('s.active = :active', { active: q.active });
    const page = await paginate(qb, listParams(q), {
      sort: { DisplayOrder: 's.display_order', Name: 'lower(s.name)' },
      search: ['s.name'],
    });
    return { data: page.data.map(toAtomicScriptResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<AtomicScriptResponse> {
    return respond(await this.db.repo(ctx, AtomicScriptEntity, label).get(id), toAtomicScriptResponse);
  }

  async create(ctx: RequestContext, body: CreateAtomicScriptRequest): Promise<AtomicScriptResponse> {
    await this.assertCompiles(ctx, body.code);
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(AtomicScriptEntity, label).insert(this.fields(body));
      await tx.activities.created(label, saved.id, snapshot(toAtomicScriptResponse(saved)));
      return respond(saved, toAtomicScriptResponse);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateAtomicScriptRequest,
  ): Promise<AtomicScriptResponse> {
    await this.assertCompiles(ctx, body.code);
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(AtomicScriptEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toAtomicScriptResponse(entity);
      Object.assign(entity, this.fields(body));
      const saved = await repo.save(entity);
      await tx.activities.updated(label, id, snapshot(before), snapshot(toAtomicScriptResponse(saved)));
      return respond(saved, toAtomicScriptResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(AtomicScriptEntity, label);
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted(label, id, snapshot(toAtomicScriptResponse(entity)));
    });
  }

  /** Compiled in the sandbox's pool, with its deadline: another workspace's scripts cannot fail a save. */
  private async assertCompiles(ctx: RequestContext, code: string): Promise<void> {
    const error = await this.sandbox.check(ctx.workspaceId, code);
    if (error) throw badRequest({ code: [error] }, 'The script does not compile.');
  }

  private fields(body: CreateAtomicScriptRequest | UpdateAtomicScriptRequest): Partial<AtomicScriptEntity> {
    return {
      name: body.name,
      description: body.description ?? null,
      trigger: body.trigger,
      code: body.code,
      active: body.active ?? true,
      displayOrder: body.displayOrder ?? 0,
      externalReference: body.externalReference ?? null,
    };
  }
}
