import { Injectable } from '@nestjs/common';
import { ProductReferencesService } from '../../catalog/catalog.api';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { badRequest, conflict, type FieldErrors } from '../../platform/http/problem';
import { respond, scopedFields } from '../../platform/http/resource';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { LocationEntity } from '../locations/location.entity';
import {
  CreateStockRequest,
  StockAdjustmentRequest,
  StockListQuery,
  StockResponse,
  UpdateStockRequest,
} from './stock.dto';
import { StockEntity } from './stock.entity';
import {
  addMissingStocks,
  adjustStockQuantity,
  lockStocks,
  moveStocks,
  setStockQuantity,
} from './stocks.queries';

const label = 'Stock';

interface Names {
  products: Map<string, { sku: string | null; name: string }>;
  locations: Map<string, string>;
}

const toStockResponse = (e: StockEntity, names: Names): StockResponse => ({
  ...scopedFields(e),
  quantity: Number(e.quantity),
  product: {
    id: e.productId,
    sku: names.products.get(e.productId)?.sku ?? null,
    name: names.products.get(e.productId)?.name ?? '',
  },
  location: { id: e.locationId, name: names.locations.get(e.locationId) ?? '' },
});

/** One product's quantity an order takes from (or puts back to) a location; `index` names its line. */
export interface StockMovement {
  productId: string;
  /** Exact decimal string, > 0. */
  quantity: string;
  /** The order lines this movement stands for (for the 409's field names). */
  lines: number[];
}

/**
 * Stocks: a quantity per product and location. Every quantity change is one SQL statement
 * (`SET quantity = quantity + $change`, `RETURNING` the result), so concurrent changes never lose
 * one another; below zero is refused in the same statement's WHERE.
 */
@Injectable()
export class StocksService {
  constructor(
    private readonly db: Db,
    private readonly products: ProductReferencesService,
  ) {}

  async list(ctx: RequestContext, q: StockListQuery): Promise<Page<StockResponse>> {
    const qb = this.db.repo(ctx, StockEntity, label).qb('s');
    filterByIds(qb, q);
    if (q.product_ids?.length) qb.andWhere('s.product_id IN (:...products)', { products: q.product_ids });
    if (q.location_ids?.length)
      qb.andWhere('s.location_id IN (:...locations)', { locations: q.location_ids });
    const page = await paginate(qb, listParams(q), {
      sort: { CreatedAt: 's.created_at', Quantity: 's.quantity' },
    });
    const names = await this.names(ctx, page.data);
    return { data: page.data.map((s) => toStockResponse(s, names)), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<StockResponse> {
    const stock = await this.db.repo(ctx, StockEntity, label).get(id);
    const names = await this.names(ctx, [stock]);
    return respond(stock, (s) => toStockResponse(s, names));
  }

  /**
   * The answer is built inside the transaction: an Idempotency-Key stores what the transaction
   * returns, and a retry after a crash between COMMIT and the answer replays exactly that.
   */
  async create(ctx: RequestContext, body: CreateStockRequest): Promise<StockResponse> {
    return this.db.transaction(ctx, async (tx) => {
      await collectFieldErrors([
        async () => {
          const [found] = await this.products.summaries(tx, { ids: [body.productId] });
          if (!found)
            throw badRequest({ productId: [`Product ${body.productId} does not exist in this workspace.`] });
        },
        async () => {
          const location = await tx.repo(LocationEntity, 'Location').findOne({ id: body.locationId });
          if (!location)
            throw badRequest({
              locationId: [`Location ${body.locationId} does not exist in this workspace.`],
            });
          if (!location.isStockLocation)
            throw badRequest({ locationId: [`Location ${body.locationId} is not a stock location.`] });
        },
      ]);
      const repo = tx.repo(StockEntity, label);
      if (await repo.exists({ productId: body.productId, locationId: body.locationId }))
        throw conflict(
          'This product already has a stock row at this location; update its quantity instead.',
          {
            productId: ['already has stock at this location'],
          },
        );
      const stock = await repo.insert({
        productId: body.productId,
        locationId: body.locationId,
        quantity: String(body.quantity),
        externalReference: body.externalReference ?? null,
      });
      await tx.activities.created('Stock', stock.id, {
        productId: stock.productId,
        locationId: stock.locationId,
        quantity: body.quantity,
        externalReference: stock.externalReference,
      });
      const names = await this.names(tx, [stock]);
      return respond(stock, (s) => toStockResponse(s, names));
    });
  }

  /** Sets the quantity in one statement (the row lock of the UPDATE orders concurrent writers). */
  async update(ctx: RequestContext, id: string, body: UpdateStockRequest): Promise<StockResponse> {
    await this.db.transaction(ctx, async (tx) => {
      const stock = await tx.repo(StockEntity, label).getForWrite(id);
      const [row] = await setStockQuantity(tx, id, String(body.quantity));
      await tx.activities.updated(
        'Stock',
        id,
        { quantity: Number(stock.quantity) },
        { quantity: Number(row.quantity) },
      );
    });
    return this.get(ctx, id);
  }

  /** Adds `change` to the quantity atomically; 409 when the result would be below zero. */
  async adjust(ctx: RequestContext, id: string, body: StockAdjustmentRequest): Promise<StockResponse> {
    await this.db.transaction(ctx, async (tx) => {
      const rows = await adjustStockQuantity(tx, id, String(body.change));
      if (rows.length === 0) {
        await tx.repo(StockEntity, label).get(id); // 404 when missing
        throw conflict('The change would take the quantity below zero.', {
          change: ['exceeds the quantity on hand'],
        });
      }
      const [row] = rows;
      await tx.activities.updated(
        'Stock',
        id,
        { quantity: Number(row.before) },
        { quantity: Number(row.quantity) },
      );
    });
    return this.get(ctx, id);
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(StockEntity, label);
      const stock = await repo.getForWrite(id);
      await repo.remove(stock);
      await tx.activities.deleted('Stock', id, {
        productId: stock.productId,
        locationId: stock.locationId,
        quantity: Number(stock.quantity),
        externalReference: stock.externalReference,
      });
    });
  }

