import { Injectable } from '@nestjs/common';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { conflict } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { ProductEntity } from '../products/product.entity';
import {
  CreateManufacturerRequest,
  ManufacturerListQuery,
  ManufacturerResponse,
  UpdateManufacturerRequest,
} from './manufacturer.dto';
import { ManufacturerEntity } from './manufacturer.entity';

export const toManufacturerResponse = (e: ManufacturerEntity): ManufacturerResponse => ({
  ...scopedFields(e),
  name: e.name,
  description: e.description,
  website: e.website,
  email: e.email,
  phoneNumber: e.phoneNumber,
});

const snapshot = (r: ManufacturerResponse) => withoutScopedFields(r);

const label = 'Manufacturer';

/** Manufacturers. Deleting one that products still name is a 409 (and the foreign key refuses it). */
@Injectable()
export class ManufacturersService {
  constructor(private readonly db: Db) {}

  async list(ctx: RequestContext, q: ManufacturerListQuery): Promise<Page<ManufacturerResponse>> {
    const qb = this.db.repo(ctx, ManufacturerEntity, label).qb('m');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), { sort: { Name: 'lower(m.name)' }, search: ['m.name'] });
    return { data: page.data.map(toManufacturerResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ManufacturerResponse> {
    return respond(await this.db.repo(ctx, ManufacturerEntity, label).get(id), toManufacturerResponse);
  }

  async create(ctx: RequestContext, body: CreateManufacturerRequest): Promise<ManufacturerResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(ManufacturerEntity, label).insert(this.fields(body));
      await tx.activities.created('Manufacturer', saved.id, snapshot(toManufacturerResponse(saved)));
      return respond(saved, toManufacturerResponse);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateManufacturerRequest,
  ): Promise<ManufacturerResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ManufacturerEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toManufacturerResponse(entity);
      Object.assign(entity, this.fields(body));
      const saved = await repo.save(entity);
      await tx.activities.updated(
        'Manufacturer',
        id,
        snapshot(before),
        snapshot(toManufacturerResponse(saved)),
      );
      return respond(saved, toManufacturerResponse);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ManufacturerEntity, label);
      const entity = await repo.getForWrite(id);
      const products = await tx.repo(ProductEntity, 'Product').count({ manufacturerId: id });
      if (products > 0)
        throw conflict(
          `Manufacturer ${id} is still named by ${products} products; change their manufacturer first.`,
        );
      await repo.remove(entity);
      await tx.activities.deleted('Manufacturer', id, snapshot(toManufacturerResponse(entity)));
    });
  }

  private fields(body: CreateManufacturerRequest | UpdateManufacturerRequest): Partial<ManufacturerEntity> {
    return {
      name: body.name,
      description: body.description ?? null,
      website: body.website ?? null,
      email: body.email ?? null,
      phoneNumber: body.phoneNumber ?? null,
      externalReference: body.externalReference ?? null,
    };
  }
}
