import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import { addressOf } from '../../platform/address';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { badRequest, conflict } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { checkImage, UploadedImage } from '../../platform/storage/image-upload';
import { type FileReference, Uploads } from '../../platform/storage/uploads';
import { StockEntity } from '../stocks/stock.entity';
import {
  CreateLocationRequest,
  LocationListQuery,
  LocationResponse,
  UpdateLocationRequest,
} from './location.dto';
import { LocationEntity } from './location.entity';

export const toLocationResponse = (e: LocationEntity): LocationResponse => ({
  ...scopedFields(e),
  name: e.name,
  displayOrder: e.displayOrder,
  isWarehouse: e.isWarehouse,
  isPickupLocation: e.isPickupLocation,
  isStockLocation: e.isStockLocation,
  email: e.email,
  description: e.description,
  phoneNumber: e.phoneNumber,
  image: e.image,
  address: e.address,
  openingHours: e.openingHours ?? [],
});

const snapshot = (r: LocationResponse) => withoutScopedFields(r);
const label = 'Location';

/** Columns of locations that name uploaded files (registered by InventoryModule). */
export const locationFileReferences: readonly FileReference[] = [{ table: 'locations', column: 'image' }];

/** Locations: warehouses, shops and pickup points. */
@Injectable()
export class LocationsService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
  ) {}

  async list(ctx: RequestContext, q: LocationListQuery): Promise<Page<LocationResponse>> {
    const qb = this.db.repo(ctx, LocationEntity, label).qb('l');
    filterByIds(qb, q);
    if (q.is_warehouse !== undefined) qb.andWhere('l.is_warehouse = :w', { w: q.is_warehouse });
    if (q.is_pickup_location !== undefined)
      qb.andWhere('l.is_pickup_location = :p', { p: q.is_pickup_location });
    if (q.is_stock_location !== undefined)
      qb.andWhere('l.is_stock_location = :s', { s: q.is_stock_location });
    const page = await paginate(qb, listParams(q), {
      sort: { Name: 'lower(l.name)', DisplayOrder: 'l.display_order' },
      search: ['l.name'],
    });
    return { data: page.data.map(toLocationResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<LocationResponse> {
    return respond(await this.db.repo(ctx, LocationEntity, label).get(id), toLocationResponse);
  }

  /**
   * For other contexts: the location `id` in this transaction, checked to exist (else a 400 naming
   * `field`) and, with `as`, to be a pickup or stock location.
   */
  async assertLocation(tx: Tx, field: string, id: string, as?: 'pickup' | 'stock'): Promise<void> {
    const found = await tx.repo(LocationEntity, label).findOne({ id });
    if (!found) throw badRequest({ [field]: [`Location ${id} does not exist in this workspace.`] });
    if (as === 'pickup' && !found.isPickupLocation)
      throw badRequest({ [field]: [`Location ${id} is not a pickup location.`] });
    if (as === 'stock' && !found.isStockLocation)
      throw badRequest({ [field]: [`Location ${id} is not a stock location.`] });
  }

  async create(ctx: RequestContext, body: CreateLocationRequest): Promise<LocationResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(LocationEntity, label).insert(this.fields(body));
      await tx.activities.created('Location', saved.id, snapshot(toLocationResponse(saved)));
      return respond(saved, toLocationResponse);
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateLocationRequest): Promise<LocationResponse> {
    const { answer, replaced } = await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(LocationEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toLocationResponse(entity);
      Object.assign(entity, this.fields(body));
      const saved = await repo.save(entity);
      await tx.activities.updated('Location', id, snapshot(before), snapshot(toLocationResponse(saved)));
      return { answer: respond(saved, toLocationResponse), replaced: before.image };
    });
    if (replaced !== answer.image) await this.uploads.release(ctx.workspaceId, [replaced]);
    return answer;
  }

  /** Stores the image (checked by content) and sets it as the location's `image`. */
  async setImage(
    ctx: RequestContext,
    id: string,
    file: UploadedImage | undefined,
  ): Promise<LocationResponse> {
    await this.db.repo(ctx, LocationEntity, label).get(id);
    const { key, contentType } = await checkImage(file, 'image', ctx.workspaceId, 'locations');
    const [stored] = await this.uploads.store(ctx.workspaceId, [{ key, file: file!, contentType }]);
    try {
      const { answer, replaced } = await this.db.transaction(ctx, async (tx) => {
        const repo = tx.repo(LocationEntity, label);
        const entity = await repo.getForWrite(id);
        const before = toLocationResponse(entity);
        entity.image = stored;
        const saved = await repo.save(entity);
        await tx.activities.updated('Location', id, snapshot(before), snapshot(toLocationResponse(saved)));
        return { answer: respond(saved, toLocationResponse), replaced: before.image };
      });
      await this.uploads.release(ctx.workspaceId, [replaced]);
      return answer;
    } catch (e) {
      await this.uploads.release(ctx.workspaceId, [stored]);
      throw e;
    }
  }

  /**
   * Deletes a location. 409 while it holds stock (a stock row with a quantity other than 0); its
   * empty stock rows go with it. Orders picked up or fulfilled there keep it (their foreign key
   * answers 409 too).
   */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    const image = await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(LocationEntity, label);
      const entity = await repo.getForWrite(id);
      const stocks = tx.repo(StockEntity, 'Stock');
      const held = await stocks
        .qb('s')
        .andWhere('s.location_id = :id', { id })
        .andWhere('s.quantity <> 0')
        .getCount();
      if (held > 0)
        throw conflict(`Location ${id} still holds stock of ${held} products; move or clear it first.`);
      const empty = await stocks.find({ where: { locationId: id } });
      for (const stock of empty) {
        await stocks.remove(stock);
        await tx.activities.deleted('Stock', stock.id, {
          productId: stock.productId,
          locationId: id,
          quantity: 0,
        });
      }
      const last = toLocationResponse(entity);
      await repo.remove(entity);
      await tx.activities.deleted('Location', id, snapshot(last));
      return last.image;
    });
    await this.uploads.release(ctx.workspaceId, [image]);
  }

  private fields(body: CreateLocationRequest | UpdateLocationRequest): Partial<LocationEntity> {
    return {
      name: body.name,
      displayOrder: body.displayOrder ?? 0,
      isWarehouse: body.isWarehouse ?? false,
      isPickupLocation: body.isPickupLocation ?? false,
      isStockLocation: body.isStockLocation ?? true,
      email: body.email ?? null,
      description: body.description ?? null,
      phoneNumber: body.phoneNumber ?? null,
      image: body.image ?? null,
      address: addressOf(body.address),
      openingHours: (body.openingHours ?? []).map((h) => ({
        dayOfWeek: h.dayOfWeek,
        opens: h.opens,
        closes: h.closes,
      })),
      externalReference: body.externalReference ?? null,
    };
  }
}