  /**
   * For the sales context: takes (`sign` -1) or puts back (+1) an order's quantities at `locationId`
   * inside the order's transaction. Rows are locked in product-id order (so two orders never wait on
   * each other crosswise), then changed in one guarded UPDATE. Taking more than is on hand is a 409
   * naming the order lines (`lines[i].quantity`) unless `allowBackorders`; a product without a stock
   * row there gets one (at 0) when backorders are allowed or stock is put back.
   */
  async moveForOrder(
    tx: Tx,
    locationId: string,
    movements: StockMovement[],
    sign: 1 | -1,
    allowBackorders: boolean,
  ): Promise<void> {
    if (movements.length === 0) return;
    const sorted = [...movements].sort((a, b) =>
      a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
    );
    const productIds = sorted.map((m) => m.productId);
    if (sign > 0 || allowBackorders) await addMissingStocks(tx, locationId, productIds);
    await lockStocks(tx, locationId, productIds);
    const changed = await moveStocks(
      tx,
      locationId,
      productIds,
      sorted.map((m) => (sign > 0 ? m.quantity : `-${m.quantity}`)),
      allowBackorders || sign > 0,
    );
    const done = new Set(changed.map((r) => r.product_id));
    const short = sorted.filter((m) => !done.has(m.productId));
    if (short.length > 0) {
      const errors: FieldErrors = {};
      for (const m of short)
        for (const i of m.lines)
          errors[`lines[${i}].quantity`] = ['exceeds the stock on hand at the location'];
      throw conflict(
        'Not enough stock at the location for these lines (the workspace does not allow backorders).',
        errors,
      );
    }
    for (const r of changed)
      await tx.activities.updated(
        'Stock',
        r.id,
        { quantity: Number(r.before) },
        { quantity: Number(r.quantity) },
      );
  }

  /** Product and location names, read in `on`'s transaction when it is one. */
  private async names(on: RequestContext | Tx, stocks: StockEntity[]): Promise<Names> {
    const products = await this.products.summaries(on, { ids: stocks.map((s) => s.productId) });
    const locationIds = [...new Set(stocks.map((s) => s.locationId))];
    const repo =
      'repo' in on ? on.repo(LocationEntity, 'Location') : this.db.repo(on, LocationEntity, 'Location');
    const locations = locationIds.length
      ? await repo
          .qb('l')
          .select(['l.id', 'l.name'])
          .andWhere('l.id IN (:...ids)', { ids: locationIds })
          .getMany()
      : [];
    return {
      products: new Map(products.map((p) => [p.id, { sku: p.sku, name: p.name }])),
      locations: new Map(locations.map((l) => [l.id, l.name])),
    };
  }
}
