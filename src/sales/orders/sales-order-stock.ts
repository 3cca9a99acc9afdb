import { Injectable } from '@nestjs/common';
import { type StockMovement, StocksService } from '../../inventory/inventory.api';
import type { Tx } from '../../platform/database/db';
import { SalesSettingsService } from '../settings/sales-settings.service';
import { addDecimals } from './decimal-sum';
import type { SalesOrderEntity } from './sales-order.entity';

/** The stock effect of an order's status: its lines taken from stock, or put back. */
@Injectable()
export class SalesOrderStock {
  constructor(
    private readonly settings: SalesSettingsService,
    private readonly stocks: StocksService,
  ) {}

  /**
   * Takes the order's lines from stock (or puts them back) at its location: the pickup location
   * of a Pickup order, else the workspace's default stock location; none configured, no stock is
   * kept and nothing moves. Returns the location used.
   */
  async move(
    tx: Tx,
    entity: SalesOrderEntity,
    lines: Array<{ productId: string; quantity: string }>,
    effect: 'take' | 'putBack',
  ): Promise<string | null> {
    const settings = await this.settings.read(tx);
    const location =
      effect === 'putBack'
        ? entity.stockLocationId
        : entity.deliveryMethod === 'Pickup' && entity.pickupLocationId
          ? entity.pickupLocationId
          : settings.defaultStockLocationId;
    if (!location || lines.length === 0) return location;
    // One movement per product: a product on several lines moves once, by their sum.
    const movements = new Map<string, StockMovement>();
    lines.forEach((l, i) => {
      const m = movements.get(l.productId);
      if (m) {
        m.lines.push(i);
        m.quantity = addDecimals(m.quantity, l.quantity);
      } else movements.set(l.productId, { productId: l.productId, quantity: l.quantity, lines: [i] });
    });
    await this.stocks.moveForOrder(
      tx,
      location,
      [...movements.values()],
      effect === 'take' ? -1 : 1,
      settings.allowBackorders,
    );
    return location;
  }
}
