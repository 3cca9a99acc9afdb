import { Injectable } from '@nestjs/common';
import { LocationsService } from '../../inventory/inventory.api';
import { Db, type Tx } from '../../platform/database/db';
import { assertIfMatch } from '../../platform/database/scoped-repository';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { respond } from '../../platform/http/resource';
import { SalesSettingsResponse, UpdateSalesSettingsRequest } from './sales-settings.dto';
import { SalesSettingsEntity } from './sales-settings.entity';
import { addSalesSettingsRow, takeOrderSequence } from './sales-settings.queries';

export const formatOrderNumber = (prefix: string, padding: number, n: number | string) =>
  `${prefix}${String(n).padStart(padding, '0')}`;

const defaults = { orderNumberPrefix: 'SO-', orderNumberPadding: 6, allowBackorders: false };

const toResponse = (e: SalesSettingsEntity): SalesSettingsResponse => ({
  orderNumberPrefix: e.orderNumberPrefix,
  orderNumberPadding: e.orderNumberPadding,
  lastOrderNumber: Number(e.lastOrderNumber),
  nextOrderNumber: formatOrderNumber(
    e.orderNumberPrefix,
    e.orderNumberPadding,
    String(BigInt(e.lastOrderNumber) + 1n),
  ),
  allowBackorders: e.allowBackorders,
  defaultStockLocationId: e.defaultStockLocationId,
});

/** The number a new order gets, with the settings it was formatted by. */
export interface TakenNumber {
  sequence: string;
  orderNumber: string;
}

/** Sales settings of the workspace (order numbers, backorders, default stock location) and the counter. */
@Injectable()
export class SalesSettingsService {
  constructor(
    private readonly db: Db,
    private readonly locations: LocationsService,
  ) {}

  async get(ctx: RequestContext): Promise<SalesSettingsResponse> {
    const found = await this.db
      .repo(ctx, SalesSettingsEntity, 'Sales settings')
      .findOne({ workspaceId: ctx.workspaceId });
    return found ? respond(found, toResponse) : toResponse(this.defaultRow(ctx));
  }

  async update(ctx: RequestContext, body: UpdateSalesSettingsRequest): Promise<SalesSettingsResponse> {
    return this.db.transaction(ctx, async (tx) => {
      if (body.defaultStockLocationId)
        await this.locations.assertLocation(
          tx,
          'defaultStockLocationId',
          body.defaultStockLocationId,
          'stock',
        );
      const row = await this.lock(tx);
      assertIfMatch(tx.ctx, row.version);
      const before = toResponse(row);
      row.orderNumberPrefix = body.orderNumberPrefix ?? defaults.orderNumberPrefix;
      row.orderNumberPadding = body.orderNumberPadding ?? defaults.orderNumberPadding;
      row.allowBackorders = body.allowBackorders ?? defaults.allowBackorders;
      row.defaultStockLocationId = body.defaultStockLocationId ?? null;
      const saved = await tx.repo(SalesSettingsEntity, 'Sales settings').save(row);
      const { lastOrderNumber: _a, nextOrderNumber: _b, ...was } = before;
      const { lastOrderNumber: _c, nextOrderNumber: _d, ...now } = toResponse(saved);
      await tx.activities.updated('SalesSettings', saved.id, was, now);
      return respond(saved, toResponse);
    });
  }

  /** The settings row locked for this transaction (created with the defaults on first use). */
  async lock(tx: Tx): Promise<SalesSettingsEntity> {
    await this.ensureRow(tx);
    const repo = tx.repo(SalesSettingsEntity, 'Sales settings');
    const [row] = await repo.qb('s').setLock('pessimistic_write').getMany();
    return row;
  }

  /** The settings as this transaction reads them (without a lock). */
  async read(tx: Tx): Promise<SalesSettingsEntity> {
    const found = await tx
      .repo(SalesSettingsEntity, 'Sales settings')
      .findOne({ workspaceId: tx.ctx.workspaceId });
    return found ?? this.defaultRow(tx.ctx);
  }

  /** The next number alone, in this transaction (for tests of the counter; orders take theirs in the statement that writes them, insertNumberedOrder). */
  async takeNumber(tx: Tx): Promise<TakenNumber> {
    let rows = await takeOrderSequence(tx);
    if (rows.length === 0) {
      await this.ensureRow(tx);
      rows = await takeOrderSequence(tx);
    }
    const { sequence, prefix, padding } = rows[0];
    return { sequence, orderNumber: formatOrderNumber(prefix, padding, sequence) };
  }

  /** Creates the workspace's settings row with the defaults when it has none (no lock on an existing row). */
  async ensureRow(tx: Tx): Promise<void> {
    await addSalesSettingsRow(tx);
  }

  private defaultRow(ctx: RequestContext): SalesSettingsEntity {
    return Object.assign(new SalesSettingsEntity(), {
      workspaceId: ctx.workspaceId,
      ...defaults,
      lastOrderNumber: '0',
      defaultStockLocationId: null,
      version: 0,
    });
  }
}
