import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { CatalogListQuery, CatalogResponse, CreateCatalogRequest, UpdateCatalogRequest } from './catalog.dto';
import { CatalogEntity } from './catalog.entity';

export const toCatalogResponse = (e: CatalogEntity): CatalogResponse => ({
  ...scopedFields(e),
  name: e.name,
  description: e.description,
  active: e.active,
});

const snapshot = (r: CatalogResponse) => withoutScopedFields(r);

const label = 'Catalog';

/**
 * Product catalogs. Deleting one removes the products' links to it (the products stay); an
 * entity that still points at it with a foreign key (an account's productCatalogId) makes it a 409.
 */
@Injectable()
export class CatalogsService {
  constructor(private readonly db: Db) {}

  /** For other contexts: `ids` name catalogs of the workspace, else a 400 naming `field`. */
  async assertReferences(
    tx: Tx,
    field: string,
    ids: string | null | undefined | Array<string | null | undefined>,
  ) {
    await tx.repo(CatalogEntity, 'Catalog').assertReferences(field, ids);
  }

  async list(ctx: RequestContext, q: CatalogListQuery): Promise<Page<CatalogResponse>> {
    const qb = this.db.repo(ctx, CatalogEntity, label).qb('c');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), { sort: { Name: 'lower(c.name)' }, search: ['c.name'] });
    return { data: page.data.map(toCatalogResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<CatalogResponse> {
    return respond(await this.db.repo(ctx, CatalogEntity, label).get(id), toCatalogResponse);
  }

  async create(ctx: RequestContext, body: CreateCatalogRequest): Promise<CatalogResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(CatalogEntity, label).insert(this.fields(body));
      await tx.activities.created('Catalog', saved.id, snapshot(toCatalogResponse(saved)));
      return respond(saved, toCatalogResponse);
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateCatalogRequest): Promise<CatalogResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CatalogEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toCatalogResponse(entity);
      Object.assign(entity, this.fields(body));
      const saved = await repo.save(entity);
      await tx.activities.updated('Catalog', id, snapshot(before), snapshot(toCatalogResponse(saved)));
      return respond(saved, toCatalogResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CatalogEntity, label);
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted('Catalog', id, snapshot(toCatalogResponse(entity)));
    });
  }

  private fields(body: CreateCatalogRequest | UpdateCatalogRequest): Partial<CatalogEntity> {
    return {
      name: body.name,
      description: body.description ?? null,
      active: body.active ?? true,
      externalReference: body.externalReference ?? null,
    };
  }
}
